// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.parquet.format.SizeStatistics;
import java.util.Arrays;

/**
 * The size statistics (parquet.thrift SizeStatistics) of a column chunk and of each of its data pages, as Arrow
 * C++ writes them: a definition level histogram where the maximum definition level is above 0, a repetition
 * level histogram where the maximum repetition level is above 0 (in the chunk's statistics an empty one
 * otherwise), and the unencoded bytes of BYTE_ARRAY values (without their lengths; a dictionary-encoded page
 * counts the values its indices stand for). A chunk with none of the three has no size statistics.
 */
final class SizeStatisticsCollector {
    private final long[] chunkDefinition;
    private final long[] chunkRepetition;
    private final boolean byteArray;
    private long chunkBytes;
    private long[] pageDefinitions = new long[0];
    private long[] pageRepetitions = new long[0];
    private long[] pageBytes = new long[0];
    private int pages;

    /**
     * Empty statistics for a leaf.
     *
     * @param maxDefinition the leaf's maximum definition level
     * @param maxRepetition the leaf's maximum repetition level
     * @param byteArray whether the leaf is BYTE_ARRAY
     */
    SizeStatisticsCollector(int maxDefinition, int maxRepetition, boolean byteArray) {
        this.chunkDefinition = maxDefinition > 0 ? new long[maxDefinition + 1] : null;
        this.chunkRepetition = maxRepetition > 0 ? new long[maxRepetition + 1] : null;
        this.byteArray = byteArray;
    }

    /**
     * Counts a data page.
     *
     * @param def the page's definition levels (unused when the maximum is 0)
     * @param rep the page's repetition levels (unused when the maximum is 0)
     * @param unencodedBytes the bytes of the page's BYTE_ARRAY values (ignored for other types)
     */
    void addPage(IntList def, IntList rep, long unencodedBytes) {
        pages++;
        if (chunkDefinition != null) {
            pageDefinitions = addHistogram(pageDefinitions, def, chunkDefinition);
        }
        if (chunkRepetition != null) {
            pageRepetitions = addHistogram(pageRepetitions, rep, chunkRepetition);
        }
        if (byteArray) {
            pageBytes = Arrays.copyOf(pageBytes, pages);
            pageBytes[pages - 1] = unencodedBytes;
            chunkBytes += unencodedBytes;
        }
    }

    /** Appends the histogram of {@code levels} to {@code all} (one block per page) and adds it to {@code chunk}. */
    private long[] addHistogram(long[] all, IntList levels, long[] chunk) {
        int width = chunk.length;
        long[] grown = Arrays.copyOf(all, pages * width);
        int base = (pages - 1) * width;
        int[] v = levels.array();
        int n = levels.size();
        if (width == 2) {
            // levels 0 and 1: the sum counts the ones
            long ones = 0;
            for (int i = 0; i < n; i++) {
                ones += v[i];
            }
            grown[base] = n - ones;
            grown[base + 1] = ones;
        } else {
            for (int i = 0; i < n; i++) {
                grown[base + v[i]]++;
            }
        }
        for (int k = 0; k < width; k++) {
            chunk[k] += grown[base + k];
        }
        return grown;
    }

    /**
     * The chunk's statistics.
     *
     * @return the statistics, or {@code null} when there is nothing to say (maximum levels 0, not BYTE_ARRAY)
     */
    SizeStatistics chunk() {
        if (chunkDefinition == null && chunkRepetition == null && !byteArray) {
            return null;
        }
        // both histograms are written, one empty where its maximum level is 0, as Arrow C++ writes them
        return new SizeStatistics(byteArray ? Long.valueOf(chunkBytes) : null,
                chunkRepetition == null ? new long[0] : chunkRepetition.clone(),
                chunkDefinition == null ? new long[0] : chunkDefinition.clone());
    }

    /**
     * The pages' definition level histograms, concatenated (the column index's field).
     *
     * @return the histograms, or {@code null} when the maximum definition level is 0
     */
    long[] pageDefinitionHistograms() {
        return chunkDefinition == null ? null : pageDefinitions.clone();
    }

    /**
     * The pages' repetition level histograms, concatenated.
     *
     * @return the histograms, or {@code null} when the maximum repetition level is 0
     */
    long[] pageRepetitionHistograms() {
        return chunkRepetition == null ? null : pageRepetitions.clone();
    }

    /**
     * The pages' unencoded BYTE_ARRAY bytes (the offset index's field).
     *
     * @return one per page, or {@code null} for other types
     */
    long[] pageUnencodedBytes() {
        return byteArray ? pageBytes.clone() : null;
    }
}
