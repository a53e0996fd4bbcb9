// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.DataFormat;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.batch.RecordBatchReader;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code quiver convert IN OUT}: between CSV, Arrow file, Arrow stream and integration JSON. */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Converts IN to OUT between CSV, Arrow file, Arrow stream and integration JSON.",
                "Formats follow the names: .csv; .arrow, .arrow_file, .feather (Arrow file); .arrows, .stream "
                        + "(Arrow stream); .json, .json.gz (integration JSON, gzip-compressed for .gz). An input "
                        + "with another name is read as an Arrow file if it starts with ARROW1, as JSON if it "
                        + "starts with '{' or is gzip, else as an Arrow stream. CSV input has a header line; "
                        + "empty fields are null. Arrow input is fully validated.",
                "Prints one line: what was written."})
final class ConvertCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "The file to read.")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT", description = "The file to write (replaced if it exists).")
    Path out;

    @Option(names = "--codec", paramLabel = "none|lz4|zstd", defaultValue = "none",
            description = "Body compression of Arrow output (default: ${DEFAULT-VALUE}).")
    Codec codec;

    @Option(names = "--format", paramLabel = "file|stream",
            description = "Arrow output format, whatever OUT's name (default: by OUT's name).")
    ArrowFormat format;

    @CommandLine.Mixin
    CsvTypesOption csv;

    @Override
    public Integer call() throws Exception {
        DataFormat target = DataFormat.ofOutput(out, ArrowFormat.of(format));
        if (!target.isArrow() && codec != Codec.NONE) {
            throw new CliException("--codec applies to Arrow output only, not " + target.label(), CliException.USAGE);
        }
        try (RecordBatchReader source = Inputs.open(in, csv.parsed())) {
            spec.commandLine().getOut().println(Conversion.copy(source, in, out, target, codec.writeOptions()));
        }
        spec.commandLine().getOut().flush();
        return 0;
    }
}
