// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/** The PLAIN encoding (Encodings.md "Plain"), and the other encodings of fixed-width values that copy bytes. */
final class PlainDecoder {
    /** Bytes of a page of byte arrays parsed at a time from a heap copy. */
    static final int WINDOW = 1 << 16;

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

    /**
     * {@code n} byte arrays, each a 4-byte little-endian length and the bytes. Parsed from a heap copy of up
     * to {@value #WINDOW} bytes of the page at a time, the values' bytes moved together in it and copied out
     * at once with their end offsets: array accesses cost little before the JIT compiles this loop, a
     * segment access per value much (a JVM's first reads of a file decode most dictionaries here).
     */
    static void binary(Cursor in, int n, BinaryValues out) {
        long bytes = Math.max(0, in.remaining() - 4L * n);
        out.ends.ensureCapacity((long) (out.count + n) * 8);
        out.data.ensureCapacity(out.data.size() + bytes + BinaryValues.SLACK);
        byte[] window = new byte[(int) Math.min(WINDOW, in.remaining())];
        long[] endsWindow = new long[Math.min(n, WINDOW / 8)];
        int done = 0;
        while (done < n) {
            int filled = (int) Math.min(window.length, in.remaining());
            MemorySegment.copy(in.segment, LittleEndian.BYTE, in.position, window, 0, filled);
            long at = out.data.size();
            int read = 0;
            int kept = 0;
            int k = 0;
            while (done + k < n && k < endsWindow.length && filled - read >= 4) {
                int length = (window[read] & 0xFF) | (window[read + 1] & 0xFF) << 8 | (window[read + 2] & 0xFF) << 16
                        | window[read + 3] << 24;
                if (length < 0 || filled - read - 4 < length) {
                    break;
                }
                System.arraycopy(window, read + 4, window, kept, length);
                read += 4 + length;
                kept += length;
                endsWindow[k++] = at + kept;
            }
            MemorySegment.copy(window, 0, out.data.segment(), LittleEndian.BYTE, at, kept);
            MemorySegment.copy(endsWindow, 0, out.ends.segment(), LittleEndian.LONG, 8L * out.count, k);
            in.position += read;
            out.data.setSize(at + kept);
            out.count += k;
            out.ends.setSize(8L * out.count);
            done += k;
            if (k == 0) {
                // a value longer than the window, or a bad length: one value read from the page itself
                oneBinary(in, out);
                done++;
            }
        }
    }

    /** One byte array (a length and the bytes) read from the page's segment. */
    private static void oneBinary(Cursor in, BinaryValues out) {
        in.need(4);
        int length = in.segment.get(LittleEndian.INT, in.position);
        in.position += 4;
        if (length < 0 || in.remaining() < length) {
            throw length < 0 ? in.error("negative byte array length " + length) : in.error("cut short: " + length
                    + " bytes needed, " + in.remaining() + " left");
        }
        long at = out.data.size();
        MemorySegment.copy(in.segment, in.position, out.data.segment(), at, length);
        in.position += length;
        out.data.setSize(at + length);
        out.ends.segment().set(LittleEndian.LONG, 8L * out.count, at + length);
        out.count++;
        out.ends.setSize(8L * out.count);
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
