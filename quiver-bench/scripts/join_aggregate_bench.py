# SPDX-License-Identifier: Apache-2.0
"""pyarrow's side of JoinAggregateBench: builds bench-v1 (pyarrow-bench.py's table) and a 10,008-row dimension,
then reads commands on standard input, one a line, `OP THREADS`, runs the operation once and prints
`seconds=S rows=R cols=C` (R: rows of the result; C: a join's output columns, 0 for the others). Each join's
output is a materialised Table (every column of both sides, the right key coalesced), as on the Java side, and
is freed inside the timing (as a temporary was). Operations: sum_min_max (id), value_counts (name), join_name
(bench-v1 inner join the dimension on name), join_id (bench-v1 inner join itself on id).

  python join_aggregate_bench.py ROWS
"""
import importlib.util, os, sys, time
import pyarrow as pa
import pyarrow.compute as pc

spec = importlib.util.spec_from_file_location('pyarrow_bench', os.path.join(os.path.dirname(__file__), '..', 'pyarrow-bench.py'))
pb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pb)

rows = int(sys.argv[1])
t = pb.table(rows).select(['id', 'x', 'maybe', 'name'])
dim = pa.table({'name': pa.array(['name-' + str(j) for j in range(10008)], pa.string()),
                'region': pa.array(['r' + str(j % 7) for j in range(10008)], pa.string()),
                'dim_id': pa.array(range(10008), pa.int64())})
right = t.rename_columns(['id', 'x2', 'maybe2', 'name2'])
print('ready', flush=True)
for line in sys.stdin:
    op, threads = line.split()
    threads = int(threads)
    pa.set_cpu_count(threads)
    use_threads = threads > 1
    start = time.perf_counter()
    if op == 'sum_min_max':
        r = [pc.sum(t['id']), pc.min_max(t['id'])]
        n = 1
        c = 0
    elif op == 'value_counts':
        n = len(pc.value_counts(t['name']))
        c = 0
    elif op == 'join_name':
        j = t.join(dim, 'name', join_type='inner', use_threads=use_threads)
        n, c = j.num_rows, j.num_columns
        del j
    elif op == 'join_id':
        j = t.join(right, 'id', join_type='inner', use_threads=use_threads)
        n, c = j.num_rows, j.num_columns
        del j
    else:
        raise SystemExit('unknown op ' + op)
    seconds = time.perf_counter() - start
    print(f'seconds={seconds:.6f} rows={n} cols={c}', flush=True)
