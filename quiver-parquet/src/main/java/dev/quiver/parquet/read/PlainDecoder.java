// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/** The PLAIN encoding (Encodings.md "Plain"), and the other encodings of fixed-width values that copy bytes. */
final class PlainDecoder {
    private PlainDecoder() {}

    /** {@code n} values of {@code out.width} bytes each, copied as they are. */
    static void fixed(Cursor in, int n, FixedValues out) {
        long bytes = (long) n * out.width;
        in.need(bytes);
        long at = out.reserve(n);
        MemorySegment.copy(in.segment, in.position, out.segment(), at, bytes);
        in.position += bytes;
        out.commit(n);
    }

    /** {@code n} booleans bit-packed LSB first, one byte each in {@code out}. */
    static void booleans(Cursor in, int n, FixedValues out, long[] bitPosition) {
        long bit = bitPosition[0];
        long lastByte = (bit + n + 7) / 8;
        in.need(lastByte);
        long at = out.reserve(n);
        MemorySegment target = out.segment();
        MemorySegment source = in.segment;
        long base = in.position;
        for (int i = 0; i < n; i++, bit++) {
            int b = source.get(LittleEndian.BYTE, base + (bit >>> 3));
            target.set(LittleEndian.BYTE, at + i, (byte) ((b >>> (bit & 7)) & 1));
        }
        out.commit(n);
        bitPosition[0] = bit;
    }

    /** {@code n} byte arrays, each a 4-byte little-endian length and the bytes. */
    static void binary(Cursor in, int n, BinaryValues out) {
        MemorySegment source = in.segment;
        out.ensure(n, Math.max(0, in.remaining() - 4L * n));
        for (int i = 0; i < n; i++) {
            int length = in.readIntLE();
            if (length < 0) {
                throw in.error("negative byte array length " + length);
            }
            in.need(length);
            out.append(source, in.position, length);
            in.position += length;
        }
    }

    /** BYTE_STREAM_SPLIT: byte k of value i is at {@code k * n + i}. */
    static void byteStreamSplit(Cursor in, int n, FixedValues out) {
        int width = out.width;
        long total = in.remaining();
        if (total < (long) n * width || total % width != 0) {
            throw in.error("BYTE_STREAM_SPLIT data of " + total + " bytes for " + n + " values of " + width + " bytes");
        }
        long streamLength = total / width;
        long at = out.reserve(n);
        MemorySegment target = out.segment();
        MemorySegment source = in.segment;
        long base = in.position;
        for (int k = 0; k < width; k++) {
            long stream = base + k * streamLength;
            long t = at + k;
            for (int i = 0; i < n; i++, t += width) {
                target.set(LittleEndian.BYTE, t, source.get(LittleEndian.BYTE, stream + i));
            }
        }
        in.position += total;
        out.commit(n);
    }
}
