// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.DataFormat;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.ipc.IpcReadOptions;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code quiver json-to-arrow JSON ARROW}, as the integration tools of other Arrow implementations. */
@Command(name = "json-to-arrow", mixinStandardHelpOptions = true,
        description = {"Writes the integration JSON file JSON (.json or .json.gz) as the Arrow file ARROW "
                + "(an Arrow stream when ARROW ends in .arrows or .stream, or with --format stream)."})
final class JsonToArrowCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "JSON", description = "The integration JSON file to read.")
    Path json;

    @Parameters(index = "1", paramLabel = "ARROW", description = "The Arrow file to write (replaced if it exists).")
    Path arrow;

    @Option(names = "--codec", paramLabel = "none|lz4|zstd", defaultValue = "none",
            description = "Body compression (default: ${DEFAULT-VALUE}).")
    Codec codec;

    @Option(names = "--format", paramLabel = "file|stream",
            description = "Arrow output format (default: a stream for .arrows and .stream names, else a file).")
    ArrowFormat format;

    @Override
    public Integer call() throws Exception {
        DataFormat target = format != null ? format.format()
                : DataFormat.byName(arrow) == DataFormat.ARROW_STREAM ? DataFormat.ARROW_STREAM : DataFormat.ARROW_FILE;
        try (RecordBatchReader source = Inputs.open(json, DataFormat.JSON, CsvReadOptions.DEFAULT,
                IpcReadOptions.DEFAULT)) {
            spec.commandLine().getOut().println(Conversion.copy(source, json, arrow, target, codec.writeOptions()));
        }
        spec.commandLine().getOut().flush();
        return 0;
    }
}
