// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcReadOptions;
import java.nio.file.Path;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver json-to-arrow JSON ARROW}, as the integration tools of other Arrow implementations. */
final class JsonToArrowCommand extends Subcommand {
    static final String NAME = "json-to-arrow";

    private final PositionalParamSpec json = parameter(positional("0", "JSON", Path.class,
            "The integration JSON file to read."));

    private final PositionalParamSpec arrow = parameter(positional("1", "ARROW", Path.class,
            "The Arrow file to write (replaced if it exists)."));

    private final OptionSpec codec = option(valued("--codec", "none|lz4|zstd", Codec.class,
            "Body compression (default: ${DEFAULT-VALUE}).").defaultValue("none"));

    private final OptionSpec format = option(valued("--format", "file|stream", ArrowFormat.class,
            "Arrow output format (default: a stream for .arrows and .stream names, else a file)."));

    JsonToArrowCommand() {
        super(NAME, "Writes the integration JSON file JSON (.json or .json.gz) as the Arrow file ARROW "
                + "(an Arrow stream when ARROW ends in .arrows or .stream, or with --format stream).");
    }

    @Override
    public Integer call() throws Exception {
        Path json = this.json.getValue();
        Path arrow = this.arrow.getValue();
        Codec codec = this.codec.getValue();
        ArrowFormat format = this.format.getValue();
        ArrowFormat target = format != null ? Formats.ipc(format)
                : ArrowFormat.byName(arrow) == ArrowFormat.STREAM ? ArrowFormat.STREAM : ArrowFormat.FILE;
        try (RecordBatchReader source = Inputs.open(json, ArrowFormat.JSON, CsvReadOptions.DEFAULT,
                IpcReadOptions.DEFAULT)) {
            out().println(Conversion.copy(source, json, arrow, target, codec.writeOptions()));
        }
        out().flush();
        return 0;
    }
}
