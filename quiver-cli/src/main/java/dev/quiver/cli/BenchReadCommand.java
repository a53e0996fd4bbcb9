// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.benchdata.BenchChecksum;
import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.parquet.ParquetReadOptions;
import dev.quiver.parquet.ParquetReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver bench-read FILE}: reads a bench-v1 file and prints its checksum and the time taken. */
final class BenchReadCommand extends Subcommand {
    static final String NAME = "bench-read";

    private final PositionalParamSpec file = parameter(positional("0", "FILE", Path.class,
            "The Arrow file or stream to read."));
    private final OptionSpec noValidate = option(flag("--no-validate",
            "Skip the full validation of each batch (structure is still checked)."));
    private final OptionSpec repeat = option(valued("--repeat", "K", int.class,
            "Read the file K times (default 1) and print the best time too, as read_seconds_min.").defaultValue("1"));
    private final OptionSpec threads = option(valued("--threads", "N", int.class,
            "Batches of an Arrow file decoded (decompressed, validated) at once: 0 (the default) one per core, 1 on "
                    + "this thread only. Streams are read on this thread.").defaultValue("0"));

    BenchReadCommand() {
        super(NAME, "Reads FILE, an Arrow file (memory-mapped) or stream or a Parquet file holding the bench-v1 table, touching every "
                + "value, and prints its checksum as docs/bench-v1.md defines it (name=value lines, in its "
                + "order), then read_seconds=... (open, read, validate and checksum). With --repeat K it reads "
                + "K times in this process and also prints read_seconds_min=..., the best of the K reads "
                + "(read_seconds stays the first, cold one), and read_cpu_seconds_min=..., the least CPU time "
                + "the process spent on one read (every thread: readers, garbage collector, compiler).");
    }

    @Override
    public Integer call() throws Exception {
        Path file = this.file.getValue();
        int repeat = this.repeat.getValue();
        int threads = this.threads.getValue();
        boolean noValidate = this.noValidate.getValue();
        if (threads < 0) {
            throw new CliException("--threads must be 0 (all cores) or more, not " + threads, CliException.USAGE);
        }
        if (repeat < 1) {
            throw new CliException("--repeat must be at least 1, not " + repeat, CliException.USAGE);
        }
        List<String> lines = null;
        RunTimes times = new RunTimes();
        for (int k = 0; k < repeat; k++) {
            List<String> these = times.time(() -> read(file, noValidate, threads)).lines();
            if (lines == null) {
                lines = these;
            } else if (!lines.equals(these)) {
                throw new CliException(file + " changed between reads: read " + (k + 1) + " has another checksum");
            }
        }
        PrintWriter out = out();
        lines.forEach(out::println);
        out.println("read_seconds=" + Sizes.decimalSeconds(times.first(), 3));
        if (repeat > 1) {
            out.println("read_seconds_min=" + Sizes.decimalSeconds(times.best(), 3));
            out.println("read_cpu_seconds_min=" + Sizes.decimalSeconds(times.bestCpu(), 3));
        }
        out.flush();
        return 0;
    }

    private static BenchChecksum read(Path file, boolean noValidate, int threads) throws IOException {
        BenchChecksum checksum = new BenchChecksum();
        ValidationLevel validation = noValidate ? ValidationLevel.STRUCTURE : ValidationLevel.FULL;
        try (RecordBatchReader source = Formats.ofInput(file) == ArrowFormat.PARQUET
                ? ParquetReader.open(file, ParquetReadOptions.DEFAULT.withValidation(validation).withThreads(threads))
                : Inputs.openArrow(file, IpcReadOptions.DEFAULT.withValidation(validation).withThreads(threads))) {
            // The batches' checksums are computed where they are decoded, on every reading thread.
            for (Iterator<BenchChecksum> parts = source.mapBatches(BenchChecksum::of); parts.hasNext(); ) {
                checksum.add(parts.next());
            }
        }
        return checksum;
    }
}
