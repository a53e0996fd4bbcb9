// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/** Byte-string helpers over segments: lexicographic unsigned comparison and big-endian prefixes. */
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
}
