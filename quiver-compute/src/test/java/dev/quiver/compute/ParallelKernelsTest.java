// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.compute.cast.Cast;
import dev.quiver.compute.compare.Predicates;
import dev.quiver.compute.selection.Selection;
import dev.quiver.compute.sort.NullPlacement;
import dev.quiver.compute.sort.SortOrder;
import dev.quiver.compute.sort.Sorting;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.Int64Array;
import dev.quiver.core.array.UInt64Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The kernels that split work into morsels (2^20 rows) or blocks give, on several threads, exactly what they
 * give on one: arrays long enough for several morsels, sliced at an odd offset so morsels straddle bytes.
 */
class ParallelKernelsTest {
    private static final int N = 1_300_000;

    private static <T> T both(Supplier<T> kernel) {
        T one = Threads.call(1, kernel);
        T four = Threads.call(4, kernel);
        assertEquals(one, four);
        return one;
    }

    @Test
    void morselKernelsMatchOneThread() {
        Random random = new Random(5);
        Array values = RandomArrays.of(ArrowType.INT64, random, N, 0.1);
        Array mask = RandomArrays.of(ArrowType.BOOL, random, N, 0.05);
        ArrayBuilder idx = ArrayBuilder.of(ArrowType.INT64);
        for (int i = 0; i < N; i++) {
            idx.appendObject(random.nextInt(20) == 0 ? null : (Object) (long) random.nextInt(N));
        }
        Array indices = idx.build().slice(1, N - 1);
        Array kept = both(() -> Selection.filter(values, mask));
        assertEquals(Selection.filter(values, mask).length(), kept.length());
        both(() -> Selection.take(values, indices));
        Array asText = both(() -> Cast.to(values, ArrowType.UTF8));
        assertEquals(values, both(() -> Cast.to(asText, ArrowType.INT64)));
        both(() -> Cast.to(values, ArrowType.FLOAT64, dev.quiver.compute.cast.CastOptions.UNSAFE));
        both(() -> Predicates.isIn(values, values.slice(0, 500)));
    }

    @Test
    void parallelRadixSortIsStableAndOrdered() {
        Random random = new Random(6);
        Array values = RandomArrays.of(ArrowType.INT64, random, 300_000, 0.01);
        UInt64Array order = (UInt64Array) both(() -> Sorting.sortIndices(values, SortOrder.ASCENDING,
                NullPlacement.AT_END));
        Int64Array v = (Int64Array) values;
        for (int i = 1; i < values.length() - values.nullCount(); i++) {
            long a = order.get(i - 1);
            long b = order.get(i);
            assertTrue(v.get(a) < v.get(b) || v.get(a) == v.get(b) && a < b, "row " + i);
        }
    }
}
