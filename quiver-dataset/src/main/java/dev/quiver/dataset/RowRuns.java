// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.compute.selection.NullSelection;
import dev.quiver.compute.selection.Selection;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.Bitmaps;
import java.lang.foreign.MemorySegment;

/**
 * The rows of a batch a filter's mask keeps, copied only when they are scattered: no row, every row, or
 * one run of rows (a filter on a range of a sorted column, such as {@code id} between two values) is a
 * slice of the batch, without copying; other masks go through quiver-compute's filter (null drops a row).
 */
final class RowRuns {
    private RowRuns() {
    }

    /**
     * The rows of a batch where the mask is true.
     *
     * @param batch the batch
     * @param mask one boolean per row; null drops the row
     * @return the rows kept, a slice of the batch where they are one run
     */
    static RecordBatch select(RecordBatch batch, Array mask) {
        BooleanArray m = (BooleanArray) mask;
        long n = m.length();
        if (m.nullCount() == 0) {
            MemorySegment bits = m.data().buffer(1).segment();
            long offset = m.offset();
            long count = Bitmaps.countSet(bits, offset, n);
            if (count == n) {
                return batch;
            }
            long first = count == 0 ? 0 : firstSet(bits, offset, n);
            if (count == 0 || Bitmaps.countSet(bits, offset + first, count) == count) {
                return batch.slice(first, count);
            }
        }
        return Selection.filter(batch, mask, NullSelection.DROP);
    }

    /** The first set bit of {@code bits[offset, offset + n)}, which holds one, by bisecting on counts. */
    private static long firstSet(MemorySegment bits, long offset, long n) {
        long low = 0;
        long high = n;
        while (high - low > 1) {
            long middle = (low + high) >>> 1;
            if (Bitmaps.countSet(bits, offset + low, middle - low) > 0) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return low;
    }
}
