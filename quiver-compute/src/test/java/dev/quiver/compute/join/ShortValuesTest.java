// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The packed gather of short binary values against {@link Gather#take}. */
class ShortValuesTest {
    private static Array column(ArrowType type, Random rnd, int rows, int maxLength) {
        ArrayBuilder b = ArrayBuilder.of(type);
        boolean text = type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8;
        for (int i = 0; i < rows; i++) {
            if (rnd.nextInt(6) == 0) {
                b.appendNull();
                continue;
            }
            byte[] v = new byte[rnd.nextInt(maxLength + 1)];
            for (int k = 0; k < v.length; k++) {
                v[k] = (byte) ('a' + rnd.nextInt(26));
            }
            b.appendObject(text ? new String(v, StandardCharsets.US_ASCII) : v);
        }
        return b.build();
    }

    @Test
    void gathersAsTheGeneralGather() {
        Random rnd = new Random(3);
        for (ArrowType type : List.of(ArrowType.UTF8, ArrowType.BINARY, ArrowType.LARGE_UTF8, ArrowType.LARGE_BINARY)) {
            for (int round = 0; round < 20; round++) {
                int rows = 1 + rnd.nextInt(300);
                Array column = column(type, rnd, rows + 5, 8).slice(5, rows);
                ShortValues packed = ShortValues.of(column.data());
                assertNotNull(packed, type.toString());
                int n = rnd.nextInt(2_000);
                int[] at = new int[n];
                for (int j = 0; j < n; j++) {
                    at[j] = rnd.nextInt(9) == 0 ? -1 : rnd.nextInt(rows);
                }
                BufferAllocator allocator = rnd.nextBoolean() ? null : BufferAllocator.managed();
                Array expected = Array.ofUnchecked(Gather.take(column.data(), at, n, allocator));
                Array actual = Array.ofUnchecked(packed.take(at, n, allocator));
                assertEquals(n, actual.length());
                for (int j = 0; j < n; j++) {
                    Object e = expected.getObject(j);
                    Object a = actual.getObject(j);
                    assertEquals(e instanceof byte[] eb ? new String(eb, StandardCharsets.ISO_8859_1) : e,
                            a instanceof byte[] ab ? new String(ab, StandardCharsets.ISO_8859_1) : a, type + " row " + j);
                }
                assertEquals(expected.nullCount(), actual.nullCount(), type.toString());
            }
        }
    }

    @Test
    void longValuesAndOtherTypesAreNotPacked() {
        Random rnd = new Random(4);
        Array nine = ArrayBuilder.of(ArrowType.UTF8).appendObject("12345678").appendObject("123456789").build();
        assertNull(ShortValues.of(nine.data()), "a 9-byte value");
        assertNotNull(ShortValues.of(nine.slice(0, 1).data()), "the slice without it");
        assertNull(ShortValues.of(column(ArrowType.UTF8, rnd, ShortValues.MAX_ROWS + 1, 2).data()), "too many rows");
        assertNull(ShortValues.of(ArrayBuilder.of(ArrowType.INT64).appendObject(1L).build().data()), "int64");
    }
}
