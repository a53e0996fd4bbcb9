// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.DataFormat;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.io.Outputs;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
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
        try (RecordBatchReader source = Inputs.open(in, from, Map.of(), IpcReadOptions.DEFAULT)) {
            return copy(source, in, out, to, options);
        }
    }

    /** Writes every batch of {@code source} to {@code out} as {@code format}; returns a one-line summary. */
    static String copy(RecordBatchReader source, Path in, Path out, DataFormat format, IpcWriteOptions options)
            throws IOException {
        if (Files.exists(out) && Files.isSameFile(in, out)) {
            throw new CliException("the output " + out + " is the input: write to another file");
        }
        long[] batchesAndRows = new long[2];
        Outputs.write(out, format, source.schema(), options, writer -> {
            for (RecordBatch batch : source) {
                writer.write(batch);
                batchesAndRows[0]++;
                batchesAndRows[1] += batch.rowCount();
            }
        });
        long batches = batchesAndRows[0];
        long rows = batchesAndRows[1];
        String codec = format.isArrow() && options.codec() != null ? ", " + options.codec().type() : "";
        return "wrote " + out + " (" + format.label() + codec + "): " + Sizes.count(batches, "batch", "batches")
                + ", " + Sizes.count(rows, "row", "rows") + ", " + Sizes.bytes(Files.size(out));
    }
}
