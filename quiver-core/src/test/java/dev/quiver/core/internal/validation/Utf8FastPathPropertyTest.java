// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The word-wise UTF-8 check and the bulk check of variable-length values agree with their byte-at-a-time
 * and slot-by-slot references on ASCII-heavy data with faults at random places, word boundaries included.
 */
class Utf8FastPathPropertyTest {
    private static final byte[][] FAULTS = {
        {(byte) 0x80}, {(byte) 0xBF}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xC1, (byte) 0xBF}, {(byte) 0xC2},
        {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xE1, (byte) 0x80},
        {(byte) 0xF0, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
        {(byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xFF}, {(byte) 0xF0, (byte) 0x9F, (byte) 0x98},
    };
    private static final String[] WELL_FORMED = {"é", "ß", "€", "한", "😀", "\u0000", "\u007F", "\u0080", "\uFFFF"};

    /**
     * Mostly ASCII; a few well-formed multi-byte characters and, with some seeds, ill-formed sequences
     * (placed at random, or right across a multiple of 8 bytes).
     */
    private static byte[] asciiHeavy(Random random, int length, int faults) {
        byte[] out = new byte[length];
        int i = 0;
        while (i < length) {
            int pick = random.nextInt(100);
            byte[] piece;
            if (pick < 3 && faults > 0) {
                piece = FAULTS[random.nextInt(FAULTS.length)];
                faults--;
                if (random.nextBoolean()) {
                    int boundary = (i / 8 + 1) * 8 - random.nextInt(Math.min(piece.length, 3) + 1);
                    while (i < boundary && i < length) {
                        out[i++] = (byte) ('a' + random.nextInt(26));
                    }
                }
            } else if (pick < 8) {
                piece = WELL_FORMED[random.nextInt(WELL_FORMED.length)].getBytes(StandardCharsets.UTF_8);
            } else {
                piece = new byte[] {(byte) random.nextInt(0x80)};
            }
            for (int k = 0; k < piece.length && i < length; k++) {
                out[i++] = piece[k];
            }
        }
        return out;
    }

    @Property(tries = 2000)
    void wordWiseAgreesWithBytewise(@ForAll long seed, @ForAll @IntRange(max = 300) int length,
            @ForAll @IntRange(max = 3) int faults, @ForAll @IntRange(max = 15) int from) {
        Random random = new Random(seed);
        byte[] bytes = asciiHeavy(random, length + from, faults);
        MemorySegment segment = MemorySegment.ofArray(bytes);
        for (int to = from; to <= bytes.length; to += 1 + random.nextInt(9)) {
            assertEquals(Utf8Validator.isValidBytewise(segment, from, to), Utf8Validator.isValid(segment, from, to),
                    "bytes [" + from + ", " + to + ")");
            boolean ascii = true;
            for (int k = from; k < to; k++) {
                ascii &= bytes[k] >= 0;
            }
            assertEquals(ascii, Utf8Validator.isAscii(segment, from, to));
        }
    }

    @Property(tries = 1000)
    void bulkValueCheckAgreesWithSlotBySlot(@ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int n,
            @ForAll @IntRange(max = 3) int faults, @ForAll boolean wide, @ForAll boolean utf8,
            @ForAll @IntRange(max = 5) int from) {
        Random random = new Random(seed);
        byte[] data = asciiHeavy(random, n * 6, faults);
        long[] offsets = new long[from + n + 1];
        long at = random.nextInt(3);
        for (int slot = 0; slot < offsets.length; slot++) {
            offsets[slot] = at;
            at += random.nextInt(100) == 0 ? -random.nextInt(4) : random.nextInt(9);
            if (random.nextInt(200) == 0) {
                at = random.nextInt(3) == 0 ? Integer.MIN_VALUE + 5 : data.length + random.nextInt(3);
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment offsetBuffer = arena.allocate((long) offsets.length * (wide ? 8 : 4), 8);
            for (int slot = 0; slot < offsets.length; slot++) {
                if (wide) {
                    offsetBuffer.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, slot, offsets[slot]);
                } else {
                    offsetBuffer.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, slot, (int) offsets[slot]);
                }
            }
            MemorySegment bytes = MemorySegment.ofArray(data);
            assertEquals(slotBySlot(offsets, from, n, bytes, utf8),
                    VarBinaryValidator.allValid(offsetBuffer, wide, from, n, bytes, data.length, utf8));
        }
    }

    /** The reference: the first offset not negative, each value inside the data, in order, well-formed. */
    private static boolean slotBySlot(long[] offsets, int from, int n, MemorySegment bytes, boolean utf8) {
        if (offsets[from] < 0) {
            return false;
        }
        for (int slot = from; slot < from + n; slot++) {
            long start = offsets[slot];
            long end = offsets[slot + 1];
            if (end < start || end > bytes.byteSize()
                    || utf8 && !Utf8Validator.isValidBytewise(bytes, start, end)) {
                return false;
            }
        }
        return true;
    }
}
