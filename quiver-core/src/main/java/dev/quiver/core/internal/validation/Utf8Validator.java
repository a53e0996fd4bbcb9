// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * Checks that bytes are well-formed UTF-8 (the Unicode standard's table 3-7: no overlong forms, no
 * surrogates, nothing past U+10FFFF). {@link #isValid} skips ASCII 32 and 8 bytes at a time (SWAR on
 * little-endian 64-bit words: a word is ASCII when {@code (word & 0x8080808080808080L) == 0}), jumps
 * straight to the first non-ASCII byte of a word and decodes from there with the exact rules of
 * {@link #isValidBytewise}, the byte-at-a-time reference it must agree with.
 */
public final class Utf8Validator {
    private static final long HIGH_BITS = 0x8080808080808080L;

    private Utf8Validator() {
    }

    /**
     * Whether bytes {@code [from, to)} of {@code segment} are well-formed UTF-8.
     *
     * @param segment the bytes
     * @param from the first byte
     * @param to one past the last byte
     * @return whether the range is well-formed UTF-8
     */
    public static boolean isValid(MemorySegment segment, long from, long to) {
        long i = from;
        while (true) {
            i = skipAscii(segment, i, to);
            if (i >= to) {
                return true;
            }
            i = decodeOne(segment, i, to);
            if (i < 0) {
                return false;
            }
        }
    }

    /**
     * Whether bytes {@code [from, to)} of {@code segment} are all ASCII (below 0x80).
     *
     * @param segment the bytes
     * @param from the first byte
     * @param to one past the last byte
     * @return whether no byte of the range has its high bit set
     */
    public static boolean isAscii(MemorySegment segment, long from, long to) {
        if (to - from < 8) {
            for (long i = from; i < to; i++) {
                if (segment.get(LittleEndian.BYTE, i) < 0) {
                    return false;
                }
            }
            return true;
        }
        // One plain loop that ORs every word, no exit on the way: C2 compiles it in a fraction of the time
        // of the early-exit scan (a fresh process waits for that compilation) and vectorizes it. The last
        // word is read again, overlapping, to cover the range's end.
        long any = segment.get(LittleEndian.LONG, to - 8);
        for (long i = from; i <= to - 8; i += 8) {
            any |= segment.get(LittleEndian.LONG, i);
        }
        return (any & HIGH_BITS) == 0;
    }

    /**
     * The reference check, one byte at a time without any word-wise skipping; {@link #isValid} agrees
     * with it on every input.
     *
     * @param segment the bytes
     * @param from the first byte
     * @param to one past the last byte
     * @return whether the range is well-formed UTF-8
     */
    public static boolean isValidBytewise(MemorySegment segment, long from, long to) {
        long i = from;
        while (i < to) {
            i = (segment.get(LittleEndian.BYTE, i) & 0x80) == 0 ? i + 1 : decodeOne(segment, i, to);
            if (i < 0) {
                return false;
            }
        }
        return true;
    }

    /** The position of the first byte at or after {@code i} (and before {@code to}) with its high bit set, else {@code to}. */
    private static long skipAscii(MemorySegment segment, long i, long to) {
        while (to - i >= 32) {
            long a = segment.get(LittleEndian.LONG, i);
            long b = segment.get(LittleEndian.LONG, i + 8);
            long c = segment.get(LittleEndian.LONG, i + 16);
            long d = segment.get(LittleEndian.LONG, i + 24);
            if (((a | b | c | d) & HIGH_BITS) != 0) {
                break;
            }
            i += 32;
        }
        while (to - i >= 8) {
            long high = segment.get(LittleEndian.LONG, i) & HIGH_BITS;
            if (high != 0) {
                return i + (Long.numberOfTrailingZeros(high) >>> 3);
            }
            i += 8;
        }
        while (i < to && segment.get(LittleEndian.BYTE, i) >= 0) {
            i++;
        }
        return i;
    }

    /** Decodes the character starting at {@code i}; the position after it, or -1 when it is ill-formed. */
    private static long decodeOne(MemorySegment segment, long i, long to) {
        int b = segment.get(LittleEndian.BYTE, i) & 0xFF;
        if (b < 0x80) {
            return i + 1;
        } else if (b < 0xC2) {
            return -1;
        } else if (b < 0xE0) {
            return to - i < 2 || !isContinuation(segment.get(LittleEndian.BYTE, i + 1)) ? -1 : i + 2;
        } else if (b < 0xF0) {
            if (to - i < 3) {
                return -1;
            }
            int b1 = segment.get(LittleEndian.BYTE, i + 1) & 0xFF;
            int low = b == 0xE0 ? 0xA0 : 0x80;
            int high = b == 0xED ? 0x9F : 0xBF;
            return b1 < low || b1 > high || !isContinuation(segment.get(LittleEndian.BYTE, i + 2)) ? -1 : i + 3;
        } else if (b < 0xF5) {
            if (to - i < 4) {
                return -1;
            }
            int b1 = segment.get(LittleEndian.BYTE, i + 1) & 0xFF;
            int low = b == 0xF0 ? 0x90 : 0x80;
            int high = b == 0xF4 ? 0x8F : 0xBF;
            return b1 < low || b1 > high || !isContinuation(segment.get(LittleEndian.BYTE, i + 2))
                    || !isContinuation(segment.get(LittleEndian.BYTE, i + 3)) ? -1 : i + 4;
        }
        return -1;
    }

    private static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }
}
