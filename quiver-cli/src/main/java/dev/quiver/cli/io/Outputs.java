package dev.quiver.cli.io;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.json.IntegrationJsonWriter;
import dev.quiver.json.JsonFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Creates an output file of any supported format as a {@link BatchSink}. */
public final class Outputs {
    private Outputs() {
    }

    /** Creates (or truncates) {@code path} and starts writing {@code schema} in {@code format}. */
    public static BatchSink create(Path path, DataFormat format, Schema schema, IpcWriteOptions options)
            throws IOException {
        return switch (format) {
            case ARROW_FILE -> {
                IpcFileWriter writer = new IpcFileWriter(channel(path), schema, options, Map.of());
                yield sink(writer::write, writer::close);
            }
            case ARROW_STREAM -> {
                IpcStreamWriter writer = new IpcStreamWriter(channel(path), schema, options);
                yield sink(writer::write, writer::close);
            }
            case JSON -> new JsonSink(path, schema);
            case CSV -> new CsvOutput(path, schema);
        };
    }

    private static FileChannel channel(Path path) throws IOException {
        return FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
    }

    private static BatchSink sink(java.util.function.Consumer<RecordBatch> write, Runnable close) {
        return new BatchSink() {
            @Override
            public void write(RecordBatch batch) {
                write.accept(batch);
            }

            @Override
            public void close() {
                close.run();
            }
        };
    }

    /** Integration JSON: the batches are kept and written as one document at the end. */
    private static final class JsonSink implements BatchSink {
        private final Path path;
        private final Schema schema;
        private final List<RecordBatch> batches = new ArrayList<>();

        JsonSink(Path path, Schema schema) {
            this.path = path;
            this.schema = schema;
        }

        @Override
        public void write(RecordBatch batch) {
            batches.add(batch);
        }

        @Override
        public void close() {
            try {
                new IntegrationJsonWriter(true).write(new JsonFile(schema, batches), path);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
