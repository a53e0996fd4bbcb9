# SPDX-License-Identifier: Apache-2.0
"""`quiver sql` against DuckDB's Python client over one Arrow file, whole processes (docs/benchmarks.md,
"SQL over Arrow files").

Usage: python sql_bench.py FILE RUNS NAME=COMMAND [NAME=COMMAND ...]
Each COMMAND is a quiver command line up to the subcommand (e.g. "./quiver" or "java -p ... -m
dev.quiver.cli/dev.quiver.cli.QuiverCommand"); NAME "python" is DuckDB's Python client (duckdb_sql.py
beside this script), run by the Python its COMMAND names ("python=/path/to/venv/bin/python"), or by this
one for "python=python". For each query, RUNS rounds run every command once, in turn
(so a machine busy with other work slows all of them alike), as `COMMAND sql QUERY --table t=FILE`;
like the Python client (which prints every row), `quiver sql` prints the whole result (every query's
result is under its default --limit of 100 rows). A `quiver` launcher's `sql` cache is waited for first
(aot_caches.py). Prints per query and command the median wall seconds and the median CPU seconds (user +
system of the process and its children, from wait4), and each median's ratio to the Python client's.
"""
import os
import shlex
import statistics
import subprocess
import sys
import time

import aot_caches

QUERIES = {
    "group-by": "SELECT cat, count(*), count(maybe), sum(maybe), min(maybe), max(maybe) FROM t "
                "GROUP BY cat ORDER BY cat",
    "filtered aggregate": "SELECT count(*), sum(x), avg(maybe) FROM t WHERE flag AND maybe > 400",
    "selective filter": "SELECT id, name FROM t WHERE id BETWEEN 5000000 AND 5000009 ORDER BY id",
}


def run(argv):
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{shlex.join(argv)} failed: {err}")
    return wall, usage.ru_utime + usage.ru_stime


def main():
    path, runs = sys.argv[1], int(sys.argv[2])
    here = os.path.dirname(os.path.abspath(__file__))
    commands = {}
    for spec in sys.argv[3:]:
        name, command = spec.split("=", 1)
        commands[name] = command
        argv = shlex.split(command)
        if os.path.basename(argv[0]) == "quiver":
            # `quiver sql` starts from a cache of its own, trained at its first run after a build.
            aot_caches.wait_for(argv[0], [("quiver-sql.aot", argv + ["sql", "SELECT 1"])])
    for label, query in QUERIES.items():
        times = {name: [] for name in commands}
        for _ in range(runs):
            for name, command in commands.items():
                if name == "python":
                    interpreter = sys.executable if command == "python" else command
                    argv = shlex.split(interpreter) + [os.path.join(here, "duckdb_sql.py"), path, query]
                else:
                    argv = shlex.split(command) + ["sql", query, "--table", f"t={path}"]
                times[name].append(run(argv))
        medians = {name: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
                   for name, t in times.items()}
        base = medians.get("python")
        print(f"{label}: {query}")
        for name, (wall, cpu) in medians.items():
            ratio = f"  ({wall / base[0]:.2f}x wall, {cpu / base[1]:.2f}x CPU of python)" if base else ""
            print(f"  {name:12s} wall {wall:6.2f} s  cpu {cpu:6.2f} s{ratio}")


if __name__ == "__main__":
    main()
