// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Makes, on an executor, the columnar reader of a fragment. Reads are columnar only: Spark turns the batches
 * into rows itself where a plan needs rows.
 *
 * @param readSchema the Spark schema of the columns read
 * @param columns the index in the Arrow schema of each column read
 * @param settings how to read
 */
record FragmentReaderFactory(StructType readSchema, int[] columns, ReadSettings settings)
        implements PartitionReaderFactory {
    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return true;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        return new FragmentReader(((Fragment) partition).open(settings), readSchema, columns, settings);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        throw new UnsupportedOperationException("the Quiver connector reads columnar batches only");
    }
}
