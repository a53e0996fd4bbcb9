// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.compute.selection.Selection;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.UInt64Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

class SortingPropertiesTest {
    @Property(tries = 200)
    void sortIndicesIsAPermutationInOrderAndStable(@ForAll @Size(max = 300) List<Long> values,
            @ForAll boolean descending) {
        ArrayBuilder b = ArrayBuilder.of(ArrowType.INT64);
        for (Long v : values) {
            b.appendObject(v == null ? null : v % 7);
        }
        Array array = b.build();
        SortOrder order = descending ? SortOrder.DESCENDING : SortOrder.ASCENDING;
        UInt64Array idx = (UInt64Array) Sorting.sortIndices(array, order, NullPlacement.AT_END);
        long[] seen = new long[values.size()];
        for (int i = 0; i < seen.length; i++) {
            seen[i] = idx.get(i);
        }
        long[] sorted = seen.clone();
        Arrays.sort(sorted);
        long[] identity = new long[seen.length];
        Arrays.setAll(identity, i -> i);
        assertArrayEquals(identity, sorted, "a permutation");
        for (int i = 1; i < seen.length; i++) {
            Long prev = (Long) array.getObject(seen[i - 1]);
            Long cur = (Long) array.getObject(seen[i]);
            if (cur == null) {
                continue;
            }
            assertTrue(prev != null, "nulls last");
            int c = descending ? Long.compare(cur, prev) : Long.compare(prev, cur);
            assertTrue(c <= 0, "ordered at " + i);
            if (c == 0) {
                assertTrue(seen[i - 1] < seen[i], "stable at " + i);
            }
        }
    }

    @Property(tries = 100)
    void filterOfTakeEqualsTakeOfFilteredIndices(@ForAll @Size(max = 200) List<String> values,
            @ForAll @Size(max = 200) List<Boolean> keep) {
        ArrayBuilder b = ArrayBuilder.of(ArrowType.UTF8);
        values.forEach(b::appendObject);
        Array array = b.build();
        Array order = Sorting.sortIndices(array, SortOrder.ASCENDING, NullPlacement.AT_START);
        ArrayBuilder m = ArrayBuilder.of(ArrowType.BOOL);
        for (int i = 0; i < values.size(); i++) {
            m.appendObject(i < keep.size() ? keep.get(i) : null);
        }
        Array mask = m.build();
        Array viaTake = Selection.filter(Selection.take(array, order), mask);
        Array viaIndices = Selection.take(array, Selection.filter(order, mask));
        assertEquals(viaIndices, viaTake);
    }
}
