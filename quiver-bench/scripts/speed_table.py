# SPDX-License-Identifier: Apache-2.0
"""The side-by-side series of docs/benchmarks.md "Reads, writes and group-by next to Arrow C++ and arrow-java".

Usage (from the repository root, after `mvn -B package -DskipTests`):
    python3 quiver-bench/scripts/speed_table.py DIR PYTHON [ROUNDS] [ROWS]

DIR holds (or receives, made by `quiver bench-gen`) bench-v1 at ROWS rows (default 10,000,000) as b10m.arrow,
b10m-lz4.arrow and b10m-zstd.arrow; the writes are of ROWS rows too. PYTHON is a Python with pyarrow 25
(Arrow C++). The JDK is the one `./quiver` runs on (JAVA_HOME, else the one the build recorded). Every
figure comes from a new process, the three implementations interleaved, ROUNDS times (default 3), and the
table gives the best and the median:
- cold: one read in a new process; wall time of the whole process and its CPU time (user + sys). The
  file is read through once just before, for every reader alike: a cold process, not a cold disk (some
  kernels, as DAMON's reclaim here, drop page-cache pages idle for a while);
- warm: `--repeat 10` in one process, the best of the ten (`read_seconds_min`), one thread and all cores
  (Quiver's JIT compiles the code run once per batch fully only after about six reads of 10M rows);
  arrow-java: `--repeat 5` (its LZ4 reads take 21 s each);
- writes: the write of batches built beforehand, one thread: Quiver's first write (`write_seconds`) and
  the best of three in one process (`write_seconds_min`), pyarrow's one write per process;
- group-by: count on `name`, best of ten in one process (pyarrow: best of five).
Quiver and pyarrow print the same checksum lines; a disagreement stops the series.
"""
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QUIVER = os.path.join(ROOT, "quiver")
PYARROW_BENCH = os.path.join(ROOT, "quiver-bench", "pyarrow-bench.py")
BENCH_JAR = os.path.join(ROOT, "quiver-bench", "target", "benchmarks.jar")
ARROW_JAVA_FLAGS = ["--add-opens=java.base/java.nio=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                    "--enable-native-access=ALL-UNNAMED"]
WARM_REPEAT = "10"
FILES = {"uncompressed": ("b10m.arrow", "none"), "LZ4": ("b10m-lz4.arrow", "lz4"),
         "ZSTD": ("b10m-zstd.arrow", "zstd")}


def java():
    home = os.environ.get("JAVA_HOME")
    if not home:
        settings = os.path.join(ROOT, "quiver-cli", "target", "java-settings.txt")
        with open(settings) as f:
            home = re.search(r"^\s*java\.home = (.*)$", f.read(), re.M).group(1)
    return os.path.join(home, "bin", "java")


def run(cmd):
    """Runs cmd; returns (its output's key=value figures, checksum lines, wall seconds, CPU seconds)."""
    before = os.times()
    start = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    figures, checksum = {}, []
    for line in out.splitlines():
        key, _, value = line.partition("=")
        if key.endswith("seconds") or key.endswith("seconds_min") or key.endswith("per_s") or key == "groups":
            figures[key] = float(value)
        elif "=" in line:
            checksum.append(line)
    return figures, checksum, wall, cpu


def touch(path):
    """Reads the file through, so that it is in the page cache for the cold read that follows."""
    with open(path, "rb") as f:
        while f.read(16 << 20):
            pass


def summary(values):
    return f"{min(values):.3f} / {statistics.median(values):.3f}"


def main():
    folder, python = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    rows = sys.argv[4] if len(sys.argv) > 4 else "10000000"
    for name, (file, codec) in FILES.items():
        path = os.path.join(folder, file)
        if not os.path.exists(path):
            subprocess.run([QUIVER, "bench-gen", "--rows", rows, "--codec", codec, "--out", path], check=True)
    readers = {
        "Quiver": lambda f, extra: [QUIVER, "bench-read", f] + extra,
        "Arrow C++ (pyarrow)": lambda f, extra: [python, PYARROW_BENCH, "read", f] + extra,
        "arrow-java": lambda f, extra: [java()] + ARROW_JAVA_FLAGS + ["-cp", BENCH_JAR, "dev.quiver.bench.ArrowJavaRead",
                                                                      f] + extra,
    }
    print(f"load average before: {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores; {rounds} rounds", flush=True)
    print("\n| file | reader | cold wall s | cold CPU s | warm 1 thread s | warm all cores s |")
    print("|---|---|---:|---:|---:|---:|")
    for name, (file, _) in FILES.items():
        path = os.path.join(folder, file)
        results = {reader: {"wall": [], "cpu": [], "warm1": [], "warmN": []} for reader in readers}
        reference = None
        for _ in range(rounds):
            for reader, command in readers.items():
                r = results[reader]
                touch(path)
                _, checksum, wall, cpu = run(command(path, []))
                if reference is None:
                    reference = checksum
                elif checksum != reference:
                    sys.exit(f"{reader} disagrees on {file}: {checksum}")
                r["wall"].append(wall)
                r["cpu"].append(cpu)
                repeat = ["--repeat", "5" if reader == "arrow-java" else WARM_REPEAT]
                if reader == "Quiver":
                    r["warm1"].append(run(command(path, repeat + ["--threads", "1"]))[0]["read_seconds_min"])
                    r["warmN"].append(run(command(path, repeat))[0]["read_seconds_min"])
                else:
                    r["warm1"].append(run(command(path, repeat))[0]["read_seconds_min"])
        for reader, r in results.items():
            warm_n = summary(r["warmN"]) if r["warmN"] else "—"
            print(f"| {name} | {reader} | {summary(r['wall'])} | {summary(r['cpu'])} | {summary(r['warm1'])} | {warm_n} |",
                  flush=True)
    print("\n| write, one thread | Quiver first write s | Quiver best of 3 s | Arrow C++ (pyarrow) s |")
    print("|---|---:|---:|---:|")
    scratch = os.path.join(folder, "speed-table-write.arrow")
    for name, (_, codec) in FILES.items():
        first, best, cpp = [], [], []
        for _ in range(rounds):
            figures = run([QUIVER, "bench-gen", "--rows", rows, "--codec", codec, "--threads", "1", "--time-write",
                           "--repeat", "3", "--out", scratch])[0]
            first.append(figures["write_seconds"])
            best.append(figures["write_seconds_min"])
            cpp.append(run([python, PYARROW_BENCH, "gen", rows, scratch, "file", codec])[0]["write_seconds"])
        os.remove(scratch)
        print(f"| {name} | {summary(first)} | {summary(best)} | {summary(cpp)} |", flush=True)
    print("\n| group-by count on name | Quiver 1 thread s | Quiver all cores s | Arrow C++ (pyarrow) 1 thread s |")
    print("|---|---:|---:|---:|")
    table = os.path.join(folder, FILES["uncompressed"][0])
    one, every, cpp = [], [], []
    for _ in range(rounds):
        one.append(run([QUIVER, "group-by", table, "--by", "name", "--repeat", "10", "--threads", "1"])[0]["group_by_seconds"])
        every.append(run([QUIVER, "group-by", table, "--by", "name", "--repeat", "10"])[0]["group_by_seconds"])
        cpp.append(run([python, PYARROW_BENCH, "groupby", table, "name"])[0]["groupby_seconds"])
    print(f"| {int(rows):,} rows | {summary(one)} | {summary(every)} | {summary(cpp)} |")
    print(f"\nload average after: {os.getloadavg()[0]:.2f}; figures: best / median of {rounds}")


main()
