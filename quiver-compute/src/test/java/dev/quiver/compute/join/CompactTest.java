// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The probe side's pass-through: the rows a mask keeps, for every layout, sliced, with dense and sparse words. */
class CompactTest {
    private static Object value(ArrowType type, Random rnd) {
        return switch (type) {
            case ArrowType.Bool b -> rnd.nextBoolean();
            case ArrowType.Int i when i.bitWidth() == 16 -> (short) rnd.nextInt(1000);
            case ArrowType.Int i when i.bitWidth() == 32 -> rnd.nextInt();
            case ArrowType.Int i -> rnd.nextLong();
            case ArrowType.FloatingPoint f -> rnd.nextDouble();
            case ArrowType.LargeUtf8 u -> "v" + rnd.nextInt(1_000_000) + "x".repeat(rnd.nextInt(20));
            case ArrowType.List l -> List.of(rnd.nextInt(9));
            default -> "s" + rnd.nextInt(1000) + "y".repeat(rnd.nextInt(20));
        };
    }

    @Test
    void keptRowsComeOutInOrder() {
        List<ArrowType> types = List.of(ArrowType.BOOL, ArrowType.INT16, ArrowType.INT32, ArrowType.INT64,
                ArrowType.FLOAT64, ArrowType.UTF8, ArrowType.LARGE_UTF8, ArrowType.List.of(ArrowType.INT32));
        Random rnd = new Random(5);
        for (int round = 0; round < 40; round++) {
            for (ArrowType type : types) {
                int rows = 1 + rnd.nextInt(400);
                boolean nulls = rnd.nextBoolean();
                ArrayBuilder b = ArrayBuilder.of(type);
                for (int i = 0; i < rows + 9; i++) {
                    if (nulls && rnd.nextInt(5) == 0) {
                        b.appendNull();
                    } else {
                        b.appendObject(value(type, rnd));
                    }
                }
                Array column = b.build().slice(9, rows);
                int from = rnd.nextInt(rows);
                int count = rows - from;
                int[] ids = new int[count];
                // dense stretches (whole words kept), sparse ones, and all dropped
                int density = rnd.nextInt(4);
                for (int j = 0; j < count; j++) {
                    boolean kept = switch (density) {
                        case 0 -> true;
                        case 1 -> rnd.nextInt(17) != 0;
                        case 2 -> rnd.nextInt(3) == 0;
                        default -> false;
                    };
                    ids[j] = kept ? rnd.nextInt(5) : -1;
                }
                boolean found = rnd.nextBoolean();
                long[] keep = Compact.mask(ids, count, found);
                int n = Compact.count(keep);
                List<Object> expected = new ArrayList<>();
                for (int j = 0; j < count; j++) {
                    if ((ids[j] >= 0) == found) {
                        expected.add(column.getObject(from + j));
                    }
                }
                assertEquals(expected.size(), n);
                BufferAllocator allocator = rnd.nextBoolean() ? null : BufferAllocator.managed();
                Array out = Array.ofUnchecked(Compact.select(column.data(), from, count, keep, n, allocator));
                List<Object> actual = new ArrayList<>();
                for (int j = 0; j < n; j++) {
                    actual.add(out.getObject(j));
                }
                assertEquals(expected, actual, "round " + round + " " + type);
                assertEquals(expected.stream().filter(v -> v == null).count(), out.nullCount(), "nulls " + type);
            }
        }
    }

    @Test
    void allKeepsEveryRow() {
        long[] keep = Compact.all(130);
        assertEquals(130, Compact.count(keep));
        assertEquals(3, keep.length);
    }
}
