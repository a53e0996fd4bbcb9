#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The NDJSON reading benchmark's pyarrow side (docs/benchmarks.md, "NDJSON reading").

python3 bench.py generate FILE ROWS   writes ROWS lines of bench-like columns (int, float, bool, strings,
                                      an ISO timestamp, a list, a struct) to FILE, deterministically
python3 bench.py pyarrow FILE [RUNS]  times pyarrow.json.read_json on FILE with one thread and with all
                                      threads (best of RUNS, default 5), the timestamp column typed
"""
import json
import random
import sys
import time

CATEGORIES = ["alpha", "beta", "gamma", "delta", "epsilon"]


def generate(path, rows):
    rnd = random.Random(14)
    with open(path, "w", encoding="utf-8") as out:
        for i in range(rows):
            row = {
                "id": i,
                "value": round(rnd.uniform(-1e6, 1e6), 4),
                "flag": rnd.random() < 0.5,
                "name": "user-%08x \u00e9" % rnd.getrandbits(32),
                "category": rnd.choice(CATEGORIES),
                "ts": "2026-%02d-%02dT%02d:%02d:%02d.%06d" % (1 + rnd.randrange(12), 1 + rnd.randrange(28),
                                                             rnd.randrange(24), rnd.randrange(60),
                                                             rnd.randrange(60), rnd.randrange(1000000)),
                "tags": [rnd.randrange(1000) for _ in range(rnd.randrange(4))],
                "point": {"x": rnd.random(), "y": rnd.random()},
                "note": None if rnd.random() < 0.3 else "n%d" % rnd.randrange(100),
            }
            out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")))
            out.write("\n")


def bench_pyarrow(path, runs):
    import pyarrow as pa
    import pyarrow.json as pj
    schema = pa.schema([("ts", pa.timestamp("us"))])
    for threads in (False, True):
        best = None
        for _ in range(runs):
            start = time.perf_counter()
            table = pj.read_json(path, read_options=pj.ReadOptions(use_threads=threads),
                                 parse_options=pj.ParseOptions(explicit_schema=schema))
            elapsed = time.perf_counter() - start
            best = elapsed if best is None else min(best, elapsed)
        print("pyarrow %s: %d rows, best %.3f s of %d" % ("threads" if threads else "1 thread", table.num_rows,
                                                          best, runs))


if __name__ == "__main__":
    if sys.argv[1] == "generate":
        generate(sys.argv[2], int(sys.argv[3]))
    else:
        bench_pyarrow(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5)
