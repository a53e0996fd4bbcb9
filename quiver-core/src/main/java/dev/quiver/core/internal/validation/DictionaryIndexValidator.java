// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * The common case of a dictionary-encoded array's index check, branch-free: every stored index, null
 * slots' included, inside the dictionary. It only ever answers "all inside"; on false the caller checks
 * slot by slot, skipping null slots (whose stored index may be anything) and naming the slot at fault.
 */
public final class DictionaryIndexValidator {
    private DictionaryIndexValidator() {
    }

    /**
     * Whether every index of slots {@code [from, from + n)} lies in {@code [0, size)}.
     *
     * @param values the index buffer
     * @param width the index width in bits: 8, 16, 32 or 64
     * @param signed whether the indices are signed (unsigned 64-bit indices above {@code Long.MAX_VALUE} fail)
     * @param from the first slot (the array's offset)
     * @param n the number of slots
     * @param size the dictionary's length
     * @return true when all of them do; false when the caller must check slot by slot
     */
    public static boolean allInRange(MemorySegment values, int width, boolean signed, long from, long n, long size) {
        long top = size - 1;
        if (top < 0) {
            return n == 0;
        }
        long end = from + n;
        // An index i is in range when neither i nor top - i is negative. For i >= 0, top - i cannot overflow;
        // a negative i sets the sign bit of the OR itself, whatever top - i becomes.
        long bad = 0;
        switch (width) {
            case 8 -> {
                for (long i = from; i < end; i++) {
                    long index = signed ? values.get(LittleEndian.BYTE, i) : values.get(LittleEndian.BYTE, i) & 0xFFL;
                    bad |= index | (top - index);
                }
            }
            case 16 -> {
                for (long i = from; i < end; i++) {
                    long index = signed ? values.get(LittleEndian.SHORT, i * 2) : values.get(LittleEndian.SHORT, i * 2) & 0xFFFFL;
                    bad |= index | (top - index);
                }
            }
            case 32 -> {
                for (long i = from; i < end; i++) {
                    long index = signed ? values.get(LittleEndian.INT, i * 4) : values.get(LittleEndian.INT, i * 4) & 0xFFFF_FFFFL;
                    bad |= index | (top - index);
                }
            }
            default -> {
                for (long i = from; i < end; i++) {
                    long index = values.get(LittleEndian.LONG, i * 8);
                    bad |= index | (top - index);
                }
            }
        }
        return bad >= 0;
    }
}
