// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.DataFormat;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code quiver arrow-to-json ARROW JSON}, as the integration tools of other Arrow implementations. */
@Command(name = "arrow-to-json", mixinStandardHelpOptions = true,
        description = {"Writes the Arrow file or stream ARROW (fully validated) as the integration JSON file JSON, "
                + "gzip-compressed when its name ends in .gz."})
final class ArrowToJsonCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ARROW", description = "The Arrow file or stream to read.")
    Path arrow;

    @Parameters(index = "1", paramLabel = "JSON", description = "The JSON file to write (replaced if it exists).")
    Path json;

    @Override
    public Integer call() throws Exception {
        try (RecordBatchReader source = Inputs.openArrow(arrow, IpcReadOptions.DEFAULT)) {
            spec.commandLine().getOut().println(Conversion.copy(source, arrow, json, DataFormat.JSON,
                    IpcWriteOptions.DEFAULT));
        }
        spec.commandLine().getOut().flush();
        return 0;
    }
}
