// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.benchdata.BenchChecksum;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.ipc.IpcReadOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code quiver bench-read FILE}: reads a bench-v1 file and prints its checksum and the time taken. */
@Command(name = "bench-read", mixinStandardHelpOptions = true,
        description = {"Reads FILE, an Arrow file (memory-mapped) or stream holding the bench-v1 table, touching every "
                + "value, and prints its checksum as docs/bench-v1.md defines it (name=value lines, in its "
                + "order), then read_seconds=... (open, read, validate and checksum). With --repeat K it reads "
                + "K times in this process and also prints read_seconds_min=..., the best of the K reads "
                + "(read_seconds stays the first, cold one), and read_cpu_seconds_min=..., the least CPU time "
                + "the process spent on one read (every thread: readers, garbage collector, compiler)."})
final class BenchReadCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The Arrow file or stream to read.")
    Path file;

    @Option(names = "--no-validate", description = "Skip the full validation of each batch (structure is still checked).")
    boolean noValidate;

    @Option(names = "--repeat", paramLabel = "K", defaultValue = "1",
            description = "Read the file K times (default 1) and print the best time too, as read_seconds_min.")
    int repeat;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
            description = "Batches of an Arrow file decoded (decompressed, validated) at once: 0 (the default) one "
                    + "per core, 1 on this thread only. Streams are read on this thread.")
    int threads;

    @Override
    public Integer call() throws Exception {
        if (threads < 0) {
            throw new CliException("--threads must be 0 (all cores) or more, not " + threads, CliException.USAGE);
        }
        if (repeat < 1) {
            throw new CliException("--repeat must be at least 1, not " + repeat, CliException.USAGE);
        }
        List<String> lines = null;
        RunTimes times = new RunTimes();
        for (int k = 0; k < repeat; k++) {
            List<String> these = times.time(this::read).lines();
            if (lines == null) {
                lines = these;
            } else if (!lines.equals(these)) {
                throw new CliException(file + " changed between reads: read " + (k + 1) + " has another checksum");
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        lines.forEach(out::println);
        out.println("read_seconds=" + Sizes.decimalSeconds(times.first(), 3));
        if (repeat > 1) {
            out.println("read_seconds_min=" + Sizes.decimalSeconds(times.best(), 3));
            out.println("read_cpu_seconds_min=" + Sizes.decimalSeconds(times.bestCpu(), 3));
        }
        out.flush();
        return 0;
    }

    private BenchChecksum read() throws IOException {
        BenchChecksum checksum = new BenchChecksum();
        try (RecordBatchReader source = Inputs.openArrow(file, IpcReadOptions.DEFAULT
                .withValidation(noValidate ? ValidationLevel.STRUCTURE : ValidationLevel.FULL).withThreads(threads))) {
            // The batches' checksums are computed where they are decoded, on every reading thread.
            for (Iterator<BenchChecksum> parts = source.mapBatches(BenchChecksum::of); parts.hasNext(); ) {
                checksum.add(parts.next());
            }
        }
        return checksum;
    }
}
