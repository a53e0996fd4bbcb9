// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.io.ArrowFormat;
import java.nio.file.Path;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver file-to-stream FILE STREAM}, as the integration tools of other Arrow implementations. */
final class FileToStreamCommand extends Subcommand {
    static final String NAME = "file-to-stream";

    private final PositionalParamSpec in = parameter(positional("0", "FILE", Path.class,
            "The Arrow file to read."));

    private final PositionalParamSpec out = parameter(positional("1", "STREAM", Path.class,
            "The Arrow stream to write (replaced if it exists)."));

    private final OptionSpec codec = option(valued("--codec", "none|lz4|zstd", Codec.class,
            "Body compression of the output (default: ${DEFAULT-VALUE}).").defaultValue("none"));

    FileToStreamCommand() {
        super(NAME, "Reads the Arrow file FILE (fully validated) and writes its batches as the Arrow stream STREAM.");
    }

    @Override
    public Integer call() throws Exception {
        Path in = this.in.getValue();
        Path out = this.out.getValue();
        Codec codec = this.codec.getValue();
        out().println(
                Conversion.copyIpc(in, ArrowFormat.FILE, out, ArrowFormat.STREAM, codec.writeOptions()));
        out().flush();
        return 0;
    }
}
