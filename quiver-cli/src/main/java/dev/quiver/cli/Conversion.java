// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.BatchSink;
import dev.quiver.cli.io.BatchSource;
import dev.quiver.cli.io.DataFormat;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.io.Outputs;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Copies the batches of a source into a new output file. */
final class Conversion {
    private Conversion() {
    }

    /**
     * Converts the Arrow IPC input {@code in}, which must be in format {@code from} (fully validated on
     * reading), to {@code out} in format {@code to}; returns a one-line summary.
     */
    static String copyIpc(Path in, DataFormat from, Path out, DataFormat to, IpcWriteOptions options)
            throws IOException {
        if (DataFormat.ofInput(in) != from) {
            throw new CliException(in + " is not an " + (from == DataFormat.ARROW_FILE ? "Arrow file" : "Arrow stream"));
        }
        try (BatchSource source = Inputs.open(in, from, Map.of(), IpcReadOptions.DEFAULT)) {
            return copy(source, in, out, to, options);
        }
    }

    /** Writes every batch of {@code source} to {@code out} as {@code format}; returns a one-line summary. */
    static String copy(BatchSource source, Path in, Path out, DataFormat format, IpcWriteOptions options)
            throws IOException {
        if (Files.exists(out) && Files.isSameFile(in, out)) {
            throw new CliException("the output " + out + " is the input: write to another file");
        }
        long batches = 0;
        long rows = 0;
        try (BatchSink sink = Outputs.create(out, format, source.schema(), options)) {
            for (RecordBatch batch = source.next(); batch != null; batch = source.next()) {
                sink.write(batch);
                batches++;
                rows += batch.rowCount();
            }
            sink.finish();
        }
        String codec = format.isArrow() && options.codec() != null ? ", " + options.codec().type() : "";
        return "wrote " + out + " (" + format.label() + codec + "): " + Sizes.count(batches, "batch", "batches")
                + ", " + Sizes.count(rows, "row", "rows") + ", " + Sizes.bytes(Files.size(out));
    }
}
