// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.io.Outputs;
import dev.quiver.cli.text.Progress;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;

/** {@code quiver bench-gen}: writes the bench-v1 table. */
final class BenchGenCommand extends Subcommand {
    static final String NAME = "bench-gen";

    private final OptionSpec rows = option(valued("--rows", "N", long.class,
            "The number of rows (default: ${DEFAULT-VALUE}).").defaultValue("1000000"));

    private final OptionSpec out = option(valued("--out", "FILE", Path.class,
            "The file to write (replaced if it exists).").required(true));

    private final OptionSpec format = option(valued("--format", "file|stream", ArrowFormat.class,
            "Arrow format (default: a stream for .arrows and .stream names, else a file)."));

    private final OptionSpec codec = option(valued("--codec", "none|lz4|zstd", Codec.class,
            "Body compression (default: ${DEFAULT-VALUE}).").defaultValue("none"));

    private final OptionSpec threads = option(valued("--threads", "N", int.class,
            "Threads compressing a batch's buffers: 0 (the default) one per core, 1 this thread only. "
                + "The file is the same whatever the number.").defaultValue("0"));

    private final OptionSpec timeWrite = option(flag("--time-write",
            "Generate every batch in memory first, then time only the write: prints write_seconds= "
                + "and write_cpu_seconds=."));

    private final OptionSpec repeat = option(valued("--repeat", "K", int.class,
            "With --time-write: write the file K times (default 1), each time to a new file (the one written "
                + "before is deleted first, untimed), and print the best time too.").defaultValue("1"));

    BenchGenCommand() {
        super(NAME, "Generates the benchmark table bench-v1 (docs/bench-v1.md: nine columns, every value a "
                + "function of the row index, batches of 65,536 rows) and writes it as an Arrow file or stream, or as "
                + "Parquet (SNAPPY) for a .parquet name.",
                "Prints one line: what was written, and how long it took (generation and write). With --time-write "
                + "every batch is generated in memory first and only the write is timed: a second line "
                + "write_seconds=... (open, write, close) and write_cpu_seconds=... (the CPU time the process spent "
                + "meanwhile, every thread's). With --repeat K it writes the file K times in this process and "
                + "also prints write_seconds_min=... and write_cpu_seconds_min=..., the best of the K writes "
                + "(write_seconds stays the first one's); each write after the first deletes the file first, so "
                + "that it writes a new file as the first does when FILE did not exist (replacing a file costs "
                + "more: its cached pages are dropped and the new ones written back as they come).");
    }

    @Override
    public Integer call() throws Exception {
        long rows = this.rows.getValue();
        Path out = this.out.getValue();
        ArrowFormat format = this.format.getValue();
        Codec codec = this.codec.getValue();
        int threads = this.threads.getValue();
        boolean timeWrite = this.timeWrite.getValue();
        int repeat = this.repeat.getValue();
        if (rows < 0) {
            throw new CliException("--rows must be 0 or more, not " + rows, CliException.USAGE);
        }
        if (threads < 0) {
            throw new CliException("--threads must be 0 (all cores) or more, not " + threads, CliException.USAGE);
        }
        if (repeat < 1) {
            throw new CliException("--repeat must be at least 1, not " + repeat, CliException.USAGE);
        }
        if (repeat > 1 && !timeWrite) {
            throw new CliException("--repeat needs --time-write", CliException.USAGE);
        }
        ArrowFormat target = format != null ? Formats.ipc(format)
                : ArrowFormat.byName(out) == ArrowFormat.STREAM ? ArrowFormat.STREAM
                : ArrowFormat.byName(out) == ArrowFormat.PARQUET ? ArrowFormat.PARQUET : ArrowFormat.FILE;
        if (target == ArrowFormat.PARQUET && codec != Codec.NONE) {
            throw new CliException("--codec sets Arrow body compression; a .parquet file is written SNAPPY (convert "
                    + "writes Parquet with other codecs)", CliException.USAGE);
        }
        long start = System.nanoTime();
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        List<RecordBatch> ready = new ArrayList<>();
        if (timeWrite) {
            for (long at = 0; at < rows; at += BenchV1.BATCH_ROWS) {
                ready.add(bench.batch(at, (int) Math.min(BenchV1.BATCH_ROWS, rows - at)));
            }
        }
        RunTimes times = new RunTimes();
        for (int k = 0; k < repeat; k++) {
            if (k > 0 && !Inputs.isStdio(out)) {
                Files.delete(out);
            }
            times.time(() -> {
                write(out, target, codec.writeOptions().withThreads(threads), bench, rows, ready);
                return null;
            });
        }
        PrintWriter printer = out();
        printer.println("wrote " + out + " (bench-v1, " + target.label() + ", codec "
                + (target == ArrowFormat.PARQUET ? "snappy" : codec)
                + "): " + Sizes.count(rows, "row", "rows") + " in "
                + Sizes.count(BenchV1.batchCount(rows), "batch", "batches") + ", " + Sizes.bytes(Files.size(out))
                + ", " + Sizes.seconds(times.firstEnd() - start));
        if (timeWrite) {
            printer.println("write_seconds=" + Sizes.decimalSeconds(times.first(), 3));
            printer.println("write_cpu_seconds=" + Sizes.decimalSeconds(times.firstCpu(), 3));
        }
        if (repeat > 1) {
            printer.println("write_seconds_min=" + Sizes.decimalSeconds(times.best(), 3));
            printer.println("write_cpu_seconds_min=" + Sizes.decimalSeconds(times.bestCpu(), 3));
        }
        out().flush();
        return 0;
    }

    /**
     * Writes the file of {@code rows} rows once: the batches made in advance when there are any, else each made
     * as written.
     */
    private static void write(Path out, ArrowFormat target, IpcWriteOptions options, BenchV1 bench, long rows,
            List<RecordBatch> ready) throws IOException {
        try (Progress progress = Progress.start("bench-gen", rows)) {
            Outputs.write(out, target, BenchV1.SCHEMA, options, writer -> {
                for (long at = 0; at < rows; at += BenchV1.BATCH_ROWS) {
                    int n = (int) Math.min(BenchV1.BATCH_ROWS, rows - at);
                    writer.write(ready.isEmpty() ? bench.batch(at, n) : ready.get((int) (at / BenchV1.BATCH_ROWS)));
                    progress.advance(n);
                }
            });
        }
    }
}
