// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.batch.RecordBatchReader;
import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One input partition of a scan: a part of the data that one Spark task reads on its own (a file, a group of
 * an Arrow file's batches or of a Parquet file's row groups, a Flight endpoint). It is planned on the driver,
 * sent to an executor, and opened there.
 */
interface Fragment extends InputPartition {
    /**
     * Opens the fragment's batches, in order.
     *
     * @param settings how to read
     * @param columns the columns the scan reads from the data (by name, partition keys left out): a source that
     *     can read only some columns reads these (at least one when the list is empty, for the row counts),
     *     others read all
     * @return a reader of the fragment's batches, the caller's to close
     * @throws QuiverSparkException if the data cannot be opened
     */
    RecordBatchReader open(ReadSettings settings, List<String> columns);

    /**
     * The values of the source's partition keys for this fragment's rows, as Spark holds them
     * ({@code UTF8String}, {@code Integer}, {@code Long}, ...; null for a null), in the keys' order.
     *
     * @return the values; empty when the source has no partition keys
     */
    default Object[] partitionValues() {
        return new Object[0];
    }
}
