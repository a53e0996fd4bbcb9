// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.JsonFileReader;
import org.apache.arrow.vector.ipc.JsonFileWriter;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;

/**
 * The arrow-java side: reads IPC and writes integration JSON, reads integration JSON and writes IPC.
 * Every vector is released when a call returns (the allocator checks it).
 */
final class ArrowJava {
    private ArrowJava() {
    }

    static CompressionUtil.CodecType codecType(QuiverIpc.Codec codec) {
        return switch (codec) {
            case NONE -> CompressionUtil.CodecType.NO_COMPRESSION;
            case LZ4_FRAME -> CompressionUtil.CodecType.LZ4_FRAME;
            case ZSTD -> CompressionUtil.CodecType.ZSTD;
        };
    }

    /** arrow-java's factory of codecs: the commons one knows no NO_COMPRESSION. */
    static CompressionCodec.Factory factory(QuiverIpc.Codec codec) {
        return codec == QuiverIpc.Codec.NONE ? NoCompressionCodec.Factory.INSTANCE : CommonsCompressionFactory.INSTANCE;
    }

    /**
     * Reads IPC bytes (a file or a stream) and writes each batch to its own integration JSON file in
     * {@code dir}, with the dictionaries as they stand when that batch is read; a source without
     * batches gives one JSON file with the schema alone.
     */
    static List<Path> ipcToJson(byte[] ipc, boolean file, Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
                ArrowReader reader = file
                        ? new ArrowFileReader(new ByteArrayReadableSeekableByteChannel(ipc), allocator,
                                CommonsCompressionFactory.INSTANCE)
                        : new ArrowStreamReader(new ByteArrayInputStream(ipc), allocator,
                                CommonsCompressionFactory.INSTANCE)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            if (file) {
                ArrowFileReader fileReader = (ArrowFileReader) reader;
                for (ArrowBlock block : fileReader.getRecordBlocks()) {
                    fileReader.loadRecordBatch(block);
                    out.add(writeJson(root, reader, dir.resolve("batch" + out.size() + ".json")));
                }
            } else {
                while (reader.loadNextBatch()) {
                    out.add(writeJson(root, reader, dir.resolve("batch" + out.size() + ".json")));
                }
            }
            if (out.isEmpty()) {
                Path path = dir.resolve("schema.json");
                try (JsonFileWriter writer = new JsonFileWriter(path.toFile(), JsonFileWriter.config().pretty(false))) {
                    writer.start(root.getSchema(), reader);
                }
                out.add(path);
            }
        }
        return out;
    }

    private static Path writeJson(VectorSchemaRoot root, ArrowReader dictionaries, Path path) throws IOException {
        try (JsonFileWriter writer = new JsonFileWriter(path.toFile(), JsonFileWriter.config().pretty(false))) {
            writer.start(root.getSchema(), dictionaries);
            writer.write(root);
        }
        return path;
    }

    /**
     * Reads an integration JSON file and writes it as an IPC file or stream with the codec (each batch
     * read into its own vectors and loaded into the writer's, as arrow-java's integration tool does).
     */
    static byte[] jsonToIpc(Path json, boolean file, QuiverIpc.Codec codec) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BufferAllocator allocator = new RootAllocator();
                JsonFileReader reader = new JsonFileReader(json.toFile(), allocator)) {
            Schema schema = reader.start();
            try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
                    ArrowWriter writer = file
                            ? new ArrowFileWriter(root, reader, Channels.newChannel(bytes), Map.of(), IpcOption.DEFAULT,
                                    factory(codec), codecType(codec))
                            : new ArrowStreamWriter(root, reader, Channels.newChannel(bytes), IpcOption.DEFAULT,
                                    factory(codec), codecType(codec))) {
                writer.start();
                VectorLoader loader = new VectorLoader(root);
                for (VectorSchemaRoot next = reader.read(); next != null; next = reader.read()) {
                    try (VectorSchemaRoot batch = next;
                            ArrowRecordBatch data = new VectorUnloader(batch).getRecordBatch()) {
                        loader.load(data);
                    }
                    writer.writeBatch();
                }
                writer.end();
            }
        }
        return bytes.toByteArray();
    }

    /**
     * Reads IPC bytes and writes what it read again, in the same format with the codec: the data passes
     * through arrow-java's vectors without JSON (for the types its JSON does not handle).
     */
    static byte[] echo(byte[] ipc, boolean file, QuiverIpc.Codec codec) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BufferAllocator allocator = new RootAllocator();
                ArrowReader reader = file
                        ? new ArrowFileReader(new ByteArrayReadableSeekableByteChannel(ipc), allocator,
                                CommonsCompressionFactory.INSTANCE)
                        : new ArrowStreamReader(new ByteArrayInputStream(ipc), allocator,
                                CommonsCompressionFactory.INSTANCE)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            try (ArrowWriter writer = file
                    ? new ArrowFileWriter(root, reader, Channels.newChannel(bytes), Map.of(), IpcOption.DEFAULT,
                            factory(codec), codecType(codec))
                    : new ArrowStreamWriter(root, reader, Channels.newChannel(bytes), IpcOption.DEFAULT,
                            factory(codec), codecType(codec))) {
                writer.start();
                if (file) {
                    ArrowFileReader fileReader = (ArrowFileReader) reader;
                    for (ArrowBlock block : fileReader.getRecordBlocks()) {
                        fileReader.loadRecordBatch(block);
                        writer.writeBatch();
                    }
                } else {
                    while (reader.loadNextBatch()) {
                        writer.writeBatch();
                    }
                }
                writer.end();
            }
        }
        return bytes.toByteArray();
    }
}
