// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.ArenaAllocator;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcStreamReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The batches {@code [start, end)} of an Arrow file, read from its memory mapping (shared by the executor's
 * tasks reading the file, {@link SharedFileReaders}, and unmapped when the last of them closes its reader), or
 * a whole Arrow stream. The memory a batch needs of its own (a compressed batch's decompressed buffers, a
 * stream's message) is an arena of the task's thread, closed when the reader moves to the next batch or is
 * closed: a task holds one batch's memory at a time.
 *
 * @param path the file
 * @param isFile whether it is an Arrow file (else a stream)
 * @param start the first batch
 * @param end one past the last batch
 * @param partitionValues the values of the source's partition keys for the file, as Spark holds them
 */
record IpcFragment(String path, boolean isFile, int start, int end, Object[] partitionValues) implements Fragment {
    /** {@inheritDoc} All columns: an Arrow batch's columns are where they lie, those left unread cost nothing. */
    @Override
    public RecordBatchReader open(ReadSettings settings, List<String> columns) {
        try {
            if (!isFile) {
                return new Stream(IpcStreamReader.open(Path.of(path), settings.ipcOptions()));
            }
            return new Range(SharedFileReaders.acquire(Path.of(path), settings.ipcOptions()), start, end);
        } catch (QuiverException e) {
            if (e instanceof QuiverSparkException) {
                throw e;
            }
            throw new QuiverSparkException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** Batches each read into an arena of their own, closed when the next is read or the reader closes. */
    private abstract static class PerBatchMemory implements RecordBatchReader {
        private ArenaAllocator memory;

        /** The next batch, its own memory taken from {@code memory}; empty after the last. */
        abstract Optional<RecordBatch> next(BufferAllocator memory);

        /** Closes the input. */
        abstract void closeInput();

        @Override
        public final Optional<RecordBatch> readNext() {
            release();
            memory = BufferAllocator.managed().arena();
            return next(memory);
        }

        private void release() {
            if (memory != null) {
                ArenaAllocator last = memory;
                memory = null;
                last.close();
            }
        }

        @Override
        public final void close() {
            try {
                release();
            } finally {
                closeInput();
            }
        }
    }

    /** A range of a file's batches, from the shared reader of the file. */
    private static final class Range extends PerBatchMemory {
        private final SharedFileReaders.Lease file;
        private final int end;
        private int next;

        Range(SharedFileReaders.Lease file, int start, int end) {
            this.file = file;
            this.next = start;
            this.end = Math.min(end, file.reader().batchCount());
        }

        @Override
        public Schema schema() {
            return file.reader().schema();
        }

        @Override
        Optional<RecordBatch> next(BufferAllocator memory) {
            return next < end ? Optional.of(file.reader().batch(next++, memory)) : Optional.empty();
        }

        @Override
        void closeInput() {
            file.close();
        }
    }

    /** A whole stream. */
    private static final class Stream extends PerBatchMemory {
        private final IpcStreamReader stream;

        Stream(IpcStreamReader stream) {
            this.stream = stream;
        }

        @Override
        public Schema schema() {
            return stream.schema();
        }

        @Override
        Optional<RecordBatch> next(BufferAllocator memory) {
            return stream.readNext(memory);
        }

        @Override
        void closeInput() {
            stream.close();
        }
    }
}
