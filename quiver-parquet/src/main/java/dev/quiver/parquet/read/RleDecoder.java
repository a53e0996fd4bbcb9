// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.LittleEndian;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The RLE/bit-packing hybrid (Encodings.md "Run Length Encoding / Bit-Packing Hybrid"): runs of one
 * repeated value and groups of 8 bit-packed values, for levels, dictionary indices and booleans.
 */
final class RleDecoder {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private final Cursor in;
    private final int width;
    private final int byteWidth;
    private int runLeft;
    private boolean packed;
    private int value;
    private long packedBase;
    private long packedBit;

    RleDecoder(Cursor in, int width) {
        if (width < 0 || width > 32) {
            throw in.error("bit width " + width + " out of range 0..32");
        }
        this.in = in;
        this.width = width;
        this.byteWidth = (width + 7) / 8;
    }

    private void nextRun() {
        if (in.remaining() <= 0) {
            throw in.error("RLE/bit-packed data ends before all values were read");
        }
        int header = in.readUnsignedVarInt();
        if ((header & 1) == 0) {
            runLeft = header >>> 1;
            if (runLeft == 0) {
                throw in.error("RLE run of length 0");
            }
            packed = false;
            in.need(byteWidth);
            int v = 0;
            for (int k = 0; k < byteWidth; k++) {
                v |= in.readUnsignedByte() << (8 * k);
            }
            value = v;
        } else {
            long groups = header >>> 1;
            if (groups == 0) {
                throw in.error("bit-packed run of 0 groups");
            }
            long bytes = groups * width;
            // A writer may end the last run early: values past the data are never asked for (Encodings.md).
            long available = Math.min(bytes, in.remaining());
            packedBase = in.position;
            packedBit = 0;
            in.position += available;
            runLeft = (int) Math.min(groups * 8, available * 8 / Math.max(1, width));
            if (width == 0) {
                runLeft = (int) Math.min(Integer.MAX_VALUE, groups * 8);
            }
            if (runLeft == 0) {
                throw in.error("bit-packed run with no data");
            }
            packed = true;
        }
    }

    /** Reads {@code n} values into {@code out}. */
    void readInts(int[] out, int offset, int n) {
        int done = 0;
        while (done < n) {
            if (runLeft == 0) {
                nextRun();
            }
            int take = Math.min(runLeft, n - done);
            if (packed) {
                BitReader.unpackInts(in.segment, packedBase, in.position, packedBit, width, out, offset + done, take);
                packedBit += (long) take * width;
            } else {
                java.util.Arrays.fill(out, offset + done, offset + done + take, value);
            }
            runLeft -= take;
            done += take;
        }
    }

    /** Reads {@code n} levels (values below 128) into {@code out}. */
    void readLevels(byte[] out, int offset, int n, int[] scratch) {
        int done = 0;
        while (done < n) {
            if (runLeft == 0) {
                nextRun();
            }
            int take = Math.min(runLeft, n - done);
            if (packed && width == 1 && (packedBit & 7) == 0 && take >= 8) {
                // one byte of 8 levels of one bit to 8 bytes of 0 or 1 at a time
                take &= ~7;
                long at = packedBase + (packedBit >>> 3);
                int o = offset + done;
                for (int i = 0; i < take; i += 8) {
                    long b = in.segment.get(LittleEndian.BYTE, at + (i >>> 3)) & 0xFFL;
                    long spread = (((b * 0x0101010101010101L) & 0x8040201008040201L) + 0x7F7F7F7F7F7F7F7FL) >>> 7;
                    LONGS.set(out, o + i, spread & 0x0101010101010101L);
                }
                packedBit += take;
            } else if (packed) {
                take = Math.min(take, scratch.length);
                BitReader.unpackInts(in.segment, packedBase, in.position, packedBit, width, scratch, 0, take);
                packedBit += (long) take * width;
                for (int i = 0; i < take; i++) {
                    out[offset + done + i] = (byte) scratch[i];
                }
            } else {
                java.util.Arrays.fill(out, offset + done, offset + done + take, (byte) value);
            }
            runLeft -= take;
            done += take;
        }
    }
}
