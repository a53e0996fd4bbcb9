# SPDX-License-Identifier: Apache-2.0
"""A pyarrow Flight server of the Arrow integration gold files, the peer of PyarrowFlightTest.

Usage: python pyarrow_flight_server.py GOLD_DIR
Serves every GOLD_DIR/<writer>/<case>.arrow_file as the flight of path [<writer>, <case>] and ticket
"<writer>/<case>". DoGet streams the file's batches as pyarrow reads them; DoPut checks that what it
received equals pyarrow's reading of the file of the descriptor's name and acknowledges with the name;
DoExchange echoes batches and metadata. Prints the port, then serves until killed.
"""
import pathlib
import sys

import pyarrow as pa
import pyarrow.flight as flight
import pyarrow.ipc as ipc

SUFFIX = ".arrow_file"


def read_batches(path):
    reader = ipc.open_file(path)
    return reader.schema, [reader.get_batch(i) for i in range(reader.num_record_batches)]


class GoldServer(flight.FlightServerBase):
    def __init__(self, root):
        super().__init__("grpc://127.0.0.1:0")
        self.files = {}
        for path in sorted(pathlib.Path(root).glob("*/*" + SUFFIX)):
            name = path.parent.name + "/" + path.name[: -len(SUFFIX)]
            self.files[name] = path

    def _path(self, name):
        if name not in self.files:
            raise flight.FlightServerError("no gold case " + name)
        return self.files[name]

    def _info(self, name):
        schema, batches = read_batches(self._path(name))
        descriptor = flight.FlightDescriptor.for_path(*name.split("/"))
        endpoint = flight.FlightEndpoint(name.encode(), [])
        rows = sum(b.num_rows for b in batches)
        return flight.FlightInfo(schema, descriptor, [endpoint], rows, -1)

    def list_flights(self, context, criteria):
        for name in self.files:
            if name.startswith(criteria.decode()):
                yield self._info(name)

    def get_flight_info(self, context, descriptor):
        return self._info("/".join(p.decode() for p in descriptor.path))

    def do_get(self, context, ticket):
        schema, batches = read_batches(self._path(ticket.ticket.decode()))
        return flight.RecordBatchStream(pa.RecordBatchReader.from_batches(schema, batches))

    def do_put(self, context, descriptor, reader, writer):
        name = "/".join(p.decode() for p in descriptor.path)
        schema, batches = read_batches(self._path(name))
        received = reader.read_all()
        expected = pa.Table.from_batches(batches, schema)
        if not received.schema.equals(expected.schema, check_metadata=True):
            raise flight.FlightServerError(name + ": schema differs: " + str(received.schema))
        if not received.equals(expected):
            raise flight.FlightServerError(name + ": data differs")
        writer.write(pa.py_buffer(("equal " + name).encode()))

    def do_exchange(self, context, descriptor, reader, writer):
        writer.begin(reader.schema)
        for chunk in reader:
            if chunk.data is None:
                writer.write_metadata(chunk.app_metadata)
            elif chunk.app_metadata is None:
                writer.write_batch(chunk.data)
            else:
                writer.write_with_metadata(chunk.data, chunk.app_metadata)

    def list_actions(self, context):
        return [("echo", "returns the action's body"), ("count", "the number of flights served")]

    def do_action(self, context, action):
        if action.type == "echo":
            yield flight.Result(action.body)
        elif action.type == "count":
            yield flight.Result(str(len(self.files)).encode())
        else:
            raise NotImplementedError("unknown action " + action.type)


if __name__ == "__main__":
    server = GoldServer(sys.argv[1])
    print(server.port, flush=True)
    server.serve()
