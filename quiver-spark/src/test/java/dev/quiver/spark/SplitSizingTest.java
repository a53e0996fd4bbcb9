// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The bytes of a split (Spark's FilePartition.maxSplitBytes rule) and the batches of an Arrow file per split. */
class SplitSizingTest {
    private static final long MIB = 1L << 20;

    @Test
    void aLargeScanOnOneCoreTakesMaxPartitionBytes() {
        SplitSizing sizing = new SplitSizing(128 * MIB, 4 * MIB, 1);
        assertEquals(128 * MIB, sizing.maxSplitBytes(1000 * MIB, 1));
    }

    @Test
    void aSmallScanIsSharedOverTheCoresButNotBelowTheOpenCost() {
        // (100 MiB + 2 files * 4 MiB) / 4 cores = 27 MiB
        assertEquals(27 * MIB, new SplitSizing(128 * MIB, 4 * MIB, 4).maxSplitBytes(100 * MIB, 2));
        // (8 MiB + 4 MiB) / 8 cores = 1.5 MiB, raised to the open cost
        assertEquals(4 * MIB, new SplitSizing(128 * MIB, 4 * MIB, 8).maxSplitBytes(8 * MIB, 1));
    }

    @Test
    void batchesPerSplitFitTheSplitAndAreAtLeastOne() {
        // 400 MiB in 160 batches of 2.5 MiB: 51 batches in 128 MiB, so a file of 160 batches is 4 tasks
        assertEquals(51, SplitSizing.batchesPerSplit(400 * MIB, 160, 128 * MIB));
        assertEquals(1, SplitSizing.batchesPerSplit(400 * MIB, 160, 1));
        assertEquals(160, SplitSizing.batchesPerSplit(400 * MIB, 160, 1L << 40), "never more than the file holds");
        assertEquals(1, SplitSizing.batchesPerSplit(0, 0, 128 * MIB), "a file without batches is one task");
        assertEquals(3, SplitSizing.batchesPerSplit(10, 3, 10));
    }

    @Test
    void sizesBelowOneAreRefused() {
        QuiverSparkException e = assertThrows(QuiverSparkException.class, () -> new SplitSizing(0, 4 * MIB, 1));
        assertEquals("split sizing needs maxPartitionBytes >= 1, openCostInBytes >= 0 and parallelism >= 1, not 0, "
                + "4194304, 1", e.getMessage());
    }
}
