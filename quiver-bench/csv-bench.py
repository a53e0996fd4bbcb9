# SPDX-License-Identifier: Apache-2.0
"""The CSV reading benchmark's input and pyarrow's side (docs/benchmarks.md, "CSV reading").

  python csv-bench.py gen N FILE         writes N rows of bench-v1-like columns with dates, timestamps
                                         (with and without zone), decimals and quoted strings
  python csv-bench.py read FILE [--repeat K]
                                         pyarrow.csv.read_csv with use_threads False, then True; prints
                                         rows= and, per mode, the best of K runs as *_seconds= (wall)
                                         and *_cpu_seconds= (CPU time of the process)

Needs pyarrow and numpy.
"""
import sys, time
import numpy as np
import pyarrow as pa
import pyarrow.csv as pc


def gen(n, path):
    rng = np.random.default_rng(42)
    words = np.array(["alpha", "beta", "gamma, delta", "say \"hi\"", "epsilon", "zeta\neta", "theta", "iota"])
    base_ts = np.datetime64("2020-01-01T00:00:00", "us")
    chunk = 250_000
    with open(path, "wb") as out:
        for start in range(0, n, chunk):
            m = min(chunk, n - start)
            ids = np.arange(start, start + m, dtype=np.int64)
            maybe = pa.array(rng.integers(-1000, 1000, m), mask=rng.random(m) < 0.1)
            names = pa.array([words[i % 8] + "-" + str(i) for i in ids.tolist()])
            cents = rng.integers(-10_000_000, 10_000_000, m)
            table = pa.table({
                "id": ids,
                "x": rng.normal(size=m),
                "flag": rng.random(m) < 0.5,
                "maybe": maybe,
                "name": names,
                "cat": pa.array(words[rng.integers(0, 8, m)]),
                "day": pa.array((np.datetime64("2000-01-01") + rng.integers(0, 10_000, m)).astype("datetime64[D]")),
                "ts": pa.array(base_ts + rng.integers(0, 10**14, m).astype("timedelta64[us]")),
                "ts_utc": pa.array(base_ts + rng.integers(0, 10**14, m).astype("timedelta64[us]"),
                                   pa.timestamp("us", "UTC")),
                "price": pa.array([f"{c // 100}.{abs(c) % 100:02d}" for c in cents.tolist()]).cast(
                    pa.decimal128(12, 2)),
            })
            buf = pa.BufferOutputStream()
            pc.write_csv(table, buf, pc.WriteOptions(include_header=start == 0))
            out.write(buf.getvalue().to_pybytes())


def read(path, repeat):
    rows = None
    for threads in (False, True):
        best = best_cpu = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            cpu = time.process_time()
            table = pc.read_csv(path, read_options=pc.ReadOptions(use_threads=threads),
                                 parse_options=pc.ParseOptions(newlines_in_values=True))
            best = min(best, time.perf_counter() - t)
            best_cpu = min(best_cpu, time.process_time() - cpu)
            rows = table.num_rows
        mode = 'threads' if threads else 'one_thread'
        print(f"{mode}_seconds={best:.3f}")
        print(f"{mode}_cpu_seconds={best_cpu:.3f}")
    print(f"rows={rows}")
    print(f"schema={table.schema}".replace("\n", "; "))


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), sys.argv[3])
    else:
        k = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
        read(sys.argv[2], k)
