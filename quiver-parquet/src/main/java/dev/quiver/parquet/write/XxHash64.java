// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** XXH64 with seed 0, the hash of Parquet's bloom filters (BloomFilter.md), over the plain encoding of a value. */
public final class XxHash64 {
    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;
    private static final long P4 = 0x85EBCA77C2B2AE63L;
    private static final long P5 = 0x27D4EB2F165667C5L;

    private XxHash64() {
    }

    /**
     * The hash of {@code length} bytes.
     *
     * @param src the bytes
     * @param offset the first byte's offset
     * @param length the number of bytes
     * @return the 64-bit hash
     */
    public static long hash(MemorySegment src, long offset, long length) {
        long end = offset + length;
        long p = offset;
        long h;
        if (length >= 32) {
            long v1 = P1 + P2;
            long v2 = P2;
            long v3 = 0;
            long v4 = -P1;
            long limit = end - 32;
            while (p <= limit) {
                v1 = round(v1, src.get(LittleEndian.LONG, p));
                v2 = round(v2, src.get(LittleEndian.LONG, p + 8));
                v3 = round(v3, src.get(LittleEndian.LONG, p + 16));
                v4 = round(v4, src.get(LittleEndian.LONG, p + 24));
                p += 32;
            }
            h = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
            h = merge(h, v1);
            h = merge(h, v2);
            h = merge(h, v3);
            h = merge(h, v4);
        } else {
            h = P5;
        }
        h += length;
        while (p + 8 <= end) {
            h ^= round(0, src.get(LittleEndian.LONG, p));
            h = Long.rotateLeft(h, 27) * P1 + P4;
            p += 8;
        }
        if (p + 4 <= end) {
            h ^= (src.get(LittleEndian.INT, p) & 0xFFFFFFFFL) * P1;
            h = Long.rotateLeft(h, 23) * P2 + P3;
            p += 4;
        }
        while (p < end) {
            h ^= (src.get(ValueLayout.JAVA_BYTE, p) & 0xFFL) * P5;
            h = Long.rotateLeft(h, 11) * P1;
            p++;
        }
        return avalanche(h);
    }

    /**
     * The hash of a 4-byte value (INT32, FLOAT bits), as of its little-endian bytes.
     *
     * @param v the value
     * @return the 64-bit hash
     */
    public static long hashInt(int v) {
        long h = P5 + 4;
        h ^= (v & 0xFFFFFFFFL) * P1;
        h = Long.rotateLeft(h, 23) * P2 + P3;
        return avalanche(h);
    }

    /**
     * The hash of an 8-byte value (INT64, DOUBLE bits), as of its little-endian bytes.
     *
     * @param v the value
     * @return the 64-bit hash
     */
    public static long hashLong(long v) {
        long h = P5 + 8;
        h ^= round(0, v);
        h = Long.rotateLeft(h, 27) * P1 + P4;
        return avalanche(h);
    }

    private static long round(long acc, long lane) {
        acc += lane * P2;
        acc = Long.rotateLeft(acc, 31);
        return acc * P1;
    }

    private static long merge(long h, long v) {
        h ^= round(0, v);
        return h * P1 + P4;
    }

    private static long avalanche(long h) {
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P3;
        h ^= h >>> 32;
        return h;
    }
}
