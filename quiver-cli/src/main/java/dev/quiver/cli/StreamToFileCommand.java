// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.DataFormat;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code quiver stream-to-file STREAM FILE}, as the integration tools of other Arrow implementations. */
@Command(name = "stream-to-file", mixinStandardHelpOptions = true,
        description = {"Reads the Arrow stream STREAM (fully validated) and writes its batches as the Arrow file FILE."})
final class StreamToFileCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "STREAM", description = "The Arrow stream to read.")
    Path in;

    @Parameters(index = "1", paramLabel = "FILE", description = "The Arrow file to write (replaced if it exists).")
    Path out;

    @Option(names = "--codec", paramLabel = "none|lz4|zstd", defaultValue = "none",
            description = "Body compression of the output (default: ${DEFAULT-VALUE}).")
    Codec codec;

    @Override
    public Integer call() throws Exception {
        spec.commandLine().getOut().println(
                Conversion.copyIpc(in, DataFormat.ARROW_STREAM, out, DataFormat.ARROW_FILE, codec.writeOptions()));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
