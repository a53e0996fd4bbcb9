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
        int i = 0;
        if ((bit & 7) == 0) {
            // a whole byte of bits to 8 bytes of 0 or 1 at a time
            long from = base + (bit >>> 3);
            for (; i + 8 <= n; i += 8) {
                long b = source.get(LittleEndian.BYTE, from + (i >>> 3)) & 0xFFL;
                long spread = (((b * 0x0101010101010101L) & 0x8040201008040201L) + 0x7F7F7F7F7F7F7F7FL) >>> 7;
                target.set(LittleEndian.LONG, at + i, spread & 0x0101010101010101L);
            }
            bit += i;
        }
        for (; i < n; i++, bit++) {
            int b = source.get(LittleEndian.BYTE, base + (bit >>> 3));
            target.set(LittleEndian.BYTE, at + i, (byte) ((b >>> (bit & 7)) & 1));
        }
        out.commit(n);
        bitPosition[0] = bit;
    }

    /** {@code n} byte arrays, each a 4-byte little-endian length and the bytes. */
    static void binary(Cursor in, int n, BinaryValues out) {
        MemorySegment source = in.segment;
        long bytes = Math.max(0, in.remaining() - 4L * n);
        out.ends.ensureCapacity((long) (out.count + n) * 8);
        out.data.ensureCapacity(out.data.size() + bytes + BinaryValues.SLACK);
        MemorySegment dst = out.data.segment();
        MemorySegment ends = out.ends.segment();
        long pos = in.position;
        long limit = in.end;
        long fastLimit = Math.min(limit, source.byteSize() - BinaryValues.SLACK);
        long at = out.data.size();
        long e = 8L * out.count;
        for (int i = 0; i < n; i++, e += 8) {
            if (limit - pos < 4) {
                in.position = pos;
                in.need(4);
            }
            int length = source.get(LittleEndian.INT, pos);
            pos += 4;
            if (length < 0 || limit - pos < length) {
                in.position = pos;
                throw length < 0 ? in.error("negative byte array length " + length) : in.error("cut short: " + length
                        + " bytes needed, " + (limit - pos) + " left");
            }
            if (length <= BinaryValues.SLACK && pos <= fastLimit) {
                dst.set(LittleEndian.LONG, at, source.get(LittleEndian.LONG, pos));
                dst.set(LittleEndian.LONG, at + 8, source.get(LittleEndian.LONG, pos + 8));
            } else {
                MemorySegment.copy(source, pos, dst, at, length);
            }
            pos += length;
            at += length;
            ends.set(LittleEndian.LONG, e, at);
        }
        in.position = pos;
        out.data.setSize(at);
        out.ends.setSize(e);
        out.count += n;
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
