// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * DELTA_BINARY_PACKED of Encodings.md: blocks of 128 values in 4 miniblocks of 32, deltas taken with the
 * wrapping arithmetic of the physical type (32-bit for INT32, 64-bit for INT64), each miniblock packed at the
 * width of its largest delta above the block's minimum. Unused miniblocks of the last block get width 0 and no
 * bytes; the last used one is padded to 32 values.
 */
public final class DeltaBinaryPackedEncoder {
    private static final int BLOCK = 128;
    private static final int MINIBLOCKS = 4;
    private static final int MINI = BLOCK / MINIBLOCKS;

    private final boolean wide;
    private final long[] deltas = new long[BLOCK];
    private final ByteSink out;
    private long count;
    private long first;
    private long previous;
    private int buffered;
    private final int headerAt;

    /**
     * An encoder appending to {@code out}; {@link #finish()} writes the header in front.
     *
     * @param wide whether values are 64-bit (INT64) rather than 32-bit (INT32)
     * @param out where the encoding is appended
     */
    public DeltaBinaryPackedEncoder(boolean wide, ByteSink out) {
        this.wide = wide;
        this.out = out;
        this.headerAt = out.size();
    }

    /**
     * Encodes 32-bit values in one call.
     *
     * @param values the values
     * @param from the first value
     * @param to one past the last value
     * @param out where the encoding is appended
     */
    public static void encodeInts(int[] values, int from, int to, ByteSink out) {
        DeltaBinaryPackedEncoder encoder = new DeltaBinaryPackedEncoder(false, out);
        for (int i = from; i < to; i++) {
            encoder.add(values[i]);
        }
        encoder.finish();
    }

    /**
     * Encodes little-endian values of a segment in one call.
     *
     * @param src the values, 4 or 8 bytes each
     * @param offset the first value's byte offset
     * @param n the number of values
     * @param wide whether values are 8 bytes wide
     * @param out where the encoding is appended
     */
    public static void encode(MemorySegment src, long offset, int n, boolean wide, ByteSink out) {
        DeltaBinaryPackedEncoder encoder = new DeltaBinaryPackedEncoder(wide, out);
        if (wide) {
            for (int i = 0; i < n; i++) {
                encoder.add(src.get(LittleEndian.LONG, offset + 8L * i));
            }
        } else {
            for (int i = 0; i < n; i++) {
                encoder.add(src.get(LittleEndian.INT, offset + 4L * i));
            }
        }
        encoder.finish();
    }

    /**
     * Adds a value (a 32-bit one is taken from the low half).
     *
     * @param v the value
     */
    public void add(long v) {
        if (!wide) {
            v = (int) v;
        }
        if (count == 0) {
            first = v;
            previous = v;
            count = 1;
            return;
        }
        long delta = v - previous;
        deltas[buffered++] = wide ? delta : (int) delta;
        previous = v;
        count++;
        if (buffered == BLOCK) {
            flushBlock();
        }
    }

    /** Writes the last block and the header in front of the blocks; the encoder is done afterwards. */
    public void finish() {
        if (buffered > 0) {
            flushBlock();
        }
        ByteSink header = new ByteSink(32);
        header.writeUleb(BLOCK);
        header.writeUleb(MINIBLOCKS);
        header.writeUleb(count);
        header.writeZigZag(count == 0 ? 0 : first);
        int blocksLength = out.size() - headerAt;
        out.reserve(header.size());
        byte[] array = out.array();
        System.arraycopy(array, headerAt, array, headerAt + header.size(), blocksLength);
        System.arraycopy(header.array(), 0, array, headerAt, header.size());
        out.setSize(out.size() + header.size());
    }

    private void flushBlock() {
        long min = deltas[0];
        for (int i = 1; i < buffered; i++) {
            min = Math.min(min, deltas[i]);
        }
        out.writeZigZag(min);
        int widthsAt = out.size();
        out.reserve(MINIBLOCKS);
        out.setSize(widthsAt + MINIBLOCKS);
        byte[] widths = new byte[MINIBLOCKS];
        int used = (buffered + MINI - 1) / MINI;
        for (int m = 0; m < used; m++) {
            int start = m * MINI;
            int end = Math.min(buffered, start + MINI);
            long or = 0;
            for (int i = start; i < end; i++) {
                long d = deltas[i] - min;
                if (!wide) {
                    d &= 0xFFFFFFFFL;
                }
                deltas[i] = d;
                or |= d;
            }
            for (int i = end; i < start + MINI; i++) {
                deltas[i] = 0;
            }
            int width = RleHybridEncoder.bitWidth(or);
            widths[m] = (byte) width;
            pack(start, width);
        }
        System.arraycopy(widths, 0, out.array(), widthsAt, MINIBLOCKS);
        buffered = 0;
    }

    private void pack(int start, int width) {
        if (width == 0) {
            return;
        }
        out.reserve((long) MINI * width / 8);
        long buffer = 0;
        int bits = 0;
        for (int i = start; i < start + MINI; i++) {
            long v = deltas[i];
            buffer |= v << bits;
            int room = 64 - bits;
            if (width >= room) {
                for (int b = 0; b < 8; b++) {
                    out.writeByte((int) (buffer >>> (8 * b)));
                }
                buffer = room == 64 ? 0 : v >>> room;
                bits = width - room;
            } else {
                bits += width;
            }
        }
        while (bits > 0) {
            out.writeByte((int) buffer);
            buffer >>>= 8;
            bits -= 8;
        }
    }
}
