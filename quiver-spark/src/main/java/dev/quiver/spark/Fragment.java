// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.batch.RecordBatchReader;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One input partition of a scan: a part of the data that one Spark task reads on its own (a file, a group of
 * an Arrow file's batches, a Flight endpoint). It is planned on the driver, sent to an executor, and opened
 * there.
 */
interface Fragment extends InputPartition {
    /**
     * Opens the fragment's batches, in order.
     *
     * @param settings how to read
     * @return a reader of the fragment's batches, the caller's to close
     * @throws QuiverSparkException if the data cannot be opened
     */
    RecordBatchReader open(ReadSettings settings);
}
