// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.UInt64Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Strings sharing long prefixes in long runs (radix-sorted 8 bytes at a time past the first 8) sort as a stable sort
 * by unsigned bytes would: prefixes of each other, trailing NUL bytes, empty strings, both directions, sliced.
 */
class StringSortTest {
    @Test
    void longRunsOfSharedPrefixesSortByBytes() {
        Random random = new Random(90);
        String[] stems = {"name-", "a shared prefix longer than sixteen bytes ", "", "x", "name-1\u0000"};
        for (ArrowType type : List.of(ArrowType.UTF8, ArrowType.LARGE_UTF8)) {
            List<String> values = new ArrayList<>();
            ArrayBuilder b = ArrayBuilder.of(type);
            for (int i = 0; i < 30_003; i++) {
                String stem = stems[random.nextInt(stems.length)];
                String v = random.nextInt(30) == 0 ? null
                        : stem + (random.nextBoolean() ? random.nextInt(3000) : random.nextInt(30))
                                + (random.nextInt(5) == 0 ? "\u0000" : "");
                values.add(v);
                b.appendObject(v);
            }
            Array array = b.build().slice(3, 30_000);
            List<String> sliced = values.subList(3, 30_003);
            for (SortOrder order : SortOrder.values()) {
                List<Integer> rows = new ArrayList<>();
                List<Integer> nulls = new ArrayList<>();
                for (int i = 0; i < sliced.size(); i++) {
                    (sliced.get(i) == null ? nulls : rows).add(i);
                }
                Comparator<Integer> byBytes = (x, y) -> Arrays.compareUnsigned(
                        sliced.get(x).getBytes(StandardCharsets.UTF_8), sliced.get(y).getBytes(StandardCharsets.UTF_8));
                rows.sort(order == SortOrder.ASCENDING ? byBytes : byBytes.reversed());
                rows.addAll(nulls);
                UInt64Array idx = (UInt64Array) Sorting.sortIndices(array, order, NullPlacement.AT_END);
                List<Integer> actual = new ArrayList<>();
                for (long i = 0; i < idx.length(); i++) {
                    actual.add((int) idx.get(i));
                }
                assertEquals(rows, actual, type + " " + order);
            }
        }
    }
}
