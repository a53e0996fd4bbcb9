// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.lang.foreign.MemorySegment;

/**
 * Bit-level access to bitmaps in the spec's order: bit {@code i} is bit {@code i % 8} (least significant
 * first) of byte {@code i / 8}. All positions are absolute bit indexes into the segment, so views at
 * any bit offset need no copy.
 */
public final class Bitmaps {
    private Bitmaps() {
    }

    /**
     * The number of bytes that hold a number of bits.
     *
     * @param bits the number of bits, 0 or more
     * @return {@code ceil(bits / 8)}
     */
    public static long bytesFor(long bits) {
        return (bits + 7) >>> 3;
    }

    /**
     * Reads one bit.
     *
     * @param bitmap the bitmap's memory
     * @param bit the absolute bit index
     * @return whether the bit is set
     * @throws IndexOutOfBoundsException if the bit's byte is outside the segment
     */
    public static boolean get(MemorySegment bitmap, long bit) {
        return (bitmap.get(LittleEndian.BYTE, bit >>> 3) & (1 << (bit & 7))) != 0;
    }

    /**
     * Writes one bit, leaving the other bits of its byte as they are.
     *
     * @param bitmap the bitmap's memory
     * @param bit the absolute bit index
     * @param value the new bit
     * @throws IndexOutOfBoundsException if the bit's byte is outside the segment
     * @throws UnsupportedOperationException if the segment is read-only
     */
    public static void set(MemorySegment bitmap, long bit, boolean value) {
        long at = bit >>> 3;
        int b = bitmap.get(LittleEndian.BYTE, at);
        int mask = 1 << (bit & 7);
        bitmap.set(LittleEndian.BYTE, at, (byte) (value ? b | mask : b & ~mask));
    }

    /**
     * Sets {@code length} bits from {@code fromBit} to {@code value}, whole bytes at a time where it can;
     * bits outside the range keep their values.
     *
     * @param bitmap the bitmap's memory
     * @param fromBit the absolute index of the first bit
     * @param length the number of bits, 0 or more
     * @param value the value of every bit of the range
     * @throws IndexOutOfBoundsException if the range's bytes are not all within the segment
     * @throws UnsupportedOperationException if the segment is read-only
     */
    public static void fill(MemorySegment bitmap, long fromBit, long length, boolean value) {
        long i = fromBit;
        long end = fromBit + length;
        while (i < end && (i & 7) != 0) {
            set(bitmap, i++, value);
        }
        long wholeBytes = (end - i) >>> 3;
        if (wholeBytes > 0) {
            bitmap.asSlice(i >>> 3, wholeBytes).fill((byte) (value ? 0xFF : 0));
            i += wholeBytes << 3;
        }
        while (i < end) {
            set(bitmap, i++, value);
        }
    }

    /**
     * Counts the set bits among {@code length} bits from {@code fromBit}, a 64-bit word at a time.
     *
     * @param bitmap the bitmap's memory
     * @param fromBit the absolute index of the first bit
     * @param length the number of bits, 0 or more
     * @return the number of set bits, from 0 to {@code length}
     * @throws IndexOutOfBoundsException if the range's bytes are not all within the segment
     */
    public static long countSet(MemorySegment bitmap, long fromBit, long length) {
        long count = 0;
        long i = fromBit;
        long end = fromBit + length;
        while (i < end && (i & 7) != 0) {
            if (get(bitmap, i)) {
                count++;
            }
            i++;
        }
        while (end - i >= 64) {
            count += Long.bitCount(bitmap.get(LittleEndian.LONG, i >>> 3));
            i += 64;
        }
        while (end - i >= 8) {
            count += Integer.bitCount(bitmap.get(LittleEndian.BYTE, i >>> 3) & 0xFF);
            i += 8;
        }
        while (i < end) {
            if (get(bitmap, i)) {
                count++;
            }
            i++;
        }
        return count;
    }

    /**
     * Copies {@code length} bits from {@code src} at bit {@code srcBit} to {@code dst} at bit
     * {@code dstBit}; whole bytes are copied in bulk when both positions share their bit phase. Bits of
     * {@code dst} outside the range keep their values. The ranges must not overlap in the same memory.
     *
     * @param src the source bitmap
     * @param srcBit the absolute index of the first bit to read in {@code src}
     * @param dst the destination bitmap
     * @param dstBit the absolute index of the first bit to write in {@code dst}
     * @param length the number of bits, 0 or more
     * @throws IndexOutOfBoundsException if either range's bytes are not all within their segment
     * @throws UnsupportedOperationException if {@code dst} is read-only
     */
    public static void copy(MemorySegment src, long srcBit, MemorySegment dst, long dstBit, long length) {
        if (((srcBit ^ dstBit) & 7) == 0) {
            long i = 0;
            while (i < length && ((srcBit + i) & 7) != 0) {
                set(dst, dstBit + i, get(src, srcBit + i));
                i++;
            }
            long wholeBytes = (length - i) >>> 3;
            if (wholeBytes > 0) {
                MemorySegment.copy(src, (srcBit + i) >>> 3, dst, (dstBit + i) >>> 3, wholeBytes);
                i += wholeBytes << 3;
            }
            for (; i < length; i++) {
                set(dst, dstBit + i, get(src, srcBit + i));
            }
            return;
        }
        long i = 0;
        // Different phase: assemble each destination byte from the unaligned source bits.
        while (i < length && ((dstBit + i) & 7) != 0) {
            set(dst, dstBit + i, get(src, srcBit + i));
            i++;
        }
        for (; length - i >= 8; i += 8) {
            long s = srcBit + i;
            int lo = src.get(LittleEndian.BYTE, s >>> 3) & 0xFF;
            long hiAt = (s >>> 3) + 1;
            int hi = hiAt < src.byteSize() ? src.get(LittleEndian.BYTE, hiAt) & 0xFF : 0;
            int shift = (int) (s & 7);
            dst.set(LittleEndian.BYTE, (dstBit + i) >>> 3, (byte) ((lo >>> shift) | (hi << (8 - shift))));
        }
        for (; i < length; i++) {
            set(dst, dstBit + i, get(src, srcBit + i));
        }
    }
}
