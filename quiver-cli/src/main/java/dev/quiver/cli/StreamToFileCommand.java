// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.io.ArrowFormat;
import java.nio.file.Path;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver stream-to-file STREAM FILE}, as the integration tools of other Arrow implementations. */
final class StreamToFileCommand extends Subcommand {
    static final String NAME = "stream-to-file";

    private final PositionalParamSpec in = parameter(positional("0", "STREAM", Path.class,
            "The Arrow stream to read."));

    private final PositionalParamSpec out = parameter(positional("1", "FILE", Path.class,
            "The Arrow file to write (replaced if it exists)."));

    private final OptionSpec codec = option(valued("--codec", "none|lz4|zstd", Codec.class,
            "Body compression of the output (default: ${DEFAULT-VALUE}).").defaultValue("none"));

    StreamToFileCommand() {
        super(NAME, "Reads the Arrow stream STREAM (fully validated) and writes its batches as the Arrow file FILE.");
    }

    @Override
    public Integer call() throws Exception {
        Path in = this.in.getValue();
        Path out = this.out.getValue();
        Codec codec = this.codec.getValue();
        out().println(
                Conversion.copyIpc(in, ArrowFormat.STREAM, out, ArrowFormat.FILE, codec.writeOptions()));
        out().flush();
        return 0;
    }
}
