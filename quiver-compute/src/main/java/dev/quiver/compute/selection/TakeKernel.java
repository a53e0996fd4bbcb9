// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Parallel;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.FixedWidthArray;
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
 * take: the values at the given int64 indices (a null index gives a null), one loop per value width, fixed-width
 * types on several threads by morsels of the indices.
 */
final class TakeKernel {
    private TakeKernel() {
    }

    /** Takes from {@code values} at the int64 {@code indices}; out of range names the index and its row. */
    static Array take(Array values, Array indices, int threads) {
        checkBounds(values.length(), indices);
        return takeChecked(values, indices, threads);
    }

    private static Array takeChecked(Array values, Array indices, int threads) {
        long n = indices.length();
        if (values.length() == 0 || values instanceof NullArray) {
            // Only null indices pass the bounds check here.
            return ArrayBuilder.of(values.type(), Outputs.allocator()).appendNulls(n).build();
        }
        ArrowBuffer validity = outValidity(values, indices);
        return switch (values) {
            case FixedWidthArray a -> fixed(a, indices, validity, threads);
            case dev.quiver.core.array.BooleanArray a -> bool(a, indices, validity);
            case VarBinaryArray a -> varBinary(a, indices, validity);
            case DictionaryArray a -> {
                Array idx = takeChecked(a.indices(), indices, threads);
                yield Array.ofUnchecked(idx.data().withType(a.type()).withDictionary(a.data().dictionary()));
            }
            case ExtensionArray a -> Array.ofUnchecked(takeChecked(a.storage(), indices, threads).data()
                    .withType(a.type()));
            case StructArray a -> struct(a, indices, validity, threads);
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

    private static ArrowBuffer outValidity(Array values, Array indices) {
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
        for (long i = 0; i < n; i++) {
            boolean ok = idxValid == null || Bitmaps.get(idxValid, ib + i);
            if (ok && srcValid != null) {
                ok = Bitmaps.get(srcValid, sb + idx.get(LittleEndian.LONG, (ib + i) * 8));
            }
            if (ok) {
                Bitmaps.set(o, i, true);
            }
        }
        return Outputs.dropIfAllValid(out, n);
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
        int morsels = Parallel.morsels(n, threads);
        Parallel.run(morsels, threads, k -> {
            long from = Parallel.morselStart(n, morsels, k);
            long to = Parallel.morselStart(n, morsels, k + 1);
            copyFixed(src, sb, idx, ib, idxValid, dst, w, from, to);
        });
        return Outputs.fixedWidth(a.type(), n, validity, out);
    }

    private static void copyFixed(MemorySegment src, long sb, MemorySegment idx, long ib, MemorySegment idxValid,
            MemorySegment dst, int w, long from, long to) {
        // A null index reads slot 0 of its own index value only if that value is in range; keep it safe.
        long limit = src.byteSize() / w - sb;
        switch (w) {
            case 8 -> {
                for (long i = from; i < to; i++) {
                    long j = safe(idx.get(LittleEndian.LONG, (ib + i) * 8), limit, idxValid, ib + i);
                    dst.set(LittleEndian.LONG, i * 8, src.get(LittleEndian.LONG, (sb + j) * 8));
                }
            }
            case 4 -> {
                for (long i = from; i < to; i++) {
                    long j = safe(idx.get(LittleEndian.LONG, (ib + i) * 8), limit, idxValid, ib + i);
                    dst.set(LittleEndian.INT, i * 4, src.get(LittleEndian.INT, (sb + j) * 4));
                }
            }
            case 2 -> {
                for (long i = from; i < to; i++) {
                    long j = safe(idx.get(LittleEndian.LONG, (ib + i) * 8), limit, idxValid, ib + i);
                    dst.set(LittleEndian.SHORT, i * 2, src.get(LittleEndian.SHORT, (sb + j) * 2));
                }
            }
            case 1 -> {
                for (long i = from; i < to; i++) {
                    long j = safe(idx.get(LittleEndian.LONG, (ib + i) * 8), limit, idxValid, ib + i);
                    dst.set(LittleEndian.BYTE, i, src.get(LittleEndian.BYTE, sb + j));
                }
            }
            default -> {
                for (long i = from; i < to; i++) {
                    long j = safe(idx.get(LittleEndian.LONG, (ib + i) * 8), limit, idxValid, ib + i);
                    MemorySegment.copy(src, (sb + j) * w, dst, i * w, w);
                }
            }
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

    private static Array bool(dev.quiver.core.array.BooleanArray a, Array indices, ArrowBuffer validity) {
        long n = indices.length();
        ArrowBuffer out = Outputs.allocateBits(n);
        MemorySegment src = Chunks.values(a);
        MemorySegment idx = Chunks.values(indices);
        MemorySegment idxValid = Validity.segment(indices);
        long sb = a.offset();
        long ib = indices.offset();
        for (long i = 0; i < n; i++) {
            long j = index(idx, ib, idxValid, i);
            if (j >= 0 && Bitmaps.get(src, sb + j)) {
                Bitmaps.set(out.segment(), i, true);
            }
        }
        return Outputs.bool(n, validity, out);
    }

    private static Array varBinary(VarBinaryArray a, Array indices, ArrowBuffer validity) {
        long n = indices.length();
        boolean large = a.isLarge();
        MemorySegment idx = Chunks.values(indices);
        MemorySegment idxValid = Validity.segment(indices);
        long ib = indices.offset();
        ArrowBuffer offsets = Outputs.allocateForOverwrite((n + 1) * (large ? 8 : 4));
        MemorySegment off = offsets.segment();
        long total = 0;
        for (long i = 0; i < n; i++) {
            putOffset(off, large, i, total);
            long j = index(idx, ib, idxValid, i);
            if (j >= 0) {
                total += a.valueLength(j);
            }
        }
        putOffset(off, large, n, total);
        if (!large && total > Integer.MAX_VALUE) {
            throw new ComputeException("take: the result holds " + total + " bytes, more than a " + a.type()
                    + " array can address (cast to the large type first)");
        }
        ArrowBuffer data = Outputs.allocateForOverwrite(total);
        MemorySegment dst = data.segment();
        MemorySegment bytes = a.dataBuffer() == null ? ArrowBuffer.EMPTY.segment() : a.dataBuffer().segment();
        long at = 0;
        for (long i = 0; i < n; i++) {
            long j = index(idx, ib, idxValid, i);
            if (j >= 0) {
                long start = a.valueOffset(j);
                long len = a.valueOffset(j + 1) - start;
                MemorySegment.copy(bytes, start, dst, at, len);
                at += len;
            }
        }
        return Outputs.varBinary(a.type(), n, validity, offsets, data);
    }

    private static void putOffset(MemorySegment off, boolean large, long i, long v) {
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
