// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import java.util.Iterator;
import java.util.List;

/** Batches already in memory (read from JSON or CSV). */
final class ListSource implements BatchSource {
    private final Schema schema;
    private final Iterator<RecordBatch> batches;
    private final DataFormat format;

    ListSource(Schema schema, List<RecordBatch> batches, DataFormat format) {
        this.schema = schema;
        this.batches = batches.iterator();
        this.format = format;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public RecordBatch next() {
        return batches.hasNext() ? batches.next() : null;
    }

    @Override
    public DataFormat format() {
        return format;
    }

    @Override
    public void close() {
    }
}
