# SPDX-License-Identifier: Apache-2.0
# Generates the compressed IPC files read by PyarrowCompressedFilesTest (pyarrow, i.e. Arrow C++).
# Run from this directory: python3 generate.py
import pyarrow as pa
import pyarrow.ipc as ipc

n = 5000
ints = pa.array([None if i % 7 == 0 else i * 3 for i in range(n)], pa.int32())
repetitive = pa.array([i // 100 for i in range(n)], pa.int64())
batch = pa.record_batch([ints, repetitive, ints.slice(0, n)], names=["a", "b", "c"])
empty = batch.slice(0, 0)
for codec in ["lz4", "zstd"]:
    options = ipc.IpcWriteOptions(compression=codec)
    with ipc.new_file(f"{codec}.arrow", batch.schema, options=options) as w:
        w.write_batch(batch)
        w.write_batch(batch.slice(1234, 777))
        w.write_batch(empty)
    with ipc.new_stream(f"{codec}.arrows", batch.schema, options=options) as w:
        w.write_batch(batch)
        w.write_batch(batch.slice(1234, 777))
        w.write_batch(empty)
