// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** xxHash64 with seed 0, the hash of Parquet's bloom filters (its public specification). */
final class XxHash64 {
    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;
    private static final long P4 = 0x85EBCA77C2B2AE63L;
    private static final long P5 = 0x27D4EB2F165667C5L;

    private XxHash64() {}

    static long hash(byte[] input) {
        ByteBuffer in = ByteBuffer.wrap(input).order(ByteOrder.LITTLE_ENDIAN);
        int length = input.length;
        int i = 0;
        long h;
        if (length >= 32) {
            long v1 = P1 + P2;
            long v2 = P2;
            long v3 = 0;
            long v4 = -P1;
            for (; i + 32 <= length; i += 32) {
                v1 = round(v1, in.getLong(i));
                v2 = round(v2, in.getLong(i + 8));
                v3 = round(v3, in.getLong(i + 16));
                v4 = round(v4, in.getLong(i + 24));
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
        for (; i + 8 <= length; i += 8) {
            h ^= round(0, in.getLong(i));
            h = Long.rotateLeft(h, 27) * P1 + P4;
        }
        if (i + 4 <= length) {
            h ^= (in.getInt(i) & 0xFFFFFFFFL) * P1;
            h = Long.rotateLeft(h, 23) * P2 + P3;
            i += 4;
        }
        for (; i < length; i++) {
            h ^= (input[i] & 0xFFL) * P5;
            h = Long.rotateLeft(h, 11) * P1;
        }
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P3;
        h ^= h >>> 32;
        return h;
    }

    private static long round(long acc, long input) {
        acc += input * P2;
        acc = Long.rotateLeft(acc, 31);
        return acc * P1;
    }

    private static long merge(long acc, long v) {
        acc ^= round(0, v);
        return acc * P1 + P4;
    }
}
