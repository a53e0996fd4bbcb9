# SPDX-License-Identifier: Apache-2.0
"""The first-run table of docs/benchmarks.md (issue 35): what a user meets first, Quiver next to Arrow C++.

Usage (from the repository root, after `./quiver --help` has built the command line tool):
    python3 quiver-bench/scripts/first_run_table.py DIR PYTHON [ROUNDS] [SECTIONS]

SECTIONS is a comma-separated choice of reads, groupby, writes, convert, csv and ndjson (default: all, in
that order). DIR holds (or receives) the inputs: bench-v1 at 10,000,000 rows as b10m.arrow,
b10m-lz4.arrow and b10m-zstd.arrow (made by `quiver bench-gen`), and, written by pyarrow, bench-v1 at
2,000,000 rows without its list column as CSV (b2m.csv; b2m-numeric.csv: id, x, flag, maybe, ts;
b2m-text.csv: name, cat, price) and 1,000,000 NDJSON lines (b1m.ndjson: an int, a float, a bool, a
nullable string, a list of ints). PYTHON is a Python with pyarrow 25 (Arrow C++), driven through
quiver-bench/pyarrow-bench.py; Quiver runs through `./quiver` (its ahead-of-time cache included, as a user
runs it; the script waits for the caches the launcher trains after a build: the read's, `bench-gen`'s
for the writes section, the Arrow conversions' for the convert section, and `convert`'s from CSV and from
NDJSON for those sections). Each row's two sides run in turn, ROUNDS times (default 3), each in a new process; the table
gives the best and the median of the rounds and the ratio Quiver / Arrow C++ of each (below 1: Quiver is
faster). The load average is printed before and after.
- reads: `bench-read --repeat K --threads 1` against `pyarrow-bench.py read --repeat K` (best of K in one
  process: K = 10 uncompressed, 5 LZ4 and ZSTD); the first read of the same processes (`read_seconds`,
  measured inside the process: open, read, validate and checksum) is the "first read" row, and
  `bench-read` on every core (one read) the row after it. Each file is read through just before each
  process (a cold process, not a cold disk).
- groupby: count on `name`, one thread, best of 5 in one process, both sides.
- writes: the first write of a process to a new file (`bench-gen --time-write --repeat 3 --threads 1`'s
  `write_seconds`, then the best of its 3 writes, each to a new file) against `pyarrow-bench.py gen` (one
  write per process), uncompressed and ZSTD; only the write is timed.
- convert: `quiver convert b10m.arrow OUT.arrows` (Arrow file to stream) against `pyarrow-bench.py
  file-to-stream`, wall time of the whole process, a new output file each time.
- csv, ndjson: `quiver convert IN OUT.arrow` (default threads: every core) against `pyarrow-bench.py
  csv-to-file` / `ndjson-to-file` (read_csv / read_json on every core, then an Arrow file), whole process.
"""
import os
import re
import subprocess
import sys
import time

import aot_caches

from speed_table import QUIVER, PYARROW_BENCH, FILES, generate, run, touch, summary, ratio

SECTIONS = ("reads", "groupby", "writes", "convert", "csv", "ndjson")
ROWS = "10000000"
CSV_ROWS = "2000000"
NDJSON_ROWS = "1000000"
CSVS = {"b2m.csv": None, "b2m-numeric.csv": "id,x,flag,maybe,ts", "b2m-text.csv": "name,cat,price"}
CSV_LABELS = {"b2m.csv": "CSV → Arrow file, 2M rows, whole process, default threads",
              "b2m-numeric.csv": "— numeric columns only (id, x, flag, maybe, ts)",
              "b2m-text.csv": "— strings and decimal only (name, cat, price)"}


def cache_ready(sections):
    """The caches of the sections' commands (those of `bench-gen` and of `convert` from an Arrow file, from
    CSV or from NDJSON are trained when such a command first runs: `--help` starts it without running it)."""
    caches = [("quiver.aot", [QUIVER, "--version"])]
    if "writes" in sections:
        caches.append(("quiver-write.aot", [QUIVER, "bench-gen", "--help"]))
    if "convert" in sections:
        caches.append(("quiver-convert.aot", [QUIVER, "convert", "--help", "in.arrow"]))
    if "csv" in sections:
        caches.append(("quiver-csv.aot", [QUIVER, "convert", "--help", "in.csv"]))
    if "ndjson" in sections:
        caches.append(("quiver-ndjson.aot", [QUIVER, "convert", "--help", "in.ndjson"]))
    aot_caches.wait_for(QUIVER, caches)


def row(label, quiver, cpp):
    print(f"| {label} | {summary(quiver)} | {summary(cpp)} | {ratio(quiver, cpp)} |", flush=True)


def whole(cmd, rows=None):
    """Runs cmd, a conversion writing a new file; returns its wall seconds, checking its row count."""
    start = time.perf_counter()
    done = subprocess.run(cmd, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if rows is not None:
        said = re.search(r"([0-9,]+) rows", done.stderr + done.stdout)
        if said is None or said.group(1).replace(",", "") != rows:
            sys.exit(f"{' '.join(cmd)} did not write {rows} rows: {done.stderr}{done.stdout}")
    return wall


def remove(path):
    if os.path.exists(path):
        os.remove(path)


def reads(folder, python, rounds):
    first1, firstn, firstp = [], [], []
    for name, (file, _) in FILES.items():
        path = os.path.join(folder, file)
        repeat = "10" if name == "uncompressed" else "5"
        warm, warmp = [], []
        for _ in range(rounds):
            touch(path)
            q, qsum, _, _ = run([QUIVER, "bench-read", path, "--repeat", repeat, "--threads", "1"])
            touch(path)
            p, psum, _, _ = run([python, PYARROW_BENCH, "read", path, "--repeat", repeat])
            if qsum != psum:
                sys.exit(f"Quiver and pyarrow disagree on {file}: {qsum} / {psum}")
            warm.append(q["read_seconds_min"])
            warmp.append(p["read_seconds_min"])
            if name == "uncompressed":
                first1.append(q["read_seconds"])
                firstp.append(p["read_seconds"])
                touch(path)
                firstn.append(run([QUIVER, "bench-read", path])[0]["read_seconds"])
        row(f"warm read, {name}, 1 thread, best of {repeat} in one process (s)", warm, warmp)
    row("first read in a fresh process (in-process `read_seconds`), uncompressed, 1 thread (s)", first1, firstp)
    row("— same, Quiver on every core (pyarrow: 1 thread)", firstn, firstp)


def groupby(folder, python, rounds):
    path = os.path.join(folder, FILES["uncompressed"][0])
    quiver, cpp = [], []
    for _ in range(rounds):
        quiver.append(run([QUIVER, "group-by", path, "--by", "name", "--repeat", "5", "--threads", "1"])[0]
                      ["group_by_seconds"])
        cpp.append(run([python, PYARROW_BENCH, "groupby", path, "name"])[0]["groupby_seconds"])
    row("group-by count on `name`, 1 thread, best of 5 (s)", quiver, cpp)


def writes(folder, python, rounds):
    scratch = os.path.join(folder, "first-run-write.arrow")
    for name, codec in (("uncompressed", "none"), ("ZSTD", "zstd")):
        first, best, cpp = [], [], []
        for _ in range(rounds):
            remove(scratch)
            figures = run([QUIVER, "bench-gen", "--rows", ROWS, "--codec", codec, "--threads", "1", "--time-write",
                           "--repeat", "3", "--out", scratch])[0]
            first.append(figures["write_seconds"])
            best.append(figures["write_seconds_min"])
            remove(scratch)
            cpp.append(run([python, PYARROW_BENCH, "gen", ROWS, scratch, "file", codec])[0]["write_seconds"])
        remove(scratch)
        row(f"first write of a process, {name}, 10M rows to a new file, 1 thread (s)", first, cpp)
        row(f"— best of 3 writes in one process, {name} (pyarrow: one write per process)", best, cpp)


def convert(folder, python, rounds):
    path = os.path.join(folder, FILES["uncompressed"][0])
    out = os.path.join(folder, "first-run-convert.arrows")
    quiver, cpp = [], []
    for _ in range(rounds):
        touch(path)
        remove(out)
        quiver.append(whole([QUIVER, "convert", path, out], ROWS))
        touch(path)
        remove(out)
        cpp.append(whole([python, PYARROW_BENCH, "file-to-stream", path, out]))
    remove(out)
    row("`quiver convert` Arrow file → Arrow stream, 10M rows, whole process (s)", quiver, cpp)


def conversions(folder, python, rounds, inputs, command, rows):
    out = os.path.join(folder, "first-run-converted.arrow")
    for file, label in inputs.items():
        path = os.path.join(folder, file)
        quiver, cpp = [], []
        for _ in range(rounds):
            touch(path)
            remove(out)
            quiver.append(whole([QUIVER, "convert", path, out], rows))
            touch(path)
            remove(out)
            cpp.append(whole([python, PYARROW_BENCH, command, path, out]))
        remove(out)
        row(label, quiver, cpp)


def main():
    folder, python = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    sections = sys.argv[4].split(",") if len(sys.argv) > 4 else SECTIONS
    unknown = set(sections) - set(SECTIONS)
    if unknown:
        sys.exit(f"unknown sections {sorted(unknown)}: choose from {', '.join(SECTIONS)}")
    os.makedirs(folder, exist_ok=True)
    cache_ready(sections)
    if {"reads", "groupby", "convert"} & set(sections):
        generate(folder, ROWS, FILES, "file")
    for file, columns in CSVS.items():
        if "csv" in sections and not os.path.exists(os.path.join(folder, file)):
            subprocess.run([python, PYARROW_BENCH, "gen-csv", CSV_ROWS, os.path.join(folder, file)]
                           + ([columns] if columns else []), check=True)
    ndjson = os.path.join(folder, "b1m.ndjson")
    if "ndjson" in sections and not os.path.exists(ndjson):
        subprocess.run([python, PYARROW_BENCH, "gen-ndjson", NDJSON_ROWS, ndjson], check=True)
    print(f"load average before: {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores; {rounds} rounds; "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", flush=True)
    print("\n| work | Quiver (best / median) | Arrow C++ (pyarrow) | ratio (best / median) |")
    print("|---|---:|---:|---:|")
    if "reads" in sections:
        reads(folder, python, rounds)
    if "groupby" in sections:
        groupby(folder, python, rounds)
    if "writes" in sections:
        writes(folder, python, rounds)
    if "convert" in sections:
        convert(folder, python, rounds)
    if "csv" in sections:
        conversions(folder, python, rounds, CSV_LABELS, "csv-to-file", CSV_ROWS)
    if "ndjson" in sections:
        conversions(folder, python, rounds, {"b1m.ndjson": "NDJSON → Arrow file, 1M lines, whole process, "
                                             "every core"}, "ndjson-to-file", NDJSON_ROWS)
    print(f"\nload average after: {os.getloadavg()[0]:.2f}; figures: best / median of {rounds} rounds, "
          "each a new process, the two sides alternated")


if __name__ == "__main__":
    main()
