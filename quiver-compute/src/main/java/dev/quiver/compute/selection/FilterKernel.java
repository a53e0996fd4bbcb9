// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

import dev.quiver.compute.kernel.Bits;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Parallel;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.FixedWidthArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * filter: the values where a boolean mask is true. Fixed-width values with nulls dropped are copied straight from
 * the mask's words, by morsels on several threads; every other case takes at the indices the mask selects.
 */
final class FilterKernel {
    private FilterKernel() {
    }

    static Array filter(Array values, Array mask, NullSelection nulls, int threads) {
        Indices.checkMask(mask, values.length());
        if (values instanceof FixedWidthArray a && nulls == NullSelection.DROP) {
            return fixed(a, mask, threads);
        }
        Array indices = Indices.fromMask(mask, nulls == NullSelection.EMIT_NULL);
        return TakeKernel.take(values, indices, threads);
    }

    private static Array fixed(FixedWidthArray a, Array mask, int threads) {
        long n = a.length();
        MemorySegment bits = Chunks.values(mask);
        MemorySegment maskValid = Validity.segment(mask);
        long mb = mask.offset();
        int morsels = Parallel.morsels(n, threads);
        long[] starts = new long[morsels + 1];
        Parallel.run(morsels, threads, k -> {
            long from = Parallel.morselStart(n, morsels, k);
            long to = Parallel.morselStart(n, morsels, k + 1);
            starts[k + 1] = Bits.countAnd(bits, mb + from, maskValid, mb + from, to - from);
        });
        for (int k = 0; k < morsels; k++) {
            starts[k + 1] += starts[k];
        }
        long count = starts[morsels];
        int w = a.byteWidth();
        ArrowBuffer out = Outputs.allocateForOverwrite(count * w);
        MemorySegment srcValid = Validity.segment(a);
        ArrowBuffer validity = srcValid == null ? null : Outputs.allocateBits(count);
        MemorySegment src = Chunks.values(a);
        long sb = a.offset();
        Parallel.run(morsels, threads, k -> {
            long from = Parallel.morselStart(n, morsels, k);
            long to = Parallel.morselStart(n, morsels, k + 1);
            copy(src, sb, w, bits, maskValid, mb, out.segment(), starts[k], from, to);
        });
        if (validity != null) {
            // One thread: morsels' outputs start at any bit, and two threads must not write one byte.
            copyValidity(srcValid, sb, bits, maskValid, mb, validity.segment(), 0, 0, n);
        }
        return Outputs.fixedWidth(a.type(), count, Outputs.dropIfAllValid(validity, count), out);
    }

    private static void copy(MemorySegment src, long sb, int w, MemorySegment bits, MemorySegment maskValid, long mb,
            MemorySegment dst, long at, long from, long to) {
        long o = at;
        for (long i = from; i < to; i += 64) {
            int k = (int) Math.min(64, to - i);
            long sel = Bits.word(bits, mb + i, k) & Bits.word(maskValid, mb + i, k);
            if (sel == -1L) {
                MemorySegment.copy(src, (sb + i) * w, dst, o * w, 64L * w);
                o += 64;
                continue;
            }
            while (sel != 0) {
                long r = i + Long.numberOfTrailingZeros(sel);
                sel &= sel - 1;
                switch (w) {
                    case 8 -> dst.set(LittleEndian.LONG, o * 8, src.get(LittleEndian.LONG, (sb + r) * 8));
                    case 4 -> dst.set(LittleEndian.INT, o * 4, src.get(LittleEndian.INT, (sb + r) * 4));
                    case 2 -> dst.set(LittleEndian.SHORT, o * 2, src.get(LittleEndian.SHORT, (sb + r) * 2));
                    case 1 -> dst.set(LittleEndian.BYTE, o, src.get(LittleEndian.BYTE, sb + r));
                    default -> MemorySegment.copy(src, (sb + r) * w, dst, o * w, w);
                }
                o++;
            }
        }
    }

    private static void copyValidity(MemorySegment srcValid, long sb, MemorySegment bits, MemorySegment maskValid,
            long mb, MemorySegment dst, long at, long from, long to) {
        long o = at;
        for (long i = from; i < to; i += 64) {
            int k = (int) Math.min(64, to - i);
            long sel = Bits.word(bits, mb + i, k) & Bits.word(maskValid, mb + i, k);
            long valid = Bits.word(srcValid, sb + i, k);
            while (sel != 0) {
                int b = Long.numberOfTrailingZeros(sel);
                sel &= sel - 1;
                if ((valid >>> b & 1) != 0) {
                    Bitmaps.set(dst, o, true);
                }
                o++;
            }
        }
    }
}
