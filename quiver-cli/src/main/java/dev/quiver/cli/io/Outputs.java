// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.io.AtomicFileOutput;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.json.IntegrationJsonWriter;
import dev.quiver.json.JsonWriteOptions;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes an output file of any supported format through a {@link RecordBatchWriter}: to a temporary file
 * beside the target, moved over it only once every batch is written and the writer closed. A failure
 * anywhere, in the writer or in what feeds it, leaves no new file and an existing one untouched.
 */
public final class Outputs {
    private Outputs() {
    }

    /** What writes the batches, given the writer of the output. */
    @FunctionalInterface
    public interface Batches {
        /**
         * Writes the batches.
         *
         * @param writer the writer of the output
         * @throws IOException if reading what is written fails
         */
        void writeTo(RecordBatchWriter writer) throws IOException;
    }

    /**
     * Writes {@code schema} in {@code format} to {@code path}, which appears once {@code batches} has
     * written every batch and the writer has finished.
     *
     * @param path the output file
     * @param format its format
     * @param schema the schema of every batch
     * @param options the IPC options of Arrow output
     * @param batches what writes the batches
     * @throws IOException if the file cannot be written or moved into place, or {@code batches} fails
     */
    public static void write(Path path, DataFormat format, Schema schema, IpcWriteOptions options, Batches batches)
            throws IOException {
        try (AtomicFileOutput file = AtomicFileOutput.create(path)) {
            try (RecordBatchWriter writer = open(file, path, format, schema, options)) {
                batches.writeTo(writer);
            }
            file.commit();
        }
    }

    private static RecordBatchWriter open(AtomicFileOutput file, Path path, DataFormat format, Schema schema,
            IpcWriteOptions options) {
        return switch (format) {
            case ARROW_FILE -> IpcFileWriter.open(file.channel(), schema, options);
            case ARROW_STREAM -> IpcStreamWriter.open(file.channel(), schema, options);
            case JSON -> IntegrationJsonWriter.open(file.stream(), schema, JsonWriteOptions.DEFAULT.withPretty(true)
                    .withGzip(path.getFileName().toString().endsWith(".gz")));
            case CSV -> new CsvOutput(file.stream(), schema);
        };
    }
}
