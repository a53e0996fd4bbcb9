# SPDX-License-Identifier: Apache-2.0
"""A pyarrow 25 Flight client timing DoGets of one flight of a running server (docs/benchmarks.md, "Arrow streams").

Usage: python pyarrow_doget_client.py PORT RUNS NAME
Waits for the server at grpc://127.0.0.1:PORT, finds the flight whose descriptor names NAME (as
`quiver flight serve DIR` names the files of DIR), then runs RUNS DoGets of its first endpoint, each read
whole (read_all), and prints the rows, each DoGet's wall seconds, their minimum and median.
"""
import sys
import time

import pyarrow.flight as fl


def main():
    port, runs, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    client = fl.connect(f"grpc://127.0.0.1:{port}")
    for _ in range(120):
        try:
            flights = list(client.list_flights())
            break
        except fl.FlightError:
            time.sleep(0.5)
    else:
        sys.exit(f"no Flight server on port {port}")
    info = next(f for f in flights if name in str(f.descriptor))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        table = client.do_get(info.endpoints[0].ticket).read_all()
        times.append(time.perf_counter() - start)
    ordered = sorted(times)
    print(table.num_rows, " ".join(f"{t:.3f}" for t in times),
          f"min={ordered[0]:.3f} median={ordered[len(ordered) // 2]:.3f}")


main()
