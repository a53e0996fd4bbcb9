# SPDX-License-Identifier: Apache-2.0
"""pyarrow's Flight client against Quiver's server, the peer of PyarrowFlightTest.

Usage:
  python pyarrow_flight_client.py gold LOCATION GOLD_DIR
  python pyarrow_flight_client.py auth LOCATION USER PASSWORD
  python pyarrow_flight_client.py tls LOCATION CERT_PEM OTHER_CERT_PEM
Prints one line per check: "OK <check>" or "FAIL <check>: <why>"; the test asserts on them.
"""
import pathlib
import sys
import traceback

import pyarrow as pa
import pyarrow.flight as flight
import pyarrow.ipc as ipc

SUFFIX = ".arrow_file"


def check(name, fn):
    try:
        fn()
        print("OK " + name, flush=True)
    except Exception as e:  # every failure is reported by name, the others still run
        why = (type(e).__name__ + ": " + str(e)).replace("\n", " ")
        print("FAIL " + name + ": " + why, flush=True)
        traceback.print_exc()


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def refused(fn, error, what):
    try:
        fn()
    except error:
        return
    raise AssertionError(what + " was not refused with " + error.__name__)


def gold_cases(root):
    for path in sorted(pathlib.Path(root).glob("*/*" + SUFFIX)):
        yield path.parent.name + "/" + path.name[: -len(SUFFIX)], path


def read_file(path):
    reader = ipc.open_file(path)
    return reader.schema, [reader.get_batch(i) for i in range(reader.num_record_batches)]


def assert_same(table, schema, batches):
    expected = pa.Table.from_batches(batches, schema)
    expect(table.schema.equals(schema, check_metadata=True), "schema differs: " + str(table.schema))
    expect(table.equals(expected), "data differs")


def gold(location, root):
    client = flight.connect(location)
    cases = list(gold_cases(root))

    def listed():
        infos = {"/".join(p.decode() for p in i.descriptor.path): i for i in client.list_flights()}
        expect(sorted(infos) == [n for n, _ in cases], "flights listed: " + str(sorted(infos)))

    check("list_flights", listed)
    for name, path in cases:
        schema, batches = read_file(path)
        descriptor = flight.FlightDescriptor.for_path(*name.split("/"))

        def info():
            i = client.get_flight_info(descriptor)
            expect(i.schema.equals(schema, check_metadata=True), "schema " + str(i.schema))
            expect(i.total_records == sum(b.num_rows for b in batches), "total_records " + str(i.total_records))
            expect(len(i.endpoints) == 1 and i.endpoints[0].ticket.ticket == name.encode(), "endpoints")

        def get():
            assert_same(client.do_get(flight.Ticket(name.encode())).read_all(), schema, batches)

        def put():
            writer, acks = client.do_put(descriptor, schema)
            for b in batches:
                writer.write_batch(b)
            writer.done_writing()
            ack = acks.read()
            expect(ack is not None and ack.to_pybytes() == ("stored " + name).encode(), "acknowledgement " + str(ack))
            writer.close()

        def exchange():
            writer, reader = client.do_exchange(flight.FlightDescriptor.for_command(b"echo"))
            writer.begin(schema)
            for k, b in enumerate(batches):
                writer.write_with_metadata(b, pa.py_buffer(str(k).encode()))
            writer.done_writing()
            chunks = list(reader)
            writer.close()
            expect([c.app_metadata.to_pybytes() for c in chunks] == [str(k).encode() for k in range(len(batches))],
                   "app_metadata echoed")
            assert_same(pa.Table.from_batches([c.data for c in chunks], reader.schema), schema, batches)

        check("get_flight_info " + name, info)
        check("do_get " + name, get)
        check("do_put " + name, put)
        check("do_exchange " + name, exchange)

    def actions():
        types = [a.type for a in client.list_actions()]
        expect(types == ["echo"], "actions " + str(types))
        results = [r.body.to_pybytes() for r in client.do_action(flight.Action("echo", b"ping"))]
        expect(results == [b"ping"], "echo " + str(results))
        # UNIMPLEMENTED
        refused(lambda: list(client.do_action(flight.Action("nope", b""))), NotImplementedError, "an unknown action")

    check("actions", actions)

    def missing():
        # NOT_FOUND
        refused(lambda: client.do_get(flight.Ticket(b"no/such")).read_all(), KeyError, "a ticket of no flight")

    check("unknown ticket", missing)


def auth(location, user, password):
    client = flight.connect(location)
    refused(lambda: list(client.list_actions()), flight.FlightUnauthenticatedError, "a call without a token")
    print("OK no token refused", flush=True)
    refused(lambda: client.authenticate_basic_token(user, password + "x"), flight.FlightUnauthenticatedError,
            "a wrong password")
    print("OK wrong password refused", flush=True)
    wrong = flight.FlightCallOptions(headers=[(b"authorization", b"Bearer not-a-token")])
    refused(lambda: list(client.list_actions(wrong)), flight.FlightUnauthenticatedError, "a wrong token")
    print("OK wrong token refused", flush=True)
    header = client.authenticate_basic_token(user, password)
    options = flight.FlightCallOptions(headers=[header])
    who = [r.body.to_pybytes().decode() for r in client.do_action(flight.Action("whoami", b""), options)]
    expect(who == [user], "identity " + str(who))
    print("OK bearer token accepted as " + who[0], flush=True)


def tls(location, cert, other):
    with open(cert, "rb") as f:
        trusted = flight.connect(location, tls_root_certs=f.read())
    expect([a.type for a in trusted.list_actions()] == ["echo"], "actions over TLS")
    print("OK trusted certificate", flush=True)
    with open(other, "rb") as f:
        untrusted = flight.connect(location, tls_root_certs=f.read())
    refused(lambda: list(untrusted.list_actions()), flight.FlightUnavailableError, "an untrusted certificate")
    print("OK untrusted certificate refused", flush=True)


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "gold":
        gold(sys.argv[2], sys.argv[3])
    elif mode == "auth":
        auth(sys.argv[2], sys.argv[3], sys.argv[4])
    elif mode == "tls":
        tls(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        raise SystemExit("unknown mode " + mode)
