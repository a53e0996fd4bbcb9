// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * BYTE_STREAM_SPLIT of Encodings.md: the {@code k}-th byte of every value goes to stream {@code k}, the streams
 * written one after the other (FLOAT, DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY values).
 */
public final class ByteStreamSplitEncoder {
    private ByteStreamSplitEncoder() {
    }

    /**
     * Encodes {@code n} values of {@code width} bytes, stored one after the other from {@code offset}.
     *
     * @param src the values
     * @param offset the first value's byte offset
     * @param n the number of values
     * @param width the bytes per value
     * @param out where the streams are appended
     */
    public static void encode(MemorySegment src, long offset, int n, int width, ByteSink out) {
        long total = (long) n * width;
        out.reserve(total);
        int base = out.size();
        byte[] dst = out.array();
        for (int i = 0; i < n; i++) {
            long at = offset + (long) i * width;
            for (int k = 0; k < width; k++) {
                dst[base + k * n + i] = src.get(ValueLayout.JAVA_BYTE, at + k);
            }
        }
        out.setSize(base + (int) total);
    }
}
