// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.DataFormat;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code quiver convert IN OUT}: between CSV, TSV, NDJSON, Arrow file, Arrow stream and integration JSON. */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Converts IN to OUT between CSV, TSV, NDJSON, Arrow file, Arrow stream and integration JSON, "
                + "streaming: the input is read once, batch by batch, in bounded memory.",
                "Formats follow the names: .csv; .tsv; .arrow, .arrow_file, .feather (Arrow file); .arrows, .stream "
                        + "(Arrow stream); .json, .json.gz (integration JSON, gzip-compressed for .gz); .ndjson, .jsonl "
                        + "(newline-delimited JSON, types inferred from the first lines). An input "
                        + "with another name is read as an Arrow file if it starts with ARROW1, as JSON if it "
                        + "starts with '{' or is gzip, else as an Arrow stream. '-' is standard input or output, "
                        + "with --from / --to FORMAT. CSV input has a header line (unless --no-header); unquoted "
                        + "empty fields and NULL-like texts are null. Arrow input is fully validated.",
                "Prints one line on stderr: what was written; a progress bar on stderr when it is a terminal."})
final class ConvertCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "The file to read ('-': standard input).")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT",
            description = "The file to write, replaced if it exists ('-': standard output).")
    Path out;

    @Option(names = "--codec", paramLabel = "none|lz4|zstd", defaultValue = "none",
            description = "Body compression of Arrow output (default: ${DEFAULT-VALUE}).")
    Codec codec;

    @Option(names = "--format", paramLabel = "file|stream",
            description = "Arrow output format, whatever OUT's name (default: by OUT's name).")
    ArrowFormat format;

    @Option(names = "--to", paramLabel = "FORMAT",
            description = "The output's format: csv, tsv, arrow, arrows, json or ndjson (needed when OUT is '-').")
    String to;

    @CommandLine.Mixin
    InputOptions input;

    @Override
    public Integer call() throws Exception {
        DataFormat target;
        if (to != null) {
            target = DataFormat.named(to);
        } else if (Inputs.isStdio(out) && format == null) {
            throw new CliException(
                    "writing standard output ('-') needs --to FORMAT (csv, tsv, arrow, arrows, json, ndjson)",
                    CliException.USAGE);
        } else {
            target = DataFormat.ofOutput(out, ArrowFormat.of(format));
        }
        if (!target.isArrow() && codec != Codec.NONE) {
            throw new CliException("--codec applies to Arrow output only, not " + target.label(), CliException.USAGE);
        }
        String summary;
        try (ScopedAllocator batches = BufferAllocator.scoped();
                RecordBatchReader source = input.open(in, batches)) {
            BatchRelease release = new BatchRelease(batches);
            summary = Conversion.copy(source, in, out, target, codec.writeOptions(), release::written);
        }
        PrintWriter status = spec.commandLine().getErr();
        status.println(summary);
        status.flush();
        return 0;
    }
}
