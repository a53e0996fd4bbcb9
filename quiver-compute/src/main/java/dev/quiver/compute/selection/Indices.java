// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.BitAppender;
import dev.quiver.compute.kernel.Bits;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;

/** Index arrays for take: any integer array read as int64, and the indices a boolean mask selects. */
final class Indices {
    private Indices() {
    }

    /** Any integer index array as an int64 array (the same array when it already is one). */
    static Array asInt64(Array indices, String kernel) {
        if (!(indices.type() instanceof ArrowType.Int t)) {
            throw new ComputeException(kernel + ": indices must be integers, not " + indices.type());
        }
        if (t.bitWidth() == 64 && t.signed()) {
            return indices;
        }
        long n = indices.length();
        MemorySegment src = Chunks.values(indices);
        long base = indices.offset();
        ArrowBuffer out = Outputs.allocateForOverwrite(n * 8);
        MemorySegment o = out.segment();
        int width = t.bitWidth();
        boolean signed = t.signed();
        for (long i = 0; i < n; i++) {
            long at = base + i;
            long v = switch (width) {
                case 8 -> signed ? src.get(LittleEndian.BYTE, at) : src.get(LittleEndian.BYTE, at) & 0xFFL;
                case 16 -> signed ? src.get(LittleEndian.SHORT, at * 2) : src.get(LittleEndian.SHORT, at * 2) & 0xFFFFL;
                case 32 -> signed ? src.get(LittleEndian.INT, at * 4) : src.get(LittleEndian.INT, at * 4) & 0xFFFFFFFFL;
                default -> {
                    long u = src.get(LittleEndian.LONG, at * 8);
                    yield u < 0 ? Long.MAX_VALUE : u;
                }
            };
            o.set(LittleEndian.LONG, i * 8, v);
        }
        return Outputs.fixedWidth(ArrowType.INT64, n, Validity.and(indices), out);
    }

    /**
     * The positions a mask selects, as int64 indices; with {@code emitNull}, a null mask slot gives a null index.
     */
    static Array fromMask(Array mask, boolean emitNull) {
        long n = mask.length();
        MemorySegment bits = Chunks.values(mask);
        MemorySegment valid = Validity.segment(mask);
        long base = mask.offset();
        long count = 0;
        for (long i = 0; i < n; i += 64) {
            int k = (int) Math.min(64, n - i);
            long v = Bits.word(valid, base + i, k);
            count += Long.bitCount(Bits.word(bits, base + i, k) & v) + (emitNull ? Long.bitCount(~v & Bits.low(k)) : 0);
        }
        ArrowBuffer out = Outputs.allocateForOverwrite(count * 8);
        MemorySegment o = out.segment();
        ArrowBuffer outValid = emitNull && valid != null ? Outputs.allocateBits(count) : null;
        BitAppender validBits = outValid == null ? null : new BitAppender(outValid.segment());
        long at = 0;
        for (long i = 0; i < n; i += 64) {
            int k = (int) Math.min(64, n - i);
            long v = Bits.word(valid, base + i, k);
            long take = Bits.word(bits, base + i, k) & v;
            long nul = emitNull ? ~v & Bits.low(k) : 0;
            long any = take | nul;
            if (validBits != null) {
                validBits.append(Long.compress(take, any), Long.bitCount(any));
            }
            for (; any != 0; any &= any - 1) {
                o.set(LittleEndian.LONG, at++ * 8, i + Long.numberOfTrailingZeros(any));
            }
        }
        if (validBits != null) {
            validBits.finish();
        }
        return Outputs.fixedWidth(ArrowType.INT64, count, outValid, out);
    }

    /** Checks that a mask is a boolean array as long as the data. */
    static void checkMask(Array mask, long length) {
        if (!(mask.type() instanceof ArrowType.Bool)) {
            throw new ComputeException("filter: the mask must be boolean, not " + mask.type());
        }
        if (mask.length() != length) {
            throw new ComputeException("filter: the mask has " + mask.length() + " values, the data " + length);
        }
    }
}
