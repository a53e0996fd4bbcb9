// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * take of binary and string values on one thread, in one pass over the indices by groups of {@link #GROUP}. Random
 * reads are memory-latency bound, and how many of them overlap depends on how few instructions separate them; so
 * each step of a group is a loop of its own doing little else: the source offsets of every index, then the first 16
 * bytes of every value into two small arrays, then the output offsets and bytes written in order (a value of up to
 * 16 bytes is two 8-byte stores, the next value overwriting what lies past its end), and last, only when the group
 * has one, the values longer than 16 bytes or too close to the end of the source bytes, copied exactly. The data
 * buffer is sized from the source's average value length and doubled when the taken values are longer; the result
 * is a slice of exactly the bytes taken.
 */
final class TakeBinary {
    /** Indices handled together: their scratch arrays stay in the L1 cache, enough reads overlap. */
    static final int GROUP = 256;

    private final boolean large;
    private final MemorySegment srcOff;
    private final MemorySegment bytes;
    private final long lastWord;
    private final long[] starts = new long[GROUP];
    private final long[] ends = new long[GROUP];
    private final long[] low = new long[GROUP];
    private final long[] high = new long[GROUP];

    private TakeBinary(VarBinaryArray a) {
        this.large = a.isLarge();
        this.srcOff = a.offsetsBuffer().segment();
        this.bytes = a.dataBuffer() == null ? ArrowBuffer.EMPTY.segment() : a.dataBuffer().segment();
        this.lastWord = bytes.byteSize() - 16;
    }

    /** The values at the in-range (or null) int64 indices, with the output validity already gathered. */
    static Array take(VarBinaryArray a, Array indices, ArrowBuffer validity) {
        return new TakeBinary(a).run(a, indices, validity);
    }

    private Array run(VarBinaryArray a, Array indices, ArrowBuffer validity) {
        long n = indices.length();
        MemorySegment idx = Chunks.values(indices);
        MemorySegment idxValid = Validity.segment(indices);
        long ib = indices.offset();
        long sb = a.offset();
        long sourceBytes = TakeKernel.offset(srcOff, large, sb + a.length()) - TakeKernel.offset(srcOff, large, sb);
        long estimate = (long) ((double) sourceBytes / a.length() * n * 1.0625) + 64;
        ArrowBuffer offsets = Outputs.allocateForOverwrite((n + 1) * (large ? 8 : 4));
        MemorySegment off = offsets.segment();
        ArrowBuffer data = Outputs.allocateForOverwrite(estimate);
        MemorySegment out = data.segment();
        long slots = srcOff.byteSize() / (large ? 8 : 4) - 1 - sb;
        long at = 0;
        TakeKernel.putOffset(off, large, 0, 0);
        for (long i = 0; i < n; i += GROUP) {
            int c = (int) Math.min(GROUP, n - i);
            if (large) {
                offsetsLarge(srcOff, slots, idx, ib + i, sb, c, starts, ends);
            } else {
                offsets(srcOff, slots, idx, ib + i, sb, c, starts, ends);
            }
            if (idxValid != null) {
                dropNulls(idxValid, ib + i, c);
            }
            long groupBytes = 0;
            for (int k = 0; k < c; k++) {
                groupBytes += ends[k] - starts[k];
            }
            if (!large && at + groupBytes > Integer.MAX_VALUE) {
                throw new ComputeException("take: the result holds more than " + Integer.MAX_VALUE
                        + " bytes, more than a " + a.type() + " array can address (cast to the large type first)");
            }
            if (at + groupBytes + 16 > out.byteSize()) {
                ArrowBuffer grown = Outputs.allocateForOverwrite(Math.max(2 * out.byteSize(), at + groupBytes + 64));
                MemorySegment.copy(out, 0, grown.segment(), 0, at);
                data = grown;
                out = grown.segment();
            }
            if (lastWord >= 0) {
                words(bytes, lastWord, starts, c, low, high);
            }
            long end = large ? writeLarge(c, starts, ends, low, high, lastWord, out, at, off, i)
                    : write(c, starts, ends, low, high, lastWord, out, at, off, i);
            if (lastWord < 0 || end < 0) {
                exact(c, out, at);
            }
            at = at + groupBytes;
        }
        return Outputs.varBinary(a.type(), n, validity, offsets, data.slice(0, at));
    }

    /**
     * The start and end of the value at each of {@code c} indices from slot {@code at}, 32-bit offsets. An index
     * outside {@code [0, slots)} (only a null one can be: valid indices were checked) reads value 0; its length is
     * cleared by {@link #dropNulls}. The loops are static, on parameters only: the same compiled loop whether
     * inlined or not.
     */
    private static void offsets(MemorySegment srcOff, long slots, MemorySegment idx, long at, long sb, int c,
            long[] s, long[] e) {
        for (int k = 0; k < c; k++) {
            long i = idx.get(LittleEndian.LONG, (at + k) * 8);
            long j = (sb + (i >= 0 && i < slots ? i : 0)) * 4;
            s[k] = srcOff.get(LittleEndian.INT, j);
            e[k] = srcOff.get(LittleEndian.INT, j + 4);
        }
    }

    /** As {@link #offsets} for 64-bit offsets. */
    private static void offsetsLarge(MemorySegment srcOff, long slots, MemorySegment idx, long at, long sb, int c,
            long[] s, long[] e) {
        for (int k = 0; k < c; k++) {
            long i = idx.get(LittleEndian.LONG, (at + k) * 8);
            long j = (sb + (i >= 0 && i < slots ? i : 0)) * 8;
            s[k] = srcOff.get(LittleEndian.LONG, j);
            e[k] = srcOff.get(LittleEndian.LONG, j + 8);
        }
    }

    /** A null index takes no bytes. */
    private void dropNulls(MemorySegment idxValid, long at, int c) {
        for (int k = 0; k < c; k++) {
            if (!Bitmaps.get(idxValid, at + k)) {
                ends[k] = starts[k];
            }
        }
    }

    /** The first 16 bytes at each value's start (at the last 16 bytes of the source for a value that near its end). */
    private static void words(MemorySegment bytes, long last, long[] s, int c, long[] lo, long[] hi) {
        for (int k = 0; k < c; k++) {
            long p = Math.min(s[k], last);
            lo[k] = bytes.get(LittleEndian.LONG, p);
            hi[k] = bytes.get(LittleEndian.LONG, p + 8);
        }
    }

    /**
     * Writes the group's output offsets ({@code i + 1 ..}, 32-bit) and its values of up to 16 bytes from byte
     * {@code at}; returns a negative number when a value of the group needs {@link #exact}.
     */
    private static long write(int c, long[] s, long[] e, long[] lo, long[] hi, long last, MemorySegment out,
            long at, MemorySegment off, long i) {
        long odd = 0;
        for (int k = 0; k < c; k++) {
            long len = e[k] - s[k];
            out.set(LittleEndian.LONG, at, lo[k]);
            out.set(LittleEndian.LONG, at + 8, hi[k]);
            odd |= (s[k] - Math.min(s[k], last)) | ((16 - len) >>> 63);
            at += len;
            off.set(LittleEndian.INT, (i + k + 1) * 4, (int) at);
        }
        return odd != 0 ? -1 : at;
    }

    /** As {@link #write} with 64-bit offsets. */
    private static long writeLarge(int c, long[] s, long[] e, long[] lo, long[] hi, long last, MemorySegment out,
            long at, MemorySegment off, long i) {
        long odd = 0;
        for (int k = 0; k < c; k++) {
            long len = e[k] - s[k];
            out.set(LittleEndian.LONG, at, lo[k]);
            out.set(LittleEndian.LONG, at + 8, hi[k]);
            odd |= (s[k] - Math.min(s[k], last)) | ((16 - len) >>> 63);
            at += len;
            off.set(LittleEndian.LONG, (i + k + 1) * 8, at);
        }
        return odd != 0 ? -1 : at;
    }

    /** Copies exactly the group's values longer than 16 bytes or near the source's end. */
    private void exact(int c, MemorySegment out, long at) {
        for (int k = 0; k < c; k++) {
            long len = ends[k] - starts[k];
            if (len > 16 || starts[k] > lastWord) {
                MemorySegment.copy(bytes, starts[k], out, at, len);
            }
            at += len;
        }
    }
}
