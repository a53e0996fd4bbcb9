// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Bits;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Parallel;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.BaseListArray;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.FixedSizeListArray;
import dev.quiver.core.array.FixedWidthArray;
import dev.quiver.core.array.ListArray;
import dev.quiver.core.array.MapArray;
import dev.quiver.core.array.NullArray;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * take: the values at the given int64 indices (a null index gives a null), one loop per value width. Fixed-width,
 * boolean and binary values and validity bitmaps (built a 64-bit word at a time) are gathered on several threads by
 * blocks of indices; binaries by {@link TakeBinary}, block by block; lists, maps and fixed-size lists take their
 * child at the concatenated element ranges, structs child by child; other types (unions, views, run-end encoded)
 * go value by value.
 */
final class TakeKernel {
    private TakeKernel() {
    }

    /** Takes from {@code values} at the int64 {@code indices}; out of range names the index and its row. */
    static Array take(Array values, Array indices, int threads) {
        checkBounds(values.length(), indices);
        return takeChecked(values, indices, threads);
    }

    /** Takes at int64 indices already known to be in range (or null). */
    static Array takeChecked(Array values, Array indices, int threads) {
        long n = indices.length();
        if (values.length() == 0 || values instanceof NullArray) {
            // Only null indices pass the bounds check here.
            return ArrayBuilder.of(values.type(), Outputs.allocator()).appendNulls(n).build();
        }
        ArrowBuffer validity = outValidity(values, indices, threads);
        return switch (values) {
            case FixedWidthArray a -> fixed(a, indices, validity, threads);
            case BooleanArray a -> bool(a, indices, validity, threads);
            case VarBinaryArray a -> varBinary(a, indices, validity, threads);
            case DictionaryArray a -> {
                Array idx = takeChecked(a.indices(), indices, threads);
                yield Array.ofUnchecked(idx.data().withType(a.type()).withDictionary(a.data().dictionary()));
            }
            case ExtensionArray a -> Array.ofUnchecked(takeChecked(a.storage(), indices, threads).data()
                    .withType(a.type()));
            case StructArray a -> struct(a, indices, validity, threads);
            case ListArray a -> list(a, a.isLarge(), false, 0, indices, validity, threads);
            case MapArray a -> list(a, false, false, 0, indices, validity, threads);
            case FixedSizeListArray a -> list(a, false, true, a.listSize(), indices, validity, threads);
            default -> generic(values, indices);
        };
    }

    /** Throws naming the first index (and its row) outside {@code [0, length)}. */
    static void checkBounds(long length, Array indices) {
        MemorySegment idx = Chunks.values(indices);
        MemorySegment valid = Validity.segment(indices);
        long base = indices.offset();
        long n = indices.length();
        long bad = 0;
        for (long i = 0; i < n; i++) {
            long v = idx.get(LittleEndian.LONG, (base + i) * 8);
            bad |= v < 0 || v >= length ? 1 : 0;
        }
        if (bad == 0) {
            return;
        }
        for (long i = 0; i < n; i++) {
            long v = idx.get(LittleEndian.LONG, (base + i) * 8);
            if ((v < 0 || v >= length) && (valid == null || Bitmaps.get(valid, base + i))) {
                throw new ComputeException("take: index " + (v == Long.MAX_VALUE ? "over 2^63-1" : v) + " at row "
                        + i + " is out of range for an array of length " + length);
            }
        }
    }

    private static ArrowBuffer outValidity(Array values, Array indices, int threads) {
        MemorySegment srcValid = Validity.segment(values);
        MemorySegment idxValid = Validity.segment(indices);
        if (srcValid == null && idxValid == null) {
            return null;
        }
        long n = indices.length();
        ArrowBuffer out = Outputs.allocateBits(n);
        MemorySegment o = out.segment();
        MemorySegment idx = Chunks.values(indices);
        long ib = indices.offset();
        long sb = values.offset();
        Parallel.run(blocks(n), threads, k -> gatherValidity(srcValid, sb, idx, ib, idxValid, o, blockStart(k),
                blockEnd(n, k)));
        return Outputs.dropIfAllValid(out, n);
    }

    /**
     * The output validity of rows {@code [from, to)}, a word at a time: the index's validity, cleared where the value
     * taken is null (a method of its own, so that it is compiled for itself and not inside a lambda's profile).
     */
    private static void gatherValidity(MemorySegment srcValid, long sb, MemorySegment idx, long ib,
            MemorySegment idxValid, MemorySegment o, long from, long to) {
        for (long i = from; i < to; i += 64) {
            int c = (int) Math.min(64, to - i);
            long w = Bits.word(idxValid, ib + i, c);
            if (srcValid != null) {
                for (long m = w; m != 0; m &= m - 1) {
                    int b = Long.numberOfTrailingZeros(m);
                    long j = sb + idx.get(LittleEndian.LONG, (ib + i + b) * 8);
                    w &= ~((~srcValid.get(LittleEndian.BYTE, j >>> 3) >>> (j & 7) & 1L) << b);
                }
            }
            Bits.putWord(o, i, w, c);
        }
    }

    /** Work pieces of take: blocks of {@link Parallel#MORSEL_ROWS} indices, whatever the thread count. */
    private static int blocks(long n) {
        return (int) ((n + Parallel.MORSEL_ROWS - 1) / Parallel.MORSEL_ROWS);
    }

    private static long blockStart(int k) {
        return k * Parallel.MORSEL_ROWS;
    }

    private static long blockEnd(long n, int k) {
        return Math.min(n, (k + 1) * Parallel.MORSEL_ROWS);
    }

    private static Array fixed(FixedWidthArray a, Array indices, ArrowBuffer validity, int threads) {
        long n = indices.length();
        int w = a.byteWidth();
        ArrowBuffer out = Outputs.allocateForOverwrite(n * w);
        MemorySegment src = Chunks.values(a);
        MemorySegment idx = Chunks.values(indices);
        MemorySegment dst = out.segment();
        MemorySegment idxValid = Validity.segment(indices);
        long sb = a.offset();
        long ib = indices.offset();
        Parallel.run(blocks(n), threads, k -> copyFixed(src, sb, idx, ib, idxValid, dst, w, blockStart(k),
                blockEnd(n, k)));
        return Outputs.fixedWidth(a.type(), n, validity, out);
    }

    private static void copyFixed(MemorySegment src, long sb, MemorySegment idx, long ib, MemorySegment idxValid,
            MemorySegment dst, int w, long from, long to) {
        // A null index reads slot 0 of its own index value only if that value is in range; keep it safe.
        long limit = src.byteSize() / w - sb;
        switch (w) {
            case 8 -> gather8(src, sb, idx, ib, idxValid, dst, limit, from, to);
            case 4 -> gather4(src, sb, idx, ib, idxValid, dst, limit, from, to);
            case 2 -> gather2(src, sb, idx, ib, idxValid, dst, limit, from, to);
            case 1 -> gather1(src, sb, idx, ib, idxValid, dst, limit, from, to);
            default -> {
                for (long i = from; i < to; i++) {
                    long j = safe(idx.get(LittleEndian.LONG, (ib + i) * 8), limit, idxValid, ib + i);
                    MemorySegment.copy(src, (sb + j) * w, dst, i * w, w);
                }
            }
        }
    }

    // One method per width: each loop compiled for itself, whatever width was taken before.

    private static void gather8(MemorySegment src, long sb, MemorySegment idx, long ib, MemorySegment idxValid,
            MemorySegment dst, long limit, long from, long to) {
        for (long i = from; i < to; i++) {
            long j = safe(idx.get(LittleEndian.LONG, (ib + i) * 8), limit, idxValid, ib + i);
            dst.set(LittleEndian.LONG, i * 8, src.get(LittleEndian.LONG, (sb + j) * 8));
        }
    }

    private static void gather4(MemorySegment src, long sb, MemorySegment idx, long ib, MemorySegment idxValid,
            MemorySegment dst, long limit, long from, long to) {
        for (long i = from; i < to; i++) {
            long j = safe(idx.get(LittleEndian.LONG, (ib + i) * 8), limit, idxValid, ib + i);
            dst.set(LittleEndian.INT, i * 4, src.get(LittleEndian.INT, (sb + j) * 4));
        }
    }

    private static void gather2(MemorySegment src, long sb, MemorySegment idx, long ib, MemorySegment idxValid,
            MemorySegment dst, long limit, long from, long to) {
        for (long i = from; i < to; i++) {
            long j = safe(idx.get(LittleEndian.LONG, (ib + i) * 8), limit, idxValid, ib + i);
            dst.set(LittleEndian.SHORT, i * 2, src.get(LittleEndian.SHORT, (sb + j) * 2));
        }
    }

    private static void gather1(MemorySegment src, long sb, MemorySegment idx, long ib, MemorySegment idxValid,
            MemorySegment dst, long limit, long from, long to) {
        for (long i = from; i < to; i++) {
            long j = safe(idx.get(LittleEndian.LONG, (ib + i) * 8), limit, idxValid, ib + i);
            dst.set(LittleEndian.BYTE, i, src.get(LittleEndian.BYTE, sb + j));
        }
    }

    /** The index itself, or 0 for a null index whose slot holds garbage. */
    private static long safe(long j, long limit, MemorySegment idxValid, long at) {
        if (idxValid != null && (j < 0 || j >= limit) && !Bitmaps.get(idxValid, at)) {
            return 0;
        }
        return j;
    }

    private static long index(MemorySegment idx, long ib, MemorySegment idxValid, long i) {
        if (idxValid != null && !Bitmaps.get(idxValid, ib + i)) {
            return -1;
        }
        return idx.get(LittleEndian.LONG, (ib + i) * 8);
    }

    private static Array bool(BooleanArray a, Array indices, ArrowBuffer validity, int threads) {
        long n = indices.length();
        ArrowBuffer out = Outputs.allocateBits(n);
        MemorySegment src = Chunks.values(a);
        MemorySegment idx = Chunks.values(indices);
        MemorySegment idxValid = Validity.segment(indices);
        long sb = a.offset();
        long ib = indices.offset();
        Parallel.run(blocks(n), threads, k -> {
            long to = blockEnd(n, k);
            for (long i = blockStart(k); i < to; i += 64) {
                int c = (int) Math.min(64, to - i);
                long w = 0;
                for (long m = Bits.word(idxValid, ib + i, c); m != 0; m &= m - 1) {
                    int b = Long.numberOfTrailingZeros(m);
                    long j = sb + idx.get(LittleEndian.LONG, (ib + i + b) * 8);
                    w |= (src.get(LittleEndian.BYTE, j >>> 3) >>> (j & 7) & 1L) << b;
                }
                Bits.putWord(out.segment(), i, w, c);
            }
        });
        return Outputs.bool(n, validity, out);
    }

    /**
     * Binary and strings: on one thread in one pass ({@link TakeBinary}); on several, each block of indices taken
     * the same way into buffers of its own, then the blocks' offsets (moved by the bytes of the blocks before) and
     * bytes put together, block by block on the threads again.
     */
    private static Array varBinary(VarBinaryArray a, Array indices, ArrowBuffer validity, int threads) {
        long n = indices.length();
        int blocks = blocks(n);
        if (threads <= 1 || blocks <= 1) {
            return TakeBinary.take(a, indices, validity);
        }
        boolean large = a.isLarge();
        VarBinaryArray[] parts = new VarBinaryArray[blocks];
        Parallel.run(blocks, threads, k -> parts[k] = (VarBinaryArray) TakeBinary.take(a,
                indices.slice(blockStart(k), blockEnd(n, k) - blockStart(k)), null));
        long[] bytesBefore = new long[blocks + 1];
        for (int k = 0; k < blocks; k++) {
            bytesBefore[k + 1] = bytesBefore[k] + parts[k].dataBuffer().segment().byteSize();
        }
        long total = bytesBefore[blocks];
        if (!large && total > Integer.MAX_VALUE) {
            throw new ComputeException("take: the result holds " + total + " bytes, more than a " + a.type()
                    + " array can address (cast to the large type first)");
        }
        ArrowBuffer offsets = Outputs.allocateForOverwrite((n + 1) * (large ? 8 : 4));
        ArrowBuffer data = Outputs.allocateForOverwrite(total);
        MemorySegment off = offsets.segment();
        putOffset(off, large, 0, 0);
        Parallel.run(blocks, threads, k -> {
            MemorySegment partOff = parts[k].offsetsBuffer().segment();
            long base = bytesBefore[k];
            long from = blockStart(k);
            long rows = blockEnd(n, k) - from;
            for (long i = 1; i <= rows; i++) {
                putOffset(off, large, from + i, base + offset(partOff, large, i));
            }
            MemorySegment.copy(parts[k].dataBuffer().segment(), 0, data.segment(), base, bytesBefore[k + 1] - base);
            parts[k] = null;
        });
        return Outputs.varBinary(a.type(), n, validity, offsets, data);
    }

    /** Offset {@code slot} of a binary or list offsets buffer, 32 or 64 bits wide. */
    static long offset(MemorySegment off, boolean large, long slot) {
        return large ? off.get(LittleEndian.LONG, slot * 8) : off.get(LittleEndian.INT, slot * 4);
    }

    /** Writes offset {@code i} of a binary or list offsets buffer, 32 or 64 bits wide. */
    static void putOffset(MemorySegment off, boolean large, long i, long v) {
        if (large) {
            off.set(LittleEndian.LONG, i * 8, v);
        } else {
            off.set(LittleEndian.INT, i * 4, (int) v);
        }
    }

    private static Array struct(StructArray a, Array indices, ArrowBuffer validity, int threads) {
        List<ArrayData> children = new ArrayList<>(a.fieldCount());
        for (int k = 0; k < a.fieldCount(); k++) {
            children.add(takeChecked(a.field(k), indices, threads).data());
        }
        long n = indices.length();
        return Array.ofUnchecked(new ArrayData(a.type(), n, 0, Validity.nullCount(validity, n),
                Arrays.asList(validity), children, null));
    }

    /**
     * Lists, large lists and maps (offsets from the array) and fixed-size lists ({@code fixed}, {@code size}
     * elements each): the output's offsets from the taken lists' lengths, and the child taken at the concatenated
     * element ranges.
     */
    private static Array list(BaseListArray a, boolean large, boolean fixed, int size, Array indices,
            ArrowBuffer validity, int threads) {
        long n = indices.length();
        MemorySegment idx = Chunks.values(indices);
        MemorySegment idxValid = Validity.segment(indices);
        MemorySegment srcOff = fixed ? null : Chunks.values(a);
        long ib = indices.offset();
        long sb = a.offset();
        ArrowBuffer offsets = fixed ? null : Outputs.allocateForOverwrite((n + 1) * (large ? 8 : 4));
        long total = 0;
        for (long i = 0; i < n; i++) {
            long j = index(idx, ib, idxValid, i);
            if (fixed) {
                total += size;
            } else {
                putOffset(offsets.segment(), large, i, total);
                total += j < 0 ? 0 : offset(srcOff, large, sb + j + 1) - offset(srcOff, large, sb + j);
            }
        }
        if (!fixed) {
            putOffset(offsets.segment(), large, n, total);
        }
        if (!large && total > Integer.MAX_VALUE) {
            throw new ComputeException("take: the result holds " + total + " list elements, more than a " + a.type()
                    + " array can address");
        }
        ArrowBuffer children = Outputs.allocateForOverwrite(total * 8);
        MemorySegment c = children.segment();
        long at = 0;
        for (long i = 0; i < n; i++) {
            long j = index(idx, ib, idxValid, i);
            long start;
            long end;
            if (fixed) {
                // A null slot of a fixed-size list still holds its elements: those of list 0.
                start = (sb + Math.max(j, 0)) * size;
                end = start + size;
            } else {
                start = j < 0 ? 0 : offset(srcOff, large, sb + j);
                end = j < 0 ? 0 : offset(srcOff, large, sb + j + 1);
            }
            for (long e = start; e < end; e++) {
                c.set(LittleEndian.LONG, at++ * 8, e);
            }
        }
        Array child = takeChecked(a.values(), Outputs.fixedWidth(ArrowType.INT64, total, null, children), threads);
        List<ArrowBuffer> buffers = fixed ? Arrays.asList(validity) : Arrays.asList(validity, offsets);
        return Array.ofUnchecked(new ArrayData(a.type(), n, 0, Validity.nullCount(validity, n), buffers,
                List.of(child.data()), null));
    }

    private static Array generic(Array values, Array indices) {
        long n = indices.length();
        ArrayBuilder builder = ArrayBuilder.of(values.type(), Outputs.allocator());
        MemorySegment idx = Chunks.values(indices);
        MemorySegment idxValid = Validity.segment(indices);
        long ib = indices.offset();
        for (long i = 0; i < n; i++) {
            long j = index(idx, ib, idxValid, i);
            if (j < 0) {
                builder.appendNull();
            } else {
                builder.appendObject(values.getObject(j));
            }
        }
        return builder.build();
    }
}
