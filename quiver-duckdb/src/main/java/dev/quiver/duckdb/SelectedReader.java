// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A reader's batches with only some of their columns, in a given order. */
final class SelectedReader implements RecordBatchReader {
    private final RecordBatchReader reader;
    private final int[] columns;
    private final Schema schema;

    /** The columns {@code columns} of {@code reader}'s batches (the reader is closed with this one). */
    SelectedReader(RecordBatchReader reader, int[] columns) {
        this.reader = reader;
        this.columns = columns.clone();
        List<Field> fields = new ArrayList<>(columns.length);
        for (int i : columns) {
            fields.add(reader.schema().fields().get(i));
        }
        this.schema = new Schema(fields);
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public Optional<RecordBatch> readNext() {
        return reader.readNext().map(batch -> batch.select(columns));
    }

    @Override
    public void close() {
        reader.close();
    }
}
