// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.benchdata.BenchChecksum;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.ipc.IpcReadOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code quiver bench-read FILE}: reads a bench-v1 file and prints its checksum and the time taken. */
@Command(name = "bench-read", mixinStandardHelpOptions = true,
        description = {"Reads FILE, an Arrow file (memory-mapped) or stream holding the bench-v1 table, touching every "
                + "value, and prints its checksum as docs/bench-v1.md defines it (name=value lines, in its "
                + "order), then read_seconds=... (open, read, validate and checksum)."})
final class BenchReadCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The Arrow file or stream to read.")
    Path file;

    @Option(names = "--no-validate", description = "Skip the full validation of each batch (structure is still checked).")
    boolean noValidate;

    @Override
    public Integer call() throws Exception {
        long start = System.nanoTime();
        BenchChecksum checksum = new BenchChecksum();
        try (RecordBatchReader source = Inputs.openArrow(file, IpcReadOptions.DEFAULT
                .withValidation(noValidate ? ValidationLevel.STRUCTURE : ValidationLevel.FULL))) {
            for (RecordBatch batch : source) {
                checksum.add(batch);
            }
        }
        long nanos = System.nanoTime() - start;
        PrintWriter out = spec.commandLine().getOut();
        checksum.lines().forEach(out::println);
        out.println(String.format(Locale.ROOT, "read_seconds=%.3f", nanos / 1e9));
        out.flush();
        return 0;
    }
}
