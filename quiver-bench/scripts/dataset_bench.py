#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Dataset scans, Quiver next to pyarrow.dataset, interleaved round by round.

    python3 quiver-bench/scripts/dataset_bench.py DIR PYTHON [ROUNDS] [ROWS] [FORMAT] [READS]

Generates bench-v1 (ROWS rows, default 10,000,000) with pyarrow, written by pyarrow.dataset as FORMAT
files (parquet by default; ipc, csv) in 16 hive partitions on `cat` (DIR/dataset-FORMAT), then times three scans on one
thread and on every core: the full scan, a filter selecting one partition, and a filter on an `id` range
(1%). Each round runs Quiver (DatasetScanTimer from quiver-bench/target/benchmarks.jar, JAVA25 or java
on the PATH, with native access enabled as the quiver launcher runs it: the allocator's buffer pool is on) and
pyarrow (PYTHON) in fresh processes, each opening and reading the dataset READS times (default 10; at least 3),
every read timed. Two tables: "cold", each process's best of its first 3 reads (a fresh JVM is mostly compiling
then), and "warm", each process's best of all READS reads (the steady state a library is used in); each prints
best / median over ROUNDS (default 3) processes and the ratio Quiver / pyarrow, with the load average.
"""
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JAR = os.path.join(ROOT, 'quiver-bench', 'target', 'benchmarks.jar')

GEN = r'''
import sys, numpy as np, pyarrow as pa, pyarrow.dataset as ds
n, out, fmt = int(sys.argv[1]), sys.argv[2], sys.argv[3]
k = np.arange(n, dtype=np.int64)
names = np.array(['name-%d' % j for j in range(10007)], dtype=object)
cats = np.array(['category-%d' % j for j in range(16)], dtype=object)
t = pa.table({
    'id': pa.array(k),
    'x': pa.array(k * 0.25),
    'maybe': pa.array(((k % 1000) - 500).astype(np.int32), mask=(k % 10 == 7)),
    'name': pa.array(names[k % 10007], pa.string(), mask=(k % 17 == 0)),
    'cat': pa.array(cats[k % 16], pa.string()),
    'ts': pa.array(1700000000000000 + k * 1000, pa.timestamp('us', 'UTC')),
})
ds.write_dataset(t, out, format=fmt, partitioning=ds.partitioning(pa.schema([('cat', pa.string())]), flavor='hive'),
                 max_rows_per_group=65536)
'''

PYARROW = r'''
import sys, time, pyarrow.dataset as ds
root, fmt, threads, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]) > 1, int(sys.argv[4])
which = sys.argv[5]
flt = {'full': None, 'partition': ds.field('cat') == 'category-3',
       'idrange': (ds.field('id') >= 5000000) & (ds.field('id') < 5100000)}[which]
best = 1e9
for run in range(runs):
    start = time.perf_counter()
    d = ds.dataset(root, format=fmt, partitioning='hive')
    t = d.to_table(filter=flt, use_threads=threads)
    seconds = time.perf_counter() - start
    best = min(best, seconds)
    print('run %d: rows=%d wall=%.4f s' % (run, t.num_rows, seconds))
print('scan_seconds_min=%.3f' % best)
'''

FILTERS = {'full': None, 'partition': "cat = 'category-3'", 'idrange': 'id >= 5000000 and id < 5100000'}


def reads(output, expected):
    """Each read's wall time, in order, from the `run N: ... wall=S s` lines both sides print."""
    times = [float(line.rsplit('wall=', 1)[1].split()[0]) for line in output.splitlines()
             if line.startswith('run ') and 'wall=' in line]
    if len(times) != expected:
        raise SystemExit('expected %d timed reads in:\n%s' % (expected, output))
    return times


def table(title, results):
    print()
    print(title)
    print('| scan | threads | Quiver best / median (s) | pyarrow best / median (s) | ratio best / median |')
    print('|---|---:|---:|---:|---:|')
    for (which, threads), (q, p) in results.items():
        qb, qm, pb, pm = min(q), statistics.median(q), min(p), statistics.median(p)
        print('| %s | %d | %.3f / %.3f | %.3f / %.3f | %.2f / %.2f |' % (which, threads, qb, qm, pb, pm,
                                                                      qb / pb, qm / pm))


def main():
    out_dir, python = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    rows = int(sys.argv[4]) if len(sys.argv) > 4 else 10_000_000
    fmt = sys.argv[5] if len(sys.argv) > 5 else 'parquet'
    count = int(sys.argv[6]) if len(sys.argv) > 6 else 10
    if count < 3:
        raise SystemExit('READS must be at least 3 (the cold figure is the best of the first 3)')
    java = os.path.join(os.environ['JAVA25'], 'bin', 'java') if 'JAVA25' in os.environ else 'java'
    data = os.path.join(out_dir, 'dataset-' + fmt)
    if not os.path.isdir(data):
        subprocess.run([python, '-c', GEN, str(rows), data, fmt], check=True)
    cores = os.cpu_count()
    print('load average before: %.2f %.2f %.2f' % os.getloadavg())
    cold, warm = {}, {}
    for which, flt in FILTERS.items():
        for threads in (1, cores):
            qc, qw, pc, pw = [], [], [], []
            for _ in range(rounds):
                cmd = [java, '--enable-native-access=ALL-UNNAMED', '-cp', JAR, 'dev.quiver.bench.DatasetScanTimer',
                       data, str(threads), str(count)]
                q = reads(subprocess.run(cmd + ([flt] if flt else []), check=True, capture_output=True,
                                         text=True).stdout, count)
                p = reads(subprocess.run([python, '-c', PYARROW, data, fmt, str(threads), str(count), which],
                                         check=True, capture_output=True, text=True).stdout, count)
                qc.append(min(q[:3]))
                qw.append(min(q))
                pc.append(min(p[:3]))
                pw.append(min(p))
            cold[(which, threads)] = (qc, pc)
            warm[(which, threads)] = (qw, pw)
    table('cold: each process\'s best of its first 3 reads', cold)
    table('warm: each process\'s best of its %d reads' % count, warm)
    print()
    print('load average after: %.2f %.2f %.2f' % os.getloadavg())


if __name__ == '__main__':
    main()
