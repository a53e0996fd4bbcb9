# SPDX-License-Identifier: Apache-2.0
"""The side-by-side series of docs/benchmarks.md "Reads, writes and group-by next to Arrow C++ and arrow-java".

Usage (from the repository root, after `mvn -B package -DskipTests`):
    python3 quiver-bench/scripts/speed_table.py DIR PYTHON [ROUNDS] [ROWS] [SECTIONS]

SECTIONS is a comma-separated choice of files, writes, groupby, streams and pipe (default: all five, in
that order; streams includes the pipe, pipe is the pipe alone). DIR holds (or receives, made by `quiver
bench-gen`) bench-v1 at ROWS rows (default 10,000,000) as b10m.arrow, b10m-lz4.arrow and
b10m-zstd.arrow, and as the Arrow streams b10m.arrows, b10m-lz4.arrows and b10m-zstd.arrows; the writes
are of ROWS rows too. PYTHON is a Python with pyarrow 25 (Arrow C++). The JDK is the one `./quiver` runs on (JAVA_HOME, else the one the build recorded). Every
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
- group-by: count on `name`, best of ten in one process (pyarrow: best of five);
- streams, Quiver and pyarrow only: the read of each Arrow stream file, one thread (Quiver reads it through
  a FileChannel and copies each message once; pyarrow memory-maps it), cold (one read in a new process, wall
  and CPU of the whole process) and warm (best of ten in one process: wall, and the least CPU time of the
  process for one read, which other processes disturb less); the uncompressed stream through a
  pipe (`cat FILE |`), converted to an Arrow file by `quiver convert - --from arrows OUT` and by pyarrow's
  `open_stream(sys.stdin.buffer)` (pyarrow-bench.py stdin-to-file OUT), wall and CPU of the whole pipeline;
  and the write of each stream, one thread, as the writes above.
Quiver and pyarrow print the same checksum lines; a disagreement stops the series.
"""
import os
import re
import resource
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
STREAMS = {name: (file + "s", codec) for name, (file, codec) in FILES.items()}
SECTIONS = ("files", "writes", "groupby", "streams", "pipe")


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


def generate(folder, rows, files, form):
    for _, (file, codec) in files.items():
        path = os.path.join(folder, file)
        if not os.path.exists(path):
            subprocess.run([QUIVER, "bench-gen", "--rows", rows, "--codec", codec, "--format", form, "--out", path],
                           check=True)


def main():
    folder, python = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    rows = sys.argv[4] if len(sys.argv) > 4 else "10000000"
    sections = sys.argv[5].split(",") if len(sys.argv) > 5 else SECTIONS
    unknown = set(sections) - set(SECTIONS)
    if unknown:
        sys.exit(f"unknown sections {sorted(unknown)}: choose from {', '.join(SECTIONS)}")
    print(f"load average before: {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores; {rounds} rounds; "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", flush=True)
    if "files" in sections:
        generate(folder, rows, FILES, "file")
        files(folder, python, rounds)
    if "writes" in sections:
        writes(folder, python, rounds, rows)
    if "groupby" in sections:
        generate(folder, rows, FILES, "file")
        groupby(folder, python, rounds, rows)
    if "streams" in sections:
        generate(folder, rows, STREAMS, "stream")
        streams(folder, python, rounds, rows)
    if "pipe" in sections:
        generate(folder, rows, {"uncompressed": STREAMS["uncompressed"]}, "stream")
        pipe(folder, python, rounds, rows)
    print(f"\nload average after: {os.getloadavg()[0]:.2f}; figures: best / median of {rounds}")


def files(folder, python, rounds):
    readers = {
        "Quiver": lambda f, extra: [QUIVER, "bench-read", f] + extra,
        "Arrow C++ (pyarrow)": lambda f, extra: [python, PYARROW_BENCH, "read", f] + extra,
        "arrow-java": lambda f, extra: [java()] + ARROW_JAVA_FLAGS + ["-cp", BENCH_JAR, "dev.quiver.bench.ArrowJavaRead",
                                                                      f] + extra,
    }
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


def writes(folder, python, rounds, rows):
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


def groupby(folder, python, rounds, rows):
    print("\n| group-by count on name | Quiver 1 thread s | Quiver all cores s | Arrow C++ (pyarrow) 1 thread s |")
    print("|---|---:|---:|---:|")
    table = os.path.join(folder, FILES["uncompressed"][0])
    one, every, cpp = [], [], []
    for _ in range(rounds):
        one.append(run([QUIVER, "group-by", table, "--by", "name", "--repeat", "10", "--threads", "1"])[0]["group_by_seconds"])
        every.append(run([QUIVER, "group-by", table, "--by", "name", "--repeat", "10"])[0]["group_by_seconds"])
        cpp.append(run([python, PYARROW_BENCH, "groupby", table, "name"])[0]["groupby_seconds"])
    print(f"| {int(rows):,} rows | {summary(one)} | {summary(every)} | {summary(cpp)} |", flush=True)


def piped(path, cmd):
    """Runs `cat path | cmd`; returns (wall seconds, CPU seconds of both processes)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    cat = subprocess.Popen(["cat", path], stdout=subprocess.PIPE)
    subprocess.run(cmd, stdin=cat.stdout, check=True, capture_output=True)
    cat.stdout.close()
    if cat.wait() != 0:
        sys.exit(f"cat {path} failed")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def ratio(quiver, cpp):
    return f"{min(quiver) / min(cpp):.2f} / {statistics.median(quiver) / statistics.median(cpp):.2f}"


def streams(folder, python, rounds, rows):
    """Arrow streams: read from the file, through a pipe, and written; Quiver and pyarrow interleaved."""
    readers = {
        "Quiver": lambda f, extra: [QUIVER, "bench-read", f, "--threads", "1"] + extra,
        "Arrow C++ (pyarrow)": lambda f, extra: [python, PYARROW_BENCH, "read", f] + extra,
    }
    print("\n| stream file, one thread | reader | cold wall s | cold CPU s | warm s | warm CPU s | "
          "ratio warm (best / median) | ratio warm CPU |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name, (file, _) in STREAMS.items():
        path = os.path.join(folder, file)
        results = {reader: {"wall": [], "cpu": [], "warm": [], "warmcpu": []} for reader in readers}
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
                warm = run(command(path, ["--repeat", WARM_REPEAT]))[0]
                r["warm"].append(warm["read_seconds_min"])
                r["warmcpu"].append(warm["read_cpu_seconds_min"])
        q, p = results["Quiver"], results["Arrow C++ (pyarrow)"]
        for reader, r in results.items():
            last = (f"{ratio(q['warm'], p['warm'])} | {ratio(q['warmcpu'], p['warmcpu'])}" if reader == "Quiver"
                    else " | ")
            print(f"| {name} | {reader} | {summary(r['wall'])} | {summary(r['cpu'])} | {summary(r['warm'])} | "
                  f"{summary(r['warmcpu'])} | {last} |", flush=True)
    pipe(folder, python, rounds, rows)
    print("\n| stream write, one thread | Quiver first write s | Quiver best of 3 s | Arrow C++ (pyarrow) s | "
          "ratio best (best / median) |")
    print("|---|---:|---:|---:|---:|")
    scratch = os.path.join(folder, "speed-table-write.arrows")
    for name, (_, codec) in STREAMS.items():
        first, best, cpp = [], [], []
        for _ in range(rounds):
            figures = run([QUIVER, "bench-gen", "--rows", rows, "--codec", codec, "--format", "stream", "--threads", "1",
                           "--time-write", "--repeat", "3", "--out", scratch])[0]
            first.append(figures["write_seconds"])
            best.append(figures["write_seconds_min"])
            cpp.append(run([python, PYARROW_BENCH, "gen", rows, scratch, "stream", codec])[0]["write_seconds"])
        os.remove(scratch)
        print(f"| {name} | {summary(first)} | {summary(best)} | {summary(cpp)} | {ratio(best, cpp)} |", flush=True)


def pipe(folder, python, rounds, rows):
    """The uncompressed stream through a pipe to an Arrow file, whole pipelines; Quiver and pyarrow interleaved."""
    path = os.path.join(folder, STREAMS["uncompressed"][0])
    out = {"Quiver": os.path.join(folder, "speed-table-piped-quiver.arrow"),
           "Arrow C++ (pyarrow)": os.path.join(folder, "speed-table-piped-pyarrow.arrow")}
    converters = {"Quiver": [QUIVER, "convert", "-", "--from", "arrows", out["Quiver"]],
                  "Arrow C++ (pyarrow)": [python, PYARROW_BENCH, "stdin-to-file", out["Arrow C++ (pyarrow)"]]}
    walls = {reader: [] for reader in converters}
    cpus = {reader: [] for reader in converters}
    for k in range(rounds):
        for reader, cmd in converters.items():
            touch(path)
            wall, cpu = piped(path, cmd)
            walls[reader].append(wall)
            cpus[reader].append(cpu)
            if k == 0 and run([QUIVER, "bench-read", out[reader]])[1] != run([QUIVER, "bench-read", path])[1]:
                sys.exit(f"{reader}'s file from the pipe differs from the stream")
    for f in out.values():
        os.remove(f)
    print(f"\n| uncompressed stream through a pipe to an Arrow file, {int(rows):,} rows | wall s | CPU s (with cat) | "
          "ratio wall (best / median) |")
    print("|---|---:|---:|---:|")
    for reader in converters:
        last = ratio(walls["Quiver"], walls["Arrow C++ (pyarrow)"]) if reader == "Quiver" else ""
        print(f"| {reader} | {summary(walls[reader])} | {summary(cpus[reader])} | {last} |", flush=True)


if __name__ == "__main__":
    main()
