// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/** A reader over batches in memory that remembers whether it was closed, and may fail after its batches. */
final class ListReader implements RecordBatchReader {
    private final Schema schema;
    private final Iterator<RecordBatch> batches;
    private final RuntimeException failure;
    private volatile boolean closed;

    ListReader(Schema schema, List<RecordBatch> batches) {
        this(schema, batches, null);
    }

    /** Reads the batches, then throws {@code failure} (when not null) instead of ending. */
    ListReader(Schema schema, List<RecordBatch> batches, RuntimeException failure) {
        this.schema = schema;
        this.batches = List.copyOf(batches).iterator();
        this.failure = failure;
    }

    boolean closed() {
        return closed;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public synchronized Optional<RecordBatch> readNext() {
        if (batches.hasNext()) {
            return Optional.of(batches.next());
        }
        if (failure != null) {
            throw failure;
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        closed = true;
    }
}
