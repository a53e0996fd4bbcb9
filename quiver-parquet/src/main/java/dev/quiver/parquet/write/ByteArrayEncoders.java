// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import java.lang.foreign.MemorySegment;

/**
 * The encodings of BYTE_ARRAY values held as {@code offsets} into {@code data} (value {@code i} is the bytes
 * {@code [offsets[i], offsets[i + 1])}): PLAIN (4-byte length, then the bytes), DELTA_LENGTH_BYTE_ARRAY (the
 * lengths DELTA_BINARY_PACKED, then all bytes) and DELTA_BYTE_ARRAY (the prefixes shared with the previous
 * value DELTA_BINARY_PACKED, then the suffixes as DELTA_LENGTH_BYTE_ARRAY).
 */
public final class ByteArrayEncoders {
    private ByteArrayEncoders() {
    }

    /**
     * PLAIN.
     *
     * @param offsets the values' offsets into {@code data}
     * @param data the bytes
     * @param from the first value
     * @param to one past the last value
     * @param out where the encoding is appended
     */
    public static void plain(int[] offsets, MemorySegment data, int from, int to, ByteSink out) {
        out.reserve(4L * (to - from) + offsets[to] - offsets[from]);
        for (int i = from; i < to; i++) {
            int start = offsets[i];
            int length = offsets[i + 1] - start;
            out.writeIntLE(length);
            out.write(data, start, length);
        }
    }

    /**
     * DELTA_LENGTH_BYTE_ARRAY.
     *
     * @param offsets the values' offsets into {@code data}
     * @param data the bytes
     * @param from the first value
     * @param to one past the last value
     * @param out where the encoding is appended
     */
    public static void deltaLength(int[] offsets, MemorySegment data, int from, int to, ByteSink out) {
        DeltaBinaryPackedEncoder lengths = new DeltaBinaryPackedEncoder(false, out);
        for (int i = from; i < to; i++) {
            lengths.add(offsets[i + 1] - offsets[i]);
        }
        lengths.finish();
        out.write(data, offsets[from], offsets[to] - offsets[from]);
    }

    /**
     * DELTA_BYTE_ARRAY (incremental encoding, front compression).
     *
     * @param offsets the values' offsets into {@code data}
     * @param data the bytes
     * @param from the first value
     * @param to one past the last value
     * @param out where the encoding is appended
     */
    public static void deltaStrings(int[] offsets, MemorySegment data, int from, int to, ByteSink out) {
        int n = to - from;
        int[] prefixes = new int[n];
        int[] suffixOffsets = new int[n + 1];
        ByteSink suffixes = new ByteSink();
        int previousStart = 0;
        int previousLength = 0;
        for (int i = 0; i < n; i++) {
            int start = offsets[from + i];
            int length = offsets[from + i + 1] - start;
            int limit = Math.min(length, previousLength);
            int common = 0;
            if (i > 0 && limit > 0) {
                long mismatch = MemorySegment.mismatch(data, previousStart, previousStart + limit, data, start,
                        start + limit);
                common = mismatch < 0 ? limit : (int) mismatch;
            }
            prefixes[i] = common;
            suffixes.write(data, start + common, length - common);
            suffixOffsets[i + 1] = suffixes.size();
            previousStart = start;
            previousLength = length;
        }
        DeltaBinaryPackedEncoder.encodeInts(prefixes, 0, n, out);
        deltaLength(suffixOffsets, suffixes.segment(), 0, n, out);
    }
}
