// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The branch-free offsets pass agrees with a slot-by-slot check, for every count, starting slot and
 * position of a fault; the buffer holds exactly the offsets read, so a read past the last one would fail.
 */
class VarBinaryValidatorPropertyTest {

    @Property(tries = 3000)
    void ascendingAgreesWithSlotBySlot(@ForAll long seed, @ForAll boolean wide, @ForAll @IntRange(max = 70) int n,
            @ForAll @IntRange(max = 5) int from, @ForAll @IntRange(max = 3) int fault) {
        Random random = new Random(seed);
        long[] stored = new long[from + n + 1];
        long at = random.nextInt(5);
        for (int i = 0; i < stored.length; i++) {
            at += random.nextInt(4);
            stored[i] = at;
        }
        // Spec (Columnar format, variable-size binary layout): offsets never decrease and are not negative.
        if (fault == 1) {
            stored[random.nextInt(stored.length)] = -1 - random.nextInt(3);
        } else if (fault == 2) {
            int i = random.nextInt(stored.length);
            stored[i] = Math.max(0, stored[i] - 1 - random.nextInt(3));
        } else if (fault == 3) {
            stored[random.nextInt(stored.length)] = wide ? Long.MIN_VALUE + random.nextInt(3) : Integer.MIN_VALUE;
        }
        MemorySegment offsets = segment(stored, wide);
        boolean expected = true;
        for (int i = from; i <= from + n; i++) {
            expected &= stored[i] >= 0 && (i == from || stored[i] >= stored[i - 1]);
        }
        assertEquals(expected, VarBinaryValidator.ascending(offsets, wide, from, n));
    }

    @Test
    void aDecreaseAtEverySlotIsFound() {
        for (int n = 1; n <= 6; n++) {
            for (int slot = 1; slot <= n; slot++) {
                long[] stored = new long[n + 1];
                for (int i = 0; i <= n; i++) {
                    stored[i] = 10 + i;
                }
                assertTrue(VarBinaryValidator.ascending(segment(stored, false), false, 0, n));
                stored[slot] = stored[slot - 1] - 1;
                assertFalse(VarBinaryValidator.ascending(segment(stored, false), false, 0, n),
                        "decrease at slot " + slot + " of " + n);
            }
        }
    }

    private static MemorySegment segment(long[] stored, boolean wide) {
        int width = wide ? 8 : 4;
        MemorySegment offsets = MemorySegment.ofArray(new byte[stored.length * width]);
        for (int i = 0; i < stored.length; i++) {
            if (wide) {
                offsets.set(LittleEndian.LONG, (long) i * width, stored[i]);
            } else {
                offsets.set(LittleEndian.INT, (long) i * width, (int) stored[i]);
            }
        }
        return offsets;
    }
}
