// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Quiver's IPC writing and reading to and from bytes, every read fully validated. */
final class QuiverIpc {
    /** The body compressions tested: none and each codec. */
    enum Codec {
        NONE, LZ4_FRAME, ZSTD;

        CompressionCodec quiver() {
            return switch (this) {
                case NONE -> null;
                case LZ4_FRAME -> CompressionCodec.of(CompressionType.LZ4_FRAME);
                case ZSTD -> CompressionCodec.of(CompressionType.ZSTD);
            };
        }
    }

    /** What was read: the schema and the batches. */
    record Read(Schema schema, List<RecordBatch> batches) {
    }

    private QuiverIpc() {
    }

    static IpcWriteOptions options(Codec codec, int alignment) {
        return IpcWriteOptions.DEFAULT.withCodec(codec.quiver()).withAlignment(alignment);
    }

    static byte[] writeStream(Schema schema, List<RecordBatch> batches, IpcWriteOptions options) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (IpcStreamWriter writer = IpcStreamWriter.open(out, schema, options)) {
            for (RecordBatch batch : batches) {
                writer.write(batch);
            }
        }
        return out.toByteArray();
    }

    static byte[] writeFile(Schema schema, List<RecordBatch> batches, IpcWriteOptions options) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (IpcFileWriter writer = IpcFileWriter.open(out, schema, options)) {
            for (RecordBatch batch : batches) {
                writer.write(batch);
            }
        }
        return out.toByteArray();
    }

    static byte[] write(boolean file, Schema schema, List<RecordBatch> batches, IpcWriteOptions options) {
        return file ? writeFile(schema, batches, options) : writeStream(schema, batches, options);
    }

    /** Reads a stream from an input stream (buffers in the reader's own memory). */
    static Read readStream(byte[] bytes) {
        try (IpcStreamReader reader = IpcStreamReader.open(new ByteArrayInputStream(bytes))) {
            return new Read(reader.schema(), drain(reader));
        }
    }

    /** Reads a stream zero-copy from native memory. */
    static Read readStreamInMemory(byte[] bytes) {
        try (IpcStreamReader reader = IpcStreamReader.open(nativeCopy(bytes), IpcReadOptions.DEFAULT)) {
            return new Read(reader.schema(), drain(reader));
        }
    }

    private static List<RecordBatch> drain(IpcStreamReader reader) {
        List<RecordBatch> batches = new ArrayList<>();
        for (RecordBatch b : reader) {
            b.validateFull();
            batches.add(b);
        }
        return batches;
    }

    /** Reads a file held in native memory, zero-copy. */
    static Read readFile(byte[] bytes) {
        try (IpcFileReader reader = IpcFileReader.open(nativeCopy(bytes), IpcReadOptions.DEFAULT)) {
            return drain(reader);
        }
    }

    /** Reads a file through a channel (each message copied into memory). */
    static Read readFile(Path path) {
        try (FileChannel channel = FileChannel.open(path);
                IpcFileReader reader = IpcFileReader.open(channel, IpcReadOptions.DEFAULT)) {
            return drain(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Maps a file and reads it; the batches are checked by {@code check} while the mapping lives.
     */
    static void mapFile(Path path, java.util.function.Consumer<Read> check) {
        try (IpcFileReader reader = IpcFileReader.map(path)) {
            check.accept(drain(reader));
        }
    }

    static Read read(boolean file, byte[] bytes) {
        return file ? readFile(bytes) : readStream(bytes);
    }

    private static Read drain(IpcFileReader reader) {
        List<RecordBatch> batches = new ArrayList<>();
        for (int k = 0; k < reader.batchCount(); k++) {
            RecordBatch b = reader.batch(k);
            b.validateFull();
            batches.add(b);
        }
        return new Read(reader.schema(), batches);
    }

    private static MemorySegment nativeCopy(byte[] bytes) {
        MemorySegment segment = Arena.ofAuto().allocate(Math.max(1, bytes.length), 64);
        MemorySegment.copy(MemorySegment.ofArray(bytes), 0, segment, 0, bytes.length);
        return segment.asSlice(0, bytes.length);
    }

    /** Writes bytes to a temporary file. */
    static Path temp(Path dir, String name, byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
