# SPDX-License-Identifier: Apache-2.0
"""pyarrow's side of ParquetWriteBench (docs/benchmarks.md, "Parquet writing").

  python parquet-write-bench.py ARROW_FILE OUT_FILE CODEC [ZSTD_LEVEL]
      reads the Arrow IPC file into memory, then times one pq.write_table of it with CODEC
      ("snappy" or "zstd"), Arrow C++ on one thread; prints seconds= (wall) and bytes= (file size)

Needs pyarrow.
"""
import os
import sys
import time
import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

pa.set_cpu_count(1)
pa.set_io_thread_count(1)
table = ipc.open_file(sys.argv[1]).read_all()
codec = sys.argv[3]
level = int(sys.argv[4]) if len(sys.argv) > 4 else None
start = time.perf_counter()
pq.write_table(table, sys.argv[2], compression=codec, compression_level=level)
seconds = time.perf_counter() - start
print(f"seconds={seconds:.4f}")
print(f"bytes={os.path.getsize(sys.argv[2])}")
