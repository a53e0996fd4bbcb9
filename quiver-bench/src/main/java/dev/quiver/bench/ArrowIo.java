// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;

/** The same work as {@link QuiverIo}, done with arrow-java 19. */
public final class ArrowIo {
    private ArrowIo() {
    }

    /** Writes the table as an IPC file; returns its size in bytes. */
    public static long writeFile(Path path, ArrowTable table, Codec codec, BufferAllocator allocator)
            throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
                VectorSchemaRoot root = VectorSchemaRoot.create(ArrowBenchV1.SCHEMA, allocator);
                ArrowFileWriter writer = new ArrowFileWriter(root, table.dictionaries(), channel, Map.of(),
                        IpcOption.DEFAULT, codecs(codec), codec.arrow())) {
            writeAll(writer, root, table.batches());
        }
        return path.toFile().length();
    }

    private static CompressionCodec.Factory codecs(Codec codec) {
        return codec == Codec.NONE ? NoCompressionCodec.Factory.INSTANCE : CommonsCompressionFactory.INSTANCE;
    }

    /** Writes the table as an IPC stream into the channel. */
    public static void writeStream(WritableByteChannel channel, ArrowTable table, BufferAllocator allocator)
            throws IOException {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(ArrowBenchV1.SCHEMA, allocator);
                ArrowStreamWriter writer = new ArrowStreamWriter(root, table.dictionaries(), channel)) {
            writeAll(writer, root, table.batches());
        }
    }

    /** Loads each batch into the writer's root (buffers shared, not copied) and writes it. */
    private static void writeAll(ArrowWriter writer, VectorSchemaRoot root, List<VectorSchemaRoot> batches)
            throws IOException {
        writer.start();
        VectorLoader loader = new VectorLoader(root);
        for (VectorSchemaRoot batch : batches) {
            try (ArrowRecordBatch unloaded = new VectorUnloader(batch).getRecordBatch()) {
                loader.load(unloaded);
            }
            writer.writeBatch();
        }
        writer.end();
    }

    /** Reads every batch of the file with ArrowFileReader and computes the checksum. */
    public static ArrowChecksum readFile(Path path, BufferAllocator allocator) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
                ArrowFileReader reader = new ArrowFileReader(channel, allocator, CommonsCompressionFactory.INSTANCE)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            ArrowChecksum checksum = new ArrowChecksum();
            for (ArrowBlock block : reader.getRecordBlocks()) {
                reader.loadRecordBatch(block);
                checksum.add(root, reader);
            }
            return checksum;
        }
    }

    /** Opens the file with ArrowFileReader and loads its last batch; returns its rows. */
    public static long openLast(Path path, BufferAllocator allocator) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
                ArrowFileReader reader = new ArrowFileReader(channel, allocator, CommonsCompressionFactory.INSTANCE)) {
            List<ArrowBlock> blocks = reader.getRecordBlocks();
            reader.loadRecordBatch(blocks.get(blocks.size() - 1));
            return reader.getVectorSchemaRoot().getRowCount();
        }
    }

    /** Reads an IPC stream from the channel with ArrowStreamReader and computes the checksum. */
    public static ArrowChecksum readStream(ReadableByteChannel channel, BufferAllocator allocator) throws IOException {
        try (ArrowStreamReader reader = new ArrowStreamReader(channel, allocator, CommonsCompressionFactory.INSTANCE)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            ArrowChecksum checksum = new ArrowChecksum();
            while (reader.loadNextBatch()) {
                checksum.add(root, reader);
            }
            return checksum;
        }
    }
}
