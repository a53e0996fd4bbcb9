// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BitsTest {
    @Test
    void wordAtEveryOffsetMatchesSingleBits() {
        Random random = new Random(7);
        byte[] bytes = new byte[37];
        random.nextBytes(bytes);
        MemorySegment bitmap = MemorySegment.ofArray(bytes);
        for (long bit = 0; bit < bytes.length * 8L; bit++) {
            long w = Bits.word(bitmap, bit);
            for (int i = 0; i < 64; i++) {
                boolean expected = bit + i < bytes.length * 8L && Bitmaps.get(bitmap, bit + i);
                assertEquals(expected, (w >>> i & 1) != 0, "bit " + bit + "+" + i);
            }
        }
    }

    @Test
    void andOfSlicedArraysIsTheIntersectionAtOffsetZero() {
        ArrayBuilder a = ArrayBuilder.of(ArrowType.INT32);
        ArrayBuilder b = ArrayBuilder.of(ArrowType.INT32);
        for (int i = 0; i < 300; i++) {
            a.appendObject(i % 3 == 0 ? null : i);
            b.appendObject(i % 5 == 0 ? null : i);
        }
        Array x = a.build().slice(3, 200);
        Array y = b.build().slice(17, 200);
        ArrowBuffer v = Validity.and(x, y);
        for (int i = 0; i < 200; i++) {
            assertEquals(x.isValid(i) && y.isValid(i), Bitmaps.get(v.segment(), i), "row " + i);
        }
        Array allValid = ArrayBuilder.of(ArrowType.INT32).appendObject(1).build();
        assertNull(Validity.and(allValid, allValid));
    }
}
