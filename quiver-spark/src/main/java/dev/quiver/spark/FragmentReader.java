// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import java.util.Optional;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A task's reader of one fragment: each record batch becomes a {@link ColumnarBatch} of vectors over the
 * batch's memory, valid until {@link #next()} moves on (Spark's contract); the batch is then dropped, and
 * memory the fragment's reader decoded it into is given back by that reader as it moves on (a Parquet row
 * group's arena, a compressed Arrow or Flight batch's buffers), the rest (a file's mapping, shared with the
 * executor's other tasks on the file, a DoGet stream) when the task closes the reader. Partition keys are
 * constant vectors of the fragment's values.
 */
final class FragmentReader implements PartitionReader<ColumnarBatch> {
    private final RecordBatchReader source;
    private final StructType readSchema;
    private final int[] keyIndex;
    private final Object[] partitionValues;
    private final ReadSettings settings;
    /** For each column read from the data, its index in the source's batches. */
    private final int[] sourceIndex;
    private ColumnarBatch current;

    FragmentReader(RecordBatchReader source, StructType readSchema, int[] keyIndex, Object[] partitionValues,
            ReadSettings settings) {
        this.source = source;
        this.readSchema = readSchema;
        this.keyIndex = keyIndex;
        this.partitionValues = partitionValues;
        this.settings = settings;
        Schema schema = source.schema();
        this.sourceIndex = new int[keyIndex.length];
        for (int k = 0; k < keyIndex.length; k++) {
            String name = readSchema.fields()[k].name();
            sourceIndex[k] = keyIndex[k] >= 0 ? -1 : schema.indexOf(name);
            if (keyIndex[k] < 0 && sourceIndex[k] < 0) {
                source.close();
                throw new QuiverSparkException("the data has no column " + name + " (columns: " + schema.names() + ")");
            }
        }
    }

    @Override
    public boolean next() {
        current = null;
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
            return false;
        }
        RecordBatch batch = next.get();
        if (batch.rowCount() > Integer.MAX_VALUE) {
            throw new QuiverSparkException("a batch of " + batch.rowCount() + " rows, more than a Spark batch holds");
        }
        int rows = (int) batch.rowCount();
        ColumnVector[] vectors = new ColumnVector[keyIndex.length];
        for (int k = 0; k < keyIndex.length; k++) {
            StructField field = readSchema.fields()[k];
            if (keyIndex[k] >= 0) {
                vectors[k] = new ConstantVector(field.dataType(), partitionValues[keyIndex[k]], rows);
            } else {
                settings.validate(batch.column(sourceIndex[k]), field.name());
                vectors[k] = Vectors.of(batch.column(sourceIndex[k]).data(), field.dataType(), field.name());
            }
        }
        current = new ColumnarBatch(vectors, rows);
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
