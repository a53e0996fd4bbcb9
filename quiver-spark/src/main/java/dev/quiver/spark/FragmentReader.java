// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import java.util.Optional;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A task's reader of one fragment: each record batch becomes a {@link ColumnarBatch} of vectors over the
 * batch's memory, valid until {@link #next()} moves on (Spark's contract); the batch is then dropped, and the
 * fragment's input (a file's mapping, a DoGet stream) is released when the task closes the reader.
 */
final class FragmentReader implements PartitionReader<ColumnarBatch> {
    private final RecordBatchReader source;
    private final StructType readSchema;
    private final int[] columns;
    private final ReadSettings settings;
    private ColumnarBatch current;

    FragmentReader(RecordBatchReader source, StructType readSchema, int[] columns, ReadSettings settings) {
        this.source = source;
        this.readSchema = readSchema;
        this.columns = columns;
        this.settings = settings;
    }

    @Override
    public boolean next() {
        Optional<RecordBatch> next;
        try {
            next = source.readNext();
        } catch (QuiverException e) {
            if (e instanceof QuiverSparkException) {
                throw e;
            }
            throw new QuiverSparkException("reading a batch failed: " + e.getMessage(), e);
        }
        if (next.isEmpty()) {
            current = null;
            return false;
        }
        RecordBatch batch = next.get();
        if (batch.rowCount() > Integer.MAX_VALUE) {
            throw new QuiverSparkException("a batch of " + batch.rowCount() + " rows, more than a Spark batch holds");
        }
        ColumnVector[] vectors = new ColumnVector[columns.length];
        for (int k = 0; k < columns.length; k++) {
            String name = readSchema.fields()[k].name();
            settings.validate(batch.column(columns[k]), name);
            vectors[k] = Vectors.of(batch.column(columns[k]).data(), readSchema.fields()[k].dataType(), name);
        }
        current = new ColumnarBatch(vectors, (int) batch.rowCount());
        return true;
    }

    @Override
    public ColumnarBatch get() {
        return current;
    }

    @Override
    public void close() {
        current = null;
        source.close();
    }
}
