# SPDX-License-Identifier: Apache-2.0
"""Arrow C++ (through pyarrow, single-threaded) on the bench-v1 table.

  python pyarrow-bench.py read FILE [--repeat K]  open (memory-mapped), read every batch, checksum
                                       (K times: also read_seconds_min= and read_cpu_seconds_min=,
                                       the least CPU time of the process for one read)
  python pyarrow-bench.py gen N FILE [file|stream] [none|lz4|zstd]
  python pyarrow-bench.py groupby FILE KEY     hash group-by count on KEY (Acero, one thread)
  python pyarrow-bench.py stdin-to-file FILE   reads an Arrow stream on standard input (open_stream) and
                                       writes its batches as the Arrow file FILE, uncompressed
  python pyarrow-bench.py file-to-stream FILE OUT   the Arrow file FILE (memory-mapped) as the Arrow
                                       stream OUT, uncompressed
  python pyarrow-bench.py csv-to-file CSV OUT  read_csv (every core) and the table as the Arrow file OUT
  python pyarrow-bench.py ndjson-to-file NDJSON OUT   read_json (every core), then as the Arrow file OUT
  python pyarrow-bench.py gen-csv N CSV [COLUMNS]   bench-v1 without its list column (the dictionary
                                       column as text), or only the comma-separated COLUMNS, as CSV
  python pyarrow-bench.py gen-ndjson N NDJSON  N lines of an int, a float, a bool, a nullable string
                                       and a list of ints

Prints the checksum lines of docs/bench-v1.md, then *_seconds= figures.
Needs pyarrow and numpy (a venv with the pyarrow wheel). The conversions (file-to-stream, csv-to-file,
ndjson-to-file) are timed from outside, whole process; csv-to-file and ndjson-to-file read on every core.
"""
import json, os, sys, time
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pcsv
import pyarrow.ipc as ipc
import pyarrow.json as pjson

pa.set_cpu_count(1)
pa.set_io_thread_count(1)


def checksum(batches):
    f = dict(rows=0, sum_id=0, sum_x=0.0, count_flag=0, sum_maybe=0, null_maybe=0, name_bytes=0,
             null_name=0, cat_bytes=0, sum_ts=0, tags_count=0, tags_sum=0, sum_price=0)
    for b in batches:
        f['rows'] += b.num_rows
        f['sum_id'] += pc.sum(b.column('id')).as_py() or 0
        f['sum_x'] += pc.sum(b.column('x')).as_py() or 0.0
        f['count_flag'] += pc.sum(b.column('flag')).as_py() or 0
        m = b.column('maybe')
        f['sum_maybe'] += pc.sum(m).as_py() or 0
        f['null_maybe'] += m.null_count
        n = b.column('name')
        f['name_bytes'] += pc.sum(pc.binary_length(n)).as_py() or 0
        f['null_name'] += n.null_count
        c = b.column('cat')
        lens = np.asarray(pc.binary_length(c.dictionary))
        f['cat_bytes'] += int(lens[np.asarray(c.indices)].sum())
        f['sum_ts'] += pc.sum(b.column('ts').cast(pa.int64())).as_py() or 0
        t = b.column('tags')
        vals = pc.list_flatten(t)
        f['tags_count'] += len(vals)
        f['tags_sum'] += pc.sum(vals.cast(pa.int64())).as_py() or 0
        p = b.column('price')
        lo = np.frombuffer(p.buffers()[1], dtype=np.int64)[2 * p.offset:2 * (p.offset + len(p)):2]
        valid = np.asarray(p.is_valid())
        f['sum_price'] += int(lo[valid].sum())
    wrap = lambda v: (v + 2**63) % 2**64 - 2**63
    for k in ('sum_id', 'sum_ts'):
        f[k] = wrap(f[k])
    out = []
    for k, v in f.items():
        out.append(f"{k}={v:.2f}" if k == 'sum_x' else f"{k}={v}")
    return out


def open_batches(path):
    src = pa.memory_map(path)
    head = src.read(6); src.seek(0)
    if head == b'ARROW1':
        r = ipc.open_file(src)
        return (r.get_batch(i) for i in range(r.num_record_batches))
    return iter(ipc.open_stream(src))


def table(n):
    i = np.arange(n, dtype=np.int64)
    name_vals = pa.array(np.char.add('name-', (i % 10007).astype(str)), pa.string())
    name = pc.if_else(pa.array(i % 17 == 0), pa.nulls(n, pa.string()), name_vals)
    cats = pa.array([f"category-{k}" for k in range(16)], pa.string())
    cat = pa.DictionaryArray.from_arrays(pa.array((i % 16).astype(np.int32)), cats)
    lens = (i % 4).astype(np.int32)
    offs = np.zeros(n + 1, dtype=np.int32); np.cumsum(lens, out=offs[1:])
    elems = (np.repeat(i, lens) + (np.arange(offs[-1]) - np.repeat(offs[:-1], lens))).astype(np.int32)
    tags = pa.ListArray.from_arrays(pa.array(offs), pa.array(elems, pa.int32()),
                                    type=pa.list_(pa.field('item', pa.int32(), nullable=False)))
    maybe = pa.array(((i % 1000) - 500).astype(np.int32), mask=(i % 10 == 7))
    words = np.zeros(2 * n, dtype=np.int64); words[0::2] = i * 7
    price = pa.Array.from_buffers(pa.decimal128(18, 2), n, [pa.array(i % 13 != 0).buffers()[1], pa.py_buffer(words)],
                                  null_count=int((i % 13 == 0).sum()))
    schema = pa.schema([pa.field('id', pa.int64(), False), pa.field('x', pa.float64(), False),
                        pa.field('flag', pa.bool_(), False), pa.field('maybe', pa.int32()),
                        pa.field('name', pa.string()), pa.field('cat', cat.type, False),
                        pa.field('ts', pa.timestamp('us', 'UTC'), False), pa.field('tags', tags.type, False),
                        pa.field('price', pa.decimal128(18, 2))])
    cols = [pa.array(i), pa.array(i * 0.25), pa.array(i % 3 == 0), maybe, name, cat,
            pa.array(1700000000000000 + i * 1000).cast(pa.timestamp('us', 'UTC')), tags, price]
    return pa.Table.from_arrays(cols, schema=schema).combine_chunks()


def main():
    cmd = sys.argv[1]
    if cmd == 'read':
        repeat = int(sys.argv[sys.argv.index('--repeat') + 1]) if '--repeat' in sys.argv else 1
        times, cpu = [], []
        for _ in range(repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            lines = checksum(open_batches(sys.argv[2]))
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        print('\n'.join(lines)); print(f"read_seconds={times[0]:.3f}")
        if repeat > 1:
            print(f"read_seconds_min={min(times):.3f}")
            print(f"read_cpu_seconds_min={min(cpu):.3f}")
    elif cmd == 'gen':
        n, path = int(sys.argv[2]), sys.argv[3]
        fmt = sys.argv[4] if len(sys.argv) > 4 else 'file'
        codec = sys.argv[5] if len(sys.argv) > 5 else 'none'
        t = table(n)
        opts = ipc.IpcWriteOptions(compression=None if codec == 'none' else codec, use_threads=False)
        batches = t.to_batches(max_chunksize=65536)
        t0 = time.perf_counter()
        with pa.OSFile(path, 'wb') as sink:
            w = (ipc.new_file if fmt == 'file' else ipc.new_stream)(sink, t.schema, options=opts)
            for b in batches:
                w.write_batch(b)
            w.close()
        print(f"write_seconds={time.perf_counter() - t0:.3f}")
    elif cmd == 'stdin-to-file':
        t0 = time.perf_counter()
        r = ipc.open_stream(sys.stdin.buffer)
        with pa.OSFile(sys.argv[2], 'wb') as sink:
            w = ipc.new_file(sink, r.schema, options=ipc.IpcWriteOptions(use_threads=False))
            for b in r:
                w.write_batch(b)
            w.close()
        print(f"convert_seconds={time.perf_counter() - t0:.3f}")
    elif cmd == 'file-to-stream':
        r = ipc.open_file(pa.memory_map(sys.argv[2]))
        with pa.OSFile(sys.argv[3], 'wb') as sink:
            w = ipc.new_stream(sink, r.schema, options=ipc.IpcWriteOptions(use_threads=False))
            for i in range(r.num_record_batches):
                w.write_batch(r.get_batch(i))
            w.close()
    elif cmd in ('csv-to-file', 'ndjson-to-file'):
        pa.set_cpu_count(os.cpu_count())
        t = pcsv.read_csv(sys.argv[2]) if cmd == 'csv-to-file' else pjson.read_json(sys.argv[2])
        with pa.OSFile(sys.argv[3], 'wb') as sink:
            w = ipc.new_file(sink, t.schema)
            w.write_table(t)
            w.close()
    elif cmd == 'gen-csv':
        t = table(int(sys.argv[2])).drop_columns(['tags'])
        t = t.set_column(t.schema.get_field_index('cat'), 'cat', t.column('cat').cast(pa.string()))
        if len(sys.argv) > 4:
            t = t.select(sys.argv[4].split(','))
        pcsv.write_csv(t, sys.argv[3])
    elif cmd == 'gen-ndjson':
        with open(sys.argv[3], 'w') as out:
            for i in range(int(sys.argv[2])):
                out.write(json.dumps({'id': i, 'x': i * 0.25, 'flag': i % 3 == 0,
                                      'name': None if i % 17 == 0 else f'name-{i % 10007}',
                                      'tags': list(range(i % 1000, i % 1000 + i % 4))}, separators=(',', ':')))
                out.write('\n')
    elif cmd == 'groupby':
        path, key = sys.argv[2], sys.argv[3]
        t = pa.Table.from_batches(list(open_batches(path))).select([key])
        best = 1e9
        for _ in range(5):
            t0 = time.perf_counter()
            g = t.group_by(key, use_threads=False).aggregate([([], 'count_all')])
            best = min(best, time.perf_counter() - t0)
        print(f"groups={g.num_rows}"); print(f"groupby_seconds={best:.4f}")
        print(f"groupby_mrows_per_s={t.num_rows / best / 1e6:.1f}")


if __name__ == '__main__':
    main()
