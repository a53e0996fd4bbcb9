// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * The common case of a variable-length binary or string array's content check, at memory speed: one
 * branch-free pass over the offsets, then one pass over the data bytes they span instead of one UTF-8
 * check per value. It only ever answers "all valid"; on false the caller checks slot by slot, which
 * finds and names the slot at fault (and skips null slots, which this pass does not).
 *
 * <p>Why one pass over the data suffices for UTF-8: if the bytes {@code [first, last)} are well-formed
 * and no offset below {@code last} points at a continuation byte ({@code 10xxxxxx}), every offset is
 * the start of a character, so every value is a run of whole characters: well-formed. All-ASCII data
 * needs no boundary check at all. The offsets pass alone ({@link #ascending}) also serves list and map offsets.
 */
public final class VarBinaryValidator {
    private VarBinaryValidator() {
    }

    /**
     * Whether offsets {@code [from, from + n]} never decrease, are not negative and end at most at
     * {@code limit}, and (when {@code utf8}) every value they delimit in {@code bytes} is well-formed UTF-8.
     *
     * @param offsets the offsets buffer
     * @param wide whether the offsets are 64-bit (else 32-bit)
     * @param from the first offset slot (the array's offset)
     * @param n the number of values (at least 1)
     * @param bytes the data buffer
     * @param limit the data buffer's size in bytes
     * @param utf8 whether values must be well-formed UTF-8
     * @return true when all of that holds; false when the caller must check slot by slot
     */
    public static boolean allValid(MemorySegment offsets, boolean wide, long from, long n, MemorySegment bytes,
            long limit, boolean utf8) {
        if (!ascending(offsets, wide, from, n)) {
            return false;
        }
        long first = offset(offsets, wide, from);
        long last = offset(offsets, wide, from + n);
        if (last > limit) {
            return false;
        }
        if (!utf8 || Utf8Validator.isAscii(bytes, first, last)) {
            return true;
        }
        return Utf8Validator.isValid(bytes, first, last) && boundariesAtCharacterStarts(offsets, wide, from, n, bytes,
                last);
    }

    /**
     * Whether offsets {@code [from, from + n]} are none negative and none below its predecessor, in one
     * branch-free pass.
     *
     * @param offsets the offsets buffer
     * @param wide whether the offsets are 64-bit (else 32-bit)
     * @param from the first offset slot (the array's offset)
     * @param n the number of values
     * @return whether the offsets ascend from a non-negative start
     */
    public static boolean ascending(MemorySegment offsets, boolean wide, long from, long n) {
        return wide ? ascendingLong(offsets, from, n) : ascendingInt(offsets, from, n);
    }

    private static long offset(MemorySegment offsets, boolean wide, long slot) {
        return wide ? offsets.get(LittleEndian.LONG, slot * 8) : offsets.get(LittleEndian.INT, slot * 4);
    }

    /**
     * Whether none of the offsets is negative and none is below its predecessor: ORs every offset and
     * every difference, whose sign bit then tells (with no offset negative, no difference overflows).
     */
    private static boolean ascendingInt(MemorySegment offsets, long from, long n) {
        long at = from * 4;
        long end = (from + n) * 4;
        int previous = offsets.get(LittleEndian.INT, at);
        int bad = previous;
        for (at += 4; at <= end; at += 4) {
            int current = offsets.get(LittleEndian.INT, at);
            bad |= current | (current - previous);
            previous = current;
        }
        return bad >= 0;
    }

    /** {@link #ascendingInt} for 64-bit offsets. */
    private static boolean ascendingLong(MemorySegment offsets, long from, long n) {
        long at = from * 8;
        long end = (from + n) * 8;
        long previous = offsets.get(LittleEndian.LONG, at);
        long bad = previous;
        for (at += 8; at <= end; at += 8) {
            long current = offsets.get(LittleEndian.LONG, at);
            bad |= current | (current - previous);
            previous = current;
        }
        return bad >= 0;
    }

    /** Whether no offset of slots {@code [from, from + n)} below {@code last} points at a continuation byte. */
    private static boolean boundariesAtCharacterStarts(MemorySegment offsets, boolean wide, long from, long n,
            MemorySegment bytes, long last) {
        for (long slot = from + 1; slot < from + n; slot++) {
            long at = offset(offsets, wide, slot);
            if (at < last && (bytes.get(LittleEndian.BYTE, at) & 0xC0) == 0x80) {
                return false;
            }
        }
        return true;
    }
}
