# SPDX-License-Identifier: Apache-2.0
"""Arrow C++ (through pyarrow) reading bench-v1 as Parquet, beside ParquetReadBench.

  python parquet-bench.py gen N FILE CODEC         bench-v1 (pyarrow-bench.py's table) written by pq.write_table
                                                   (CODEC: snappy, the default, or zstd; other options default)
  python parquet-bench.py read FILE THREADS REPEAT pq.read_table(FILE, use_threads=THREADS > 1) REPEAT times;
                                                   prints rows= and read_seconds_min= (the best wall time)
"""
import importlib.util, os, sys, time
import pyarrow as pa
import pyarrow.parquet as pq

spec = importlib.util.spec_from_file_location('pyarrow_bench', os.path.join(os.path.dirname(__file__), 'pyarrow-bench.py'))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def main():
    cmd = sys.argv[1]
    if cmd == 'gen':
        n, path, codec = int(sys.argv[2]), sys.argv[3], sys.argv[4]
        pq.write_table(bench.table(n), path, compression=codec)
    elif cmd == 'read':
        path, threads, repeat = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        pa.set_cpu_count(max(1, threads))
        pa.set_io_thread_count(max(1, threads))
        best = float('inf')
        rows = 0
        for _ in range(repeat):
            start = time.perf_counter()
            t = pq.read_table(path, use_threads=threads > 1)
            best = min(best, time.perf_counter() - start)
            rows = t.num_rows
        print(f'rows={rows}')
        print(f'read_seconds_min={best:.3f}')
    else:
        sys.exit(__doc__)


main()
