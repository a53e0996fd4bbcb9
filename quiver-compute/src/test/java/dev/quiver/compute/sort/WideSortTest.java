// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.UInt64Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Decimals of every width and fixed-size binaries sort as a stable sort by their values (BigDecimal order, unsigned
 * bytes) would: many ties, negative and positive values past 64 bits, both directions.
 */
class WideSortTest {
    private static List<Integer> order(Array values, SortOrder order) {
        UInt64Array idx = (UInt64Array) Sorting.sortIndices(values, order, NullPlacement.AT_END);
        List<Integer> out = new ArrayList<>();
        for (long i = 0; i < idx.length(); i++) {
            out.add((int) idx.get(i));
        }
        return out;
    }

    private static <T> List<Integer> expected(List<T> values, Comparator<T> cmp, SortOrder order) {
        List<Integer> rows = new ArrayList<>();
        List<Integer> nulls = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            (values.get(i) == null ? nulls : rows).add(i);
        }
        Comparator<Integer> byValue = (a, b) -> cmp.compare(values.get(a), values.get(b));
        rows.sort(order == SortOrder.ASCENDING ? byValue : byValue.reversed());
        rows.addAll(nulls);
        return rows;
    }

    @Test
    void decimalsOfEveryWidthSortByValue() {
        Random random = new Random(80);
        for (int bits : new int[] {32, 64, 128, 256}) {
            int precision = switch (bits) {
                case 32 -> 9;
                case 64 -> 18;
                case 128 -> 38;
                default -> 76;
            };
            ArrowType.Decimal type = new ArrowType.Decimal(precision, 2, bits);
            List<BigDecimal> values = new ArrayList<>();
            ArrayBuilder b = ArrayBuilder.of(type);
            for (int i = 0; i < 5000; i++) {
                BigInteger u = new BigInteger(random.nextInt(precision * 3), random);
                u = random.nextBoolean() ? u.negate() : u;
                if (random.nextInt(4) == 0) {
                    u = BigInteger.valueOf(random.nextInt(5) - 2);
                }
                BigDecimal v = random.nextInt(20) == 0 ? null : new BigDecimal(u, 2);
                values.add(v);
                b.appendObject(v);
            }
            Array array = b.build();
            for (SortOrder o : SortOrder.values()) {
                assertEquals(expected(values, Comparator.naturalOrder(), o), order(array, o), type + " " + o);
            }
        }
    }

    @Test
    void fixedSizeBinariesSortAsUnsignedBytes() {
        Random random = new Random(81);
        for (int width : new int[] {3, 8, 13}) {
            ArrowType type = new ArrowType.FixedSizeBinary(width);
            List<byte[]> values = new ArrayList<>();
            ArrayBuilder b = ArrayBuilder.of(type);
            for (int i = 0; i < 5000; i++) {
                byte[] v = new byte[width];
                random.nextBytes(v);
                if (random.nextInt(3) == 0) {
                    Arrays.fill(v, 0, width - 1, (byte) 0x80);
                    v[width - 1] = (byte) random.nextInt(3);
                }
                values.add(random.nextInt(20) == 0 ? null : v);
                b.appendObject(values.get(i));
            }
            Array array = b.build();
            for (SortOrder o : SortOrder.values()) {
                assertEquals(expected(values, Arrays::compareUnsigned, o), order(array, o), type + " " + o);
            }
        }
    }
}
