// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.io.AtomicFileOutput;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.json.IntegrationJsonWriter;
import dev.quiver.json.JsonFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.GZIPOutputStream;

/**
 * Creates an output file of any supported format as a {@link BatchSink}: written to a temporary file
 * beside the target and moved over it when finished.
 */
public final class Outputs {
    private Outputs() {
    }

    /**
     * Starts writing {@code schema} in {@code format} for {@code path}, which appears once the sink finishes.
     *
     * @param path the output file
     * @param format its format
     * @param schema the schema of every batch
     * @param options the IPC options of Arrow output
     * @return the sink, to finish and close
     * @throws IOException if the temporary file cannot be created
     */
    public static BatchSink create(Path path, DataFormat format, Schema schema, IpcWriteOptions options)
            throws IOException {
        AtomicFileOutput file = AtomicFileOutput.create(path);
        try {
            return new AtomicSink(file, switch (format) {
                case ARROW_FILE -> {
                    IpcFileWriter writer = new IpcFileWriter(file.channel(), schema, options, Map.of());
                    yield content(writer::write, writer::close);
                }
                case ARROW_STREAM -> {
                    IpcStreamWriter writer = new IpcStreamWriter(file.channel(), schema, options);
                    yield content(writer::write, writer::close);
                }
                case JSON -> new JsonContent(file, path, schema);
                case CSV -> new CsvOutput(file.stream(), schema);
            });
        } catch (RuntimeException e) {
            try {
                file.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static Content content(Consumer<RecordBatch> write, Runnable end) {
        return new Content() {
            @Override
            public void write(RecordBatch batch) {
                write.accept(batch);
            }

            @Override
            public void end() {
                end.run();
            }
        };
    }

    /** What one format writes into the file: the batches, then its end. */
    interface Content {
        void write(RecordBatch batch);

        void end() throws IOException;
    }

    /** A format's content in an atomic file: finishing ends the content, then commits the file. */
    private static final class AtomicSink implements BatchSink {
        private final AtomicFileOutput file;
        private final Content content;

        AtomicSink(AtomicFileOutput file, Content content) {
            this.file = file;
            this.content = content;
        }

        @Override
        public void write(RecordBatch batch) {
            content.write(batch);
        }

        @Override
        public void finish() throws IOException {
            content.end();
            file.commit();
        }

        @Override
        public void close() throws IOException {
            file.close();
        }
    }

    /** Integration JSON: the batches are kept and written as one document at the end. */
    private static final class JsonContent implements Content {
        private final AtomicFileOutput file;
        private final boolean gzip;
        private final Schema schema;
        private final List<RecordBatch> batches = new ArrayList<>();

        JsonContent(AtomicFileOutput file, Path path, Schema schema) {
            this.file = file;
            this.gzip = path.getFileName().toString().endsWith(".gz");
            this.schema = schema;
        }

        @Override
        public void write(RecordBatch batch) {
            batches.add(batch);
        }

        @Override
        public void end() throws IOException {
            JsonFile json = new JsonFile(schema, batches);
            try (OutputStream out = gzip ? new GZIPOutputStream(file.stream()) : file.stream()) {
                new IntegrationJsonWriter(true).write(json, out);
            }
        }
    }
}
