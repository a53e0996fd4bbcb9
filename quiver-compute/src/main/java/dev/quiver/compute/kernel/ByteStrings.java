// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/** Byte-string helpers over segments: lexicographic unsigned comparison, big-endian prefixes, short copies. */
public final class ByteStrings {
    private ByteStrings() {
    }

    /**
     * Compares two byte ranges lexicographically as unsigned bytes (a proper prefix is smaller).
     *
     * @param a the first segment
     * @param as the first range's start
     * @param ae the first range's end
     * @param b the second segment
     * @param bs the second range's start
     * @param be the second range's end
     * @return negative, zero or positive
     */
    public static int compare(MemorySegment a, long as, long ae, MemorySegment b, long bs, long be) {
        long m = MemorySegment.mismatch(a, as, ae, b, bs, be);
        if (m < 0) {
            return 0;
        }
        if (m == ae - as) {
            return -1;
        }
        if (m == be - bs) {
            return 1;
        }
        return Integer.compare(a.get(LittleEndian.BYTE, as + m) & 0xFF, b.get(LittleEndian.BYTE, bs + m) & 0xFF);
    }

    /**
     * The first 8 bytes of a range as a big-endian unsigned number, zero-padded: comparing prefixes unsigned
     * orders strings as {@link #compare} does, up to ties.
     *
     * @param s the segment
     * @param from the range's start
     * @param to the range's end
     * @return the prefix
     */
    public static long prefix(MemorySegment s, long from, long to) {
        long len = to - from;
        if (len >= 8) {
            return Long.reverseBytes(s.get(LittleEndian.LONG, from));
        }
        long p = 0;
        for (int k = 0; k < len; k++) {
            p |= (s.get(LittleEndian.BYTE, from + k) & 0xFFL) << (56 - 8 * k);
        }
        return p;
    }

    /**
     * Copies a short byte range cheaply: up to 16 bytes move as one or two 8-byte words when both sides have room
     * (bytes past the range are written too, up to {@code dstLimit}: callers write values in increasing order, so
     * the next value overwrites them), longer ranges by a bulk copy.
     *
     * @param src the source
     * @param from the source position
     * @param dst the destination
     * @param to the destination position
     * @param length the number of bytes
     * @param dstLimit the end of the destination region the caller owns; nothing at or past it is written
     */
    public static void copy(MemorySegment src, long from, MemorySegment dst, long to, long length, long dstLimit) {
        if (length <= 16 && from + 16 <= src.byteSize() && to + 16 <= dstLimit) {
            dst.set(LittleEndian.LONG, to, src.get(LittleEndian.LONG, from));
            if (length > 8) {
                dst.set(LittleEndian.LONG, to + 8, src.get(LittleEndian.LONG, from + 8));
            }
        } else if (length > 0) {
            MemorySegment.copy(src, from, dst, to, length);
        }
    }
}
