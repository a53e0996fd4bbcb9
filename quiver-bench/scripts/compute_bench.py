# SPDX-License-Identifier: Apache-2.0
"""pyarrow's side of ComputeBench: the same kernels on the same bench-v1 columns, best of REPEAT each.

Usage: python compute_bench.py ROWS REPEAT   (prints op=seconds lines)
"""
import importlib.util, os, sys, time
import numpy as np, pyarrow as pa, pyarrow.compute as pc

spec = importlib.util.spec_from_file_location(
    'pyarrow_bench', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'pyarrow-bench.py'))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def best(repeat, f):
    f()  # one untimed call first, as ComputeBench's Java side does
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return min(times)


def main():
    n, repeat = int(sys.argv[1]), int(sys.argv[2])
    pa.set_cpu_count(1)
    t = bench.table(n).select(['id', 'x', 'maybe', 'name'])
    i = np.arange(n, dtype=np.int64)
    mask = pa.array(i % 10 == 0)
    shuffled = pa.array((i * 1000003) % n)
    name = t.column('name').combine_chunks()
    ids = t.column('id').combine_chunks()
    id_text = pc.cast(ids, pa.string())
    name_set = pa.array([f"name-{k}" for k in range(1000)])
    id_set = pa.array(np.arange(1000, dtype=np.int64) * 10007)
    ops = {
        'filter': lambda: t.filter(mask),
        'take': lambda: t.take(shuffled),
        'sort_indices_int64': lambda: pc.sort_indices(shuffled),
        'sort_indices_utf8': lambda: pc.sort_indices(name),
        'cast_int64_float64': lambda: pc.cast(ids, pa.float64()),
        'cast_utf8_int64': lambda: pc.cast(id_text, pa.int64()),
        'is_in_utf8': lambda: pc.is_in(name, value_set=name_set),
        'is_in_int64': lambda: pc.is_in(ids, value_set=id_set),
    }
    for op, f in ops.items():
        print(f"{op}={best(repeat, f):.4f}", flush=True)


main()
