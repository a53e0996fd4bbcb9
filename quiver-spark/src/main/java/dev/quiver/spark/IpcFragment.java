// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcStreamReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The batches {@code [start, end)} of an Arrow file, read from its memory mapping (released when the task's
 * reader closes), or a whole Arrow stream.
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
                return IpcStreamReader.open(Path.of(path), settings.ipcOptions());
            }
            return new Range(IpcFileReader.map(Path.of(path), settings.ipcOptions()), start, end);
        } catch (QuiverException e) {
            throw new QuiverSparkException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** A range of a file's batches. */
    private static final class Range implements RecordBatchReader {
        private final IpcFileReader file;
        private final int end;
        private int next;

        Range(IpcFileReader file, int start, int end) {
            this.file = file;
            this.next = start;
            this.end = Math.min(end, file.batchCount());
        }

        @Override
        public Schema schema() {
            return file.schema();
        }

        @Override
        public Optional<RecordBatch> readNext() {
            return next < end ? Optional.of(file.batch(next++)) : Optional.empty();
        }

        @Override
        public void close() {
            file.close();
        }
    }
}
