# SPDX-License-Identifier: Apache-2.0
"""pyarrow's part of the Flight DoGet benchmark (docs/benchmarks.md, "Flight DoGet over loopback").

Usage: python pyarrow_flight_bench.py FILE [RUNS] [WARMUP]
FILE is bench-v1 as an IPC file (FlightBench writes it with file=PATH). Its batches are read into memory,
served by a pyarrow Flight server in this process on 127.0.0.1, and fetched with a pyarrow client
(read_all: every batch received and decoded) after WARMUP warm-up calls (default 5), RUNS times (default
5). Prints the minimum and median seconds of one DoGet, the GB/s of the median, and the median CPU seconds
of the process per DoGet (every thread: server and client), the bytes being those of the batches as an IPC
stream written by pyarrow (uncompressed), the data a DoGet carries.
"""
import sys
import time

import pyarrow as pa
import pyarrow.flight as flight
import pyarrow.ipc as ipc


class Serve(flight.FlightServerBase):
    def __init__(self, schema, batches):
        super().__init__("grpc://127.0.0.1:0")
        self.schema = schema
        self.batches = batches

    def do_get(self, context, ticket):
        return flight.RecordBatchStream(pa.RecordBatchReader.from_batches(self.schema, self.batches))


def main():
    path = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    warmup = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    with pa.OSFile(path) as f:
        reader = ipc.open_file(f)
        schema = reader.schema
        batches = [reader.get_batch(i) for i in range(reader.num_record_batches)]
    rows = sum(b.num_rows for b in batches)
    sink = pa.MockOutputStream()
    with ipc.new_stream(sink, schema) as writer:
        for b in batches:
            writer.write_batch(b)
    nbytes = sink.size()
    print("bench-v1 rows=%d ipc_stream_bytes=%d" % (rows, nbytes))
    server = Serve(schema, batches)
    client = flight.connect("grpc://127.0.0.1:%d" % server.port)
    ticket = flight.Ticket(b"bench-v1")

    def call():
        table = client.do_get(ticket).read_all()
        if table.num_rows != rows:
            raise SystemExit("received %d rows of %d" % (table.num_rows, rows))

    for _ in range(warmup):
        call()
    seconds = []
    cpu = []
    for _ in range(runs):
        start = time.perf_counter()
        start_cpu = time.process_time()
        call()
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    seconds.sort()
    cpu.sort()
    median = seconds[runs // 2]
    print("%-10s min=%.3fs median=%.3fs GB/s(median)=%.2f cpu(median)=%.3fs runs=%d"
          % ("pyarrow", seconds[0], median, nbytes / median / 1e9, cpu[runs // 2], runs))
    client.close()
    server.shutdown()


if __name__ == "__main__":
    main()
