// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Inputs;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import java.nio.file.Path;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver arrow-to-json ARROW JSON}, as the integration tools of other Arrow implementations. */
final class ArrowToJsonCommand extends Subcommand {
    static final String NAME = "arrow-to-json";

    private final PositionalParamSpec arrow = parameter(positional("0", "ARROW", Path.class,
            "The Arrow file or stream to read."));

    private final PositionalParamSpec json = parameter(positional("1", "JSON", Path.class,
            "The JSON file to write (replaced if it exists)."));

    ArrowToJsonCommand() {
        super(NAME, "Writes the Arrow file or stream ARROW (fully validated) as the integration JSON file JSON, "
                + "gzip-compressed when its name ends in .gz.");
    }

    @Override
    public Integer call() throws Exception {
        Path arrow = this.arrow.getValue();
        Path json = this.json.getValue();
        try (RecordBatchReader source = Inputs.openArrow(arrow, IpcReadOptions.DEFAULT)) {
            out().println(Conversion.copy(source, arrow, json, ArrowFormat.JSON,
                    IpcWriteOptions.DEFAULT));
        }
        out().flush();
        return 0;
    }
}
