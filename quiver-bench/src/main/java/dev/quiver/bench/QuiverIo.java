// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchChecksum;
import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What the benchmarks do with Quiver: write and read bench-v1 files and streams. */
public final class QuiverIo {
    private QuiverIo() {
    }

    /** Writes the batches as an IPC file; returns its size in bytes. */
    public static long writeFile(Path path, List<RecordBatch> batches, IpcWriteOptions options) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        try (IpcFileWriter writer = IpcFileWriter.open(channel, BenchV1.SCHEMA, options)) {
            for (RecordBatch batch : batches) {
                writer.write(batch);
            }
        }
        return path.toFile().length();
    }

    /**
     * Writes a table of {@code rows} rows as an IPC file, generating one batch at a time; the batches
     * come from the managed allocator (freed once unreachable), the dictionary is shared by all.
     */
    public static long writeFile(Path path, long rows, IpcWriteOptions options) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        BenchV1 table = new BenchV1(BufferAllocator.managed());
        try (IpcFileWriter writer = IpcFileWriter.open(channel, BenchV1.SCHEMA, options)) {
            for (long start = 0; start < rows; start += BenchV1.BATCH_ROWS) {
                writer.write(table.batch(start, (int) Math.min(BenchV1.BATCH_ROWS, rows - start)));
            }
        }
        return path.toFile().length();
    }

    /** Maps the file and computes the checksum of every batch; decompressed buffers are freed after. */
    public static BenchChecksum readMapped(Path path, boolean validateFull) {
        try (ScopedAllocator allocator = BufferAllocator.scoped();
                IpcFileReader reader = IpcFileReader.map(path,
                        IpcReadOptions.DEFAULT.withValidation(level(validateFull)).withAllocator(allocator))) {
            BenchChecksum checksum = new BenchChecksum();
            for (int k = 0, n = reader.batchCount(); k < n; k++) {
                checksum.add(reader.batch(k));
            }
            return checksum;
        }
    }

    /** Maps the file and fetches its last batch, fully validated (the default) or not; returns its rows. */
    public static long openLast(Path path, boolean validateFull) {
        try (IpcFileReader reader = IpcFileReader.map(path,
                IpcReadOptions.DEFAULT.withValidation(level(validateFull)))) {
            return reader.batch(reader.batchCount() - 1).rowCount();
        }
    }

    /** Writes the batches as an IPC stream into the channel. */
    public static void writeStream(WritableByteChannel channel, List<RecordBatch> batches, IpcWriteOptions options) {
        try (IpcStreamWriter writer = IpcStreamWriter.open(channel, BenchV1.SCHEMA, options)) {
            for (RecordBatch batch : batches) {
                writer.write(batch);
            }
        }
    }

    /** Reads an IPC stream from the channel and computes its checksum. */
    public static BenchChecksum readStream(ReadableByteChannel channel, boolean validateFull) {
        try (ScopedAllocator allocator = BufferAllocator.scoped();
                IpcStreamReader reader = IpcStreamReader.open(channel,
                        IpcReadOptions.DEFAULT.withValidation(level(validateFull)).withAllocator(allocator))) {
            BenchChecksum checksum = new BenchChecksum();
            for (RecordBatch batch : reader) {
                checksum.add(batch);
            }
            return checksum;
        }
    }

    /** Full validation, or the structural checks only (what {@code validateFull = false} measures). */
    private static ValidationLevel level(boolean validateFull) {
        return validateFull ? ValidationLevel.FULL : ValidationLevel.STRUCTURE;
    }

    /** The bytes of the buffers of the batches (each dictionary counted once), padding excluded. */
    public static long tableBytes(List<RecordBatch> batches) {
        List<ArrayData> columns = new java.util.ArrayList<>();
        for (RecordBatch batch : batches) {
            batch.columns().forEach(column -> columns.add(column.data()));
        }
        return columnBytes(columns);
    }

    /** The bytes of the buffers of the columns and their children and dictionaries (each once). */
    public static long columnBytes(List<ArrayData> columns) {
        Set<ArrayData> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        long bytes = 0;
        for (ArrayData column : columns) {
            bytes += bytes(column, seen);
        }
        return bytes;
    }

    private static long bytes(ArrayData data, Set<ArrayData> seen) {
        if (!seen.add(data)) {
            return 0;
        }
        long bytes = 0;
        for (ArrowBuffer buffer : data.buffers()) {
            bytes += buffer == null ? 0 : buffer.byteSize();
        }
        for (ArrayData child : data.children()) {
            bytes += bytes(child, seen);
        }
        return data.dictionary() == null ? bytes : bytes + bytes(data.dictionary(), seen);
    }
}
