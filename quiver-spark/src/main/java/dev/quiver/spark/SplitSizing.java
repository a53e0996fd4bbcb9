// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.internal.SQLConf;
import scala.Option;

/**
 * How many bytes of an Arrow file one task reads, by the rule of Spark's own file sources: a split holds at
 * most {@code spark.sql.files.maxPartitionBytes} (128 MiB by default), and at least
 * {@code spark.sql.files.openCostInBytes} (4 MiB), aiming at an even share of all bytes (each file counted
 * with its opening cost) over the session's default parallelism, so that a small scan still uses every core.
 *
 * @param maxPartitionBytes the most bytes of a split
 * @param openCostInBytes what opening a file is counted as, in bytes
 * @param parallelism the tasks the session runs at once
 */
record SplitSizing(long maxPartitionBytes, long openCostInBytes, int parallelism) {
    /** Spark's default of {@code spark.sql.files.maxPartitionBytes}: 128 MiB. */
    static final long DEFAULT_MAX_PARTITION_BYTES = 128L << 20;
    /** Spark's default of {@code spark.sql.files.openCostInBytes}: 4 MiB. */
    static final long DEFAULT_OPEN_COST_IN_BYTES = 4L << 20;

    /**
     * Checks the values.
     *
     * @throws QuiverSparkException if a size or the parallelism is below 1
     */
    SplitSizing {
        if (maxPartitionBytes < 1 || openCostInBytes < 0 || parallelism < 1) {
            throw new QuiverSparkException("split sizing needs maxPartitionBytes >= 1, openCostInBytes >= 0 and "
                    + "parallelism >= 1, not " + maxPartitionBytes + ", " + openCostInBytes + ", " + parallelism);
        }
    }

    /**
     * The sizing of the active Spark session's settings, or Spark's defaults on one core without a session.
     *
     * @return the sizing
     */
    static SplitSizing ofActiveSession() {
        Option<SparkSession> active = SparkSession.getActiveSession();
        if (active.isEmpty()) {
            return new SplitSizing(DEFAULT_MAX_PARTITION_BYTES, DEFAULT_OPEN_COST_IN_BYTES, 1);
        }
        SQLConf conf = SQLConf.get();
        return new SplitSizing(conf.filesMaxPartitionBytes(), conf.filesOpenCostInBytes(),
                Math.max(1, active.get().sparkContext().defaultParallelism()));
    }

    /**
     * The most bytes of a split, as Spark's {@code FilePartition.maxSplitBytes}:
     * {@code min(maxPartitionBytes, max(openCostInBytes, (bytes + files * openCostInBytes) / parallelism))}.
     *
     * @param totalBytes the bytes of the files read
     * @param files how many files they are
     * @return the bytes, at least 1
     */
    long maxSplitBytes(long totalBytes, int files) {
        long withOpenCost = totalBytes + (long) files * openCostInBytes;
        long perCore = withOpenCost / parallelism;
        return Math.max(1, Math.min(maxPartitionBytes, Math.max(openCostInBytes, perCore)));
    }

    /**
     * The record batches of one split of a file: as many of its batches (taken as of equal size) as fit in
     * {@code maxSplitBytes}, at least one.
     *
     * @param fileBytes the file's size
     * @param batches its record batches
     * @param maxSplitBytes the most bytes of a split
     * @return the batches per split, between 1 and {@code max(1, batches)}
     */
    static int batchesPerSplit(long fileBytes, int batches, long maxSplitBytes) {
        if (batches <= 1) {
            return 1;
        }
        if (maxSplitBytes >= fileBytes) {
            return batches;
        }
        double fit = Math.floor((double) maxSplitBytes * batches / fileBytes);
        return (int) Math.max(1, Math.min(batches, fit));
    }
}
