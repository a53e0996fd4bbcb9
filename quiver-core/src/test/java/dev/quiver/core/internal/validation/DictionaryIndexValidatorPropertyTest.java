// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The branch-free index check agrees with a per-slot unsigned comparison, for every width and signedness. */
class DictionaryIndexValidatorPropertyTest {

    @Property(tries = 2000)
    void agreesWithSlotBySlot(@ForAll long seed, @ForAll @IntRange(max = 3) int widthCode, @ForAll boolean signed,
            @ForAll @IntRange(max = 70) int n, @ForAll @IntRange(max = 5) int from,
            @ForAll @IntRange(max = 300) int size) {
        Random random = new Random(seed);
        int width = 8 << widthCode;
        int bytes = width / 8;
        MemorySegment values = MemorySegment.ofArray(new long[from + n]);
        long[] stored = new long[from + n];
        for (int i = 0; i < stored.length; i++) {
            long index = random.nextInt(20) == 0 ? random.nextLong()
                    : random.nextInt(size + 2) - (random.nextInt(40) == 0 ? 3 : 0);
            switch (width) {
                case 8 -> values.set(ValueLayout.JAVA_BYTE, i, (byte) index);
                case 16 -> values.set(ValueLayout.JAVA_SHORT_UNALIGNED, (long) i * bytes, (short) index);
                case 32 -> values.set(ValueLayout.JAVA_INT_UNALIGNED, (long) i * bytes, (int) index);
                default -> values.set(ValueLayout.JAVA_LONG_UNALIGNED, (long) i * bytes, index);
            }
            stored[i] = switch (width) {
                case 8 -> signed ? (byte) index : index & 0xFF;
                case 16 -> signed ? (short) index : index & 0xFFFF;
                case 32 -> signed ? (int) index : index & 0xFFFF_FFFFL;
                default -> index;
            };
        }
        boolean expected = true;
        for (int i = from; i < from + n; i++) {
            expected &= !(signed && stored[i] < 0) && Long.compareUnsigned(stored[i], size) < 0;
        }
        assertEquals(expected, DictionaryIndexValidator.allInRange(values, width, signed, from, n, size));
    }

    /** A bad 32-bit index at every position of short arrays, signed or unsigned; the buffer ends at the last index. */
    @Test
    void badInt32IndexAtEveryPosition() {
        for (int n = 1; n <= 7; n++) {
            for (int bad = 0; bad < n; bad++) {
                for (boolean signed : new boolean[] {true, false}) {
                    MemorySegment values = MemorySegment.ofArray(new int[n]);
                    for (int i = 0; i < n; i++) {
                        values.setAtIndex(LittleEndian.INT, i, i % 3);
                    }
                    assertTrue(DictionaryIndexValidator.allInRange(values, 32, signed, 0, n, 3));
                    values.setAtIndex(LittleEndian.INT, bad, signed ? -1 : 3);
                    assertFalse(DictionaryIndexValidator.allInRange(values, 32, signed, 0, n, 3),
                            "index " + bad + " of " + n);
                    values.setAtIndex(LittleEndian.INT, bad, -1);
                    assertFalse(DictionaryIndexValidator.allInRange(values, 32, signed, 0, n, 3),
                            "index -1 (unsigned: 2^32 - 1) at " + bad + " of " + n);
                }
            }
        }
    }
}
