// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.util.ArrayList;
import java.util.List;
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
 * @param keyIndex for each column read, its index among the source's partition keys, or -1 for a column of the
 *     data
 * @param settings how to read
 */
record FragmentReaderFactory(StructType readSchema, int[] keyIndex, ReadSettings settings)
        implements PartitionReaderFactory {
    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return true;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        Fragment fragment = (Fragment) partition;
        List<String> columns = new ArrayList<>();
        for (int k = 0; k < keyIndex.length; k++) {
            if (keyIndex[k] < 0) {
                columns.add(readSchema.fields()[k].name());
            }
        }
        return new FragmentReader(fragment.open(settings, columns), readSchema, keyIndex, fragment.partitionValues(),
                settings);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        throw new UnsupportedOperationException("the Quiver connector reads columnar batches only");
    }
}
