// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.BitAppender;
import dev.quiver.compute.kernel.Bits;
import dev.quiver.compute.kernel.ByteStrings;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Parallel;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.FixedWidthArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * filter: the values where a boolean mask is true. With nulls dropped, fixed-width, boolean and binary values are
 * copied straight from the mask's 64-bit words (a run of selected rows is one copy), by morsels on several threads,
 * and validity bitmaps are compacted a word at a time ({@link Long#compress}); every other case takes at the
 * indices the mask selects.
 */
final class FilterKernel {
    private FilterKernel() {
    }

    static Array filter(Array values, Array mask, NullSelection nulls, int threads) {
        Indices.checkMask(mask, values.length());
        if (nulls == NullSelection.DROP && direct(values)) {
            return direct(values, Plan.of(mask, threads), threads);
        }
        Array indices = Indices.fromMask(mask, nulls == NullSelection.EMIT_NULL);
        return TakeKernel.takeChecked(values, indices, threads);
    }

    static RecordBatch filter(RecordBatch batch, Array mask, NullSelection nulls, int threads) {
        Indices.checkMask(mask, batch.rowCount());
        boolean drop = nulls == NullSelection.DROP;
        if (drop && byColumn(batch, threads)) {
            return byColumn(batch, Plan.of(mask, 1), threads);
        }
        Plan plan = drop ? Plan.of(mask, threads) : null;
        Array indices = null;
        List<Array> columns = new ArrayList<>(batch.columnCount());
        for (Array c : batch.columns()) {
            if (drop && direct(c)) {
                columns.add(direct(c, plan, threads));
            } else {
                if (indices == null) {
                    indices = Indices.fromMask(mask, !drop);
                }
                columns.add(TakeKernel.takeChecked(c, indices, threads));
            }
        }
        long rows = plan != null ? plan.count : indices.length();
        return new RecordBatch(batch.schema(), columns, rows);
    }

    /**
     * Whether the batch's columns are filtered as tasks of their own, each on one thread: every column is filtered
     * straight from the mask, there are at least as many columns as threads, and the largest column (by the bytes it
     * reads) is at most a {@code threads}-th of them all, so that no thread is left with much more than its share.
     * A column on one thread copies strings in one pass, where morsels need a pass to place each morsel's bytes.
     */
    static boolean byColumn(RecordBatch batch, int threads) {
        if (threads <= 1 || batch.columnCount() < threads) {
            return false;
        }
        long total = 0;
        long largest = 0;
        for (Array c : batch.columns()) {
            if (!direct(c)) {
                return false;
            }
            long w = weight(c);
            total += w;
            largest = Math.max(largest, w);
        }
        return largest <= total / threads;
    }

    /** The bytes a filter of the values reads, roughly: the values (offsets and bytes for strings). */
    private static long weight(Array values) {
        long n = values.length();
        return switch (values) {
            case FixedWidthArray a -> n * a.byteWidth();
            case BooleanArray a -> n / 8;
            case VarBinaryArray a -> n * (a.isLarge() ? 8 : 4) + (n == 0 ? 0 : a.valueOffset(n) - a.valueOffset(0));
            case DictionaryArray a -> weight(a.indices());
            case ExtensionArray a -> weight(a.storage());
            default -> n;
        };
    }

    /** The columns as tasks of their own (see {@link #byColumn(RecordBatch, int)}), the heaviest first. */
    private static RecordBatch byColumn(RecordBatch batch, Plan plan, int threads) {
        int count = batch.columnCount();
        Integer[] order = new Integer[count];
        long[] weights = new long[count];
        for (int c = 0; c < count; c++) {
            order[c] = c;
            weights[c] = weight(batch.column(c));
        }
        Arrays.sort(order, (x, y) -> Long.compare(weights[y], weights[x]));
        Array[] columns = new Array[count];
        Parallel.run(count, threads, t -> columns[order[t]] = direct(batch.column(order[t]), plan, 1));
        return new RecordBatch(batch.schema(), List.of(columns), plan.count);
    }

    /** Whether the values are filtered straight from the mask. */
    private static boolean direct(Array values) {
        return switch (values) {
            case FixedWidthArray a -> true;
            case BooleanArray a -> true;
            case VarBinaryArray a -> true;
            case DictionaryArray a -> true;
            case ExtensionArray a -> direct(a.storage());
            default -> false;
        };
    }

    private static Array direct(Array values, Plan plan, int threads) {
        return switch (values) {
            case FixedWidthArray a -> fixed(a, plan, threads);
            case BooleanArray a -> bool(a, plan);
            case VarBinaryArray a -> varBinary(a, plan, threads);
            case DictionaryArray a -> {
                Array idx = direct(a.indices(), plan, threads);
                yield Array.ofUnchecked(idx.data().withType(a.type()).withDictionary(a.data().dictionary()));
            }
            case ExtensionArray a -> Array.ofUnchecked(direct(a.storage(), plan, threads).data().withType(a.type()));
            default -> throw new IllegalStateException("no direct filter of " + values.type());
        };
    }

    /** The mask's selection: its words (value AND validity), its morsels and where each morsel's output starts. */
    private static final class Plan {
        final long n;
        final MemorySegment bits;
        final MemorySegment valid;
        final long base;
        final int morsels;
        /** Output row where morsel {@code k} starts; {@code starts[morsels]} is the selected count. */
        final long[] starts;
        final long count;

        private Plan(Array mask, int threads) {
            this.n = mask.length();
            this.bits = Chunks.values(mask);
            this.valid = Validity.segment(mask);
            this.base = mask.offset();
            this.morsels = Parallel.morsels(n, threads);
            this.starts = new long[morsels + 1];
            Parallel.run(morsels, threads, k -> starts[k + 1] = Bits.countAnd(bits, base + from(k), valid,
                    base + from(k), to(k) - from(k)));
            for (int k = 0; k < morsels; k++) {
                starts[k + 1] += starts[k];
            }
            this.count = starts[morsels];
        }

        static Plan of(Array mask, int threads) {
            return new Plan(mask, threads);
        }

        long from(int k) {
            return Parallel.morselStart(n, morsels, k);
        }

        long to(int k) {
            return Parallel.morselStart(n, morsels, k + 1);
        }

        /** The selected rows among {@code [i, i + c)}, row {@code i} lowest. */
        long word(long i, int c) {
            return Bits.word(bits, base + i, c) & Bits.word(valid, base + i, c);
        }
    }

    private static Array fixed(FixedWidthArray a, Plan p, int threads) {
        int w = a.byteWidth();
        ArrowBuffer out = Outputs.allocateForOverwrite(p.count * w);
        MemorySegment src = Chunks.values(a);
        MemorySegment dst = out.segment();
        long sb = a.offset();
        Parallel.run(p.morsels, threads, k -> copyFixed(src, sb, w, p, dst, k));
        return Outputs.fixedWidth(a.type(), p.count, validity(a, p), out);
    }

    /**
     * Copies the selected values of morsel {@code k}. Each common width has a loop of its own (one profile, one
     * compiled shape each): a fully selected 64-row word is one bulk copy, any other selected row one load and one
     * store; other widths copy a run of consecutive selected rows at a time.
     */
    private static void copyFixed(MemorySegment src, long sb, int w, Plan p, MemorySegment dst, int k) {
        switch (w) {
            case 8 -> copy8(src, sb, p, dst, k);
            case 4 -> copy4(src, sb, p, dst, k);
            case 2 -> copy2(src, sb, p, dst, k);
            case 1 -> copy1(src, sb, p, dst, k);
            default -> copyRuns(src, sb, w, p, dst, k);
        }
    }

    private static void copy8(MemorySegment src, long sb, Plan p, MemorySegment dst, int k) {
        long o = p.starts[k];
        long to = p.to(k);
        for (long i = p.from(k); i < to; i += 64) {
            long sel = p.word(i, (int) Math.min(64, to - i));
            if (sel == -1L) {
                MemorySegment.copy(src, (sb + i) * 8, dst, o * 8, 64 * 8);
                o += 64;
                continue;
            }
            long r = sb + i;
            for (; sel != 0; sel &= sel - 1) {
                dst.set(LittleEndian.LONG, o++ * 8, src.get(LittleEndian.LONG, (r + Long.numberOfTrailingZeros(sel)) * 8));
            }
        }
    }

    private static void copy4(MemorySegment src, long sb, Plan p, MemorySegment dst, int k) {
        long o = p.starts[k];
        long to = p.to(k);
        for (long i = p.from(k); i < to; i += 64) {
            long sel = p.word(i, (int) Math.min(64, to - i));
            if (sel == -1L) {
                MemorySegment.copy(src, (sb + i) * 4, dst, o * 4, 64 * 4);
                o += 64;
                continue;
            }
            long r = sb + i;
            for (; sel != 0; sel &= sel - 1) {
                dst.set(LittleEndian.INT, o++ * 4, src.get(LittleEndian.INT, (r + Long.numberOfTrailingZeros(sel)) * 4));
            }
        }
    }

    private static void copy2(MemorySegment src, long sb, Plan p, MemorySegment dst, int k) {
        long o = p.starts[k];
        long to = p.to(k);
        for (long i = p.from(k); i < to; i += 64) {
            long sel = p.word(i, (int) Math.min(64, to - i));
            long r = sb + i;
            for (; sel != 0; sel &= sel - 1) {
                dst.set(LittleEndian.SHORT, o++ * 2,
                        src.get(LittleEndian.SHORT, (r + Long.numberOfTrailingZeros(sel)) * 2));
            }
        }
    }

    private static void copy1(MemorySegment src, long sb, Plan p, MemorySegment dst, int k) {
        long o = p.starts[k];
        long to = p.to(k);
        for (long i = p.from(k); i < to; i += 64) {
            long sel = p.word(i, (int) Math.min(64, to - i));
            long r = sb + i;
            for (; sel != 0; sel &= sel - 1) {
                dst.set(LittleEndian.BYTE, o++, src.get(LittleEndian.BYTE, r + Long.numberOfTrailingZeros(sel)));
            }
        }
    }

    /** Other widths (decimals, fixed-size binary): a run of consecutive selected rows at a time. */
    private static void copyRuns(MemorySegment src, long sb, int w, Plan p, MemorySegment dst, int k) {
        long o = p.starts[k];
        long to = p.to(k);
        for (long i = p.from(k); i < to; i += 64) {
            long sel = p.word(i, (int) Math.min(64, to - i));
            while (sel != 0) {
                int b = Long.numberOfTrailingZeros(sel);
                int run = Long.numberOfTrailingZeros(~(sel >>> b));
                MemorySegment.copy(src, (sb + i + b) * w, dst, o * w, (long) run * w);
                o += run;
                sel &= ~(Bits.low(run) << b);
            }
        }
    }

    /** The values' validity compacted to the selected rows, or null when every selected value is valid. */
    private static ArrowBuffer validity(Array a, Plan p) {
        MemorySegment srcValid = Validity.segment(a);
        return srcValid == null ? null : Outputs.dropIfAllValid(compact(srcValid, a.offset(), p), p.count);
    }

    /** The bits of a bitmap (read from bit {@code sb}) at the selected rows, a new bitmap from bit zero. */
    private static ArrowBuffer compact(MemorySegment bitmap, long sb, Plan p) {
        ArrowBuffer out = Outputs.allocateBits(p.count);
        BitAppender appender = new BitAppender(out.segment());
        for (long i = 0; i < p.n; i += 64) {
            int c = (int) Math.min(64, p.n - i);
            long sel = p.word(i, c);
            if (sel != 0) {
                appender.append(Long.compress(Bits.word(bitmap, sb + i, c), sel), Long.bitCount(sel));
            }
        }
        appender.finish();
        return out;
    }

    private static Array bool(BooleanArray a, Plan p) {
        return Outputs.bool(p.count, validity(a, p), compact(Chunks.values(a), a.offset(), p));
    }

    private static Array varBinary(VarBinaryArray a, Plan p, int threads) {
        boolean large = a.isLarge();
        MemorySegment off = a.offsetsBuffer() == null ? ArrowBuffer.EMPTY.segment() : a.offsetsBuffer().segment();
        long sb = a.offset();
        if (p.morsels == 1) {
            return varBinaryOnePass(a, off, large, sb, p);
        }
        long[] bytesBefore = new long[p.morsels + 1];
        Parallel.run(p.morsels, threads, k -> bytesBefore[k + 1] = selectedBytes(off, large, sb, p, k));
        for (int k = 0; k < p.morsels; k++) {
            bytesBefore[k + 1] += bytesBefore[k];
        }
        long total = bytesBefore[p.morsels];
        checkAddressable(a, large, total);
        ArrowBuffer offsets = Outputs.allocateForOverwrite((p.count + 1) * (large ? 8 : 4));
        ArrowBuffer data = Outputs.allocateForOverwrite(total);
        MemorySegment bytes = a.dataBuffer() == null ? ArrowBuffer.EMPTY.segment() : a.dataBuffer().segment();
        Parallel.run(p.morsels, threads, k -> copyVarBinary(off, large, sb, bytes, p, k, offsets.segment(),
                data.segment(), bytesBefore[k], bytesBefore[k + 1]));
        TakeKernel.putOffset(offsets.segment(), large, p.count, total);
        return Outputs.varBinary(a.type(), p.count, validity(a, p), offsets, data);
    }

    /**
     * One morsel: offsets and bytes in a single pass over the source offsets, into a data buffer sized from the
     * source's average value length and grown (doubled) when the selected values are longer.
     */
    private static Array varBinaryOnePass(VarBinaryArray a, MemorySegment off, boolean large, long sb, Plan p) {
        ArrowBuffer offsets = Outputs.allocateForOverwrite((p.count + 1) * (large ? 8 : 4));
        MemorySegment outOff = offsets.segment();
        MemorySegment bytes = a.dataBuffer() == null ? ArrowBuffer.EMPTY.segment() : a.dataBuffer().segment();
        long sourceBytes = p.n == 0 ? 0 : TakeKernel.offset(off, large, sb + p.n) - TakeKernel.offset(off, large, sb);
        long estimate = p.n == 0 ? 0 : (long) ((double) sourceBytes / p.n * p.count * 1.0625) + 64;
        ArrowBuffer data = Outputs.allocateForOverwrite(estimate);
        MemorySegment out = data.segment();
        long srcLimit = bytes.byteSize() - 16;
        long at = 0;
        long o = 0;
        for (long i = 0; i < p.n; i += 64) {
            long sel = p.word(i, (int) Math.min(64, p.n - i));
            while (sel != 0) {
                int b = Long.numberOfTrailingZeros(sel);
                long r = sb + i + b;
                if (!large && (sel >>> b & 2) == 0) {
                    // A selected row alone (the common case of sparse masks): its two offsets read once.
                    long start = off.get(LittleEndian.INT, r * 4);
                    long len = off.get(LittleEndian.INT, r * 4 + 4) - start;
                    outOff.set(LittleEndian.INT, o * 4, (int) at);
                    if (at + len + 16 > out.byteSize()) {
                        data = grown(a, large, data, at, len);
                        out = data.segment();
                    }
                    if (len <= 16 && start <= srcLimit) {
                        // Always 16 bytes (the room was checked above): no branch on the length, the next value
                        // or the final slice hides the excess.
                        out.set(LittleEndian.LONG, at, bytes.get(LittleEndian.LONG, start));
                        out.set(LittleEndian.LONG, at + 8, bytes.get(LittleEndian.LONG, start + 8));
                    } else {
                        ByteStrings.copy(bytes, start, out, at, len, out.byteSize());
                    }
                    at += len;
                    o++;
                    sel &= sel - 1;
                    continue;
                }
                int run = Long.numberOfTrailingZeros(~(sel >>> b));
                long start = TakeKernel.offset(off, large, r);
                long len = runOffsets(off, large, r, run, start, outOff, o, at);
                if (at + len > out.byteSize()) {
                    data = grown(a, large, data, at, len);
                    out = data.segment();
                }
                ByteStrings.copy(bytes, start, out, at, len, out.byteSize());
                at += len;
                o += run;
                sel &= ~(Bits.low(run) << b);
            }
        }
        checkAddressable(a, large, at);
        TakeKernel.putOffset(outOff, large, p.count, at);
        return Outputs.varBinary(a.type(), p.count, validity(a, p), offsets, data.slice(0, at));
    }

    /** A data buffer at least twice as large holding the {@code at} bytes written so far, room for {@code len}. */
    private static ArrowBuffer grown(VarBinaryArray a, boolean large, ArrowBuffer data, long at, long len) {
        checkAddressable(a, large, at + len);
        long size = data.segment().byteSize();
        ArrowBuffer grown = Outputs.allocateForOverwrite(Math.max(2 * size, at + len + 64));
        MemorySegment.copy(data.segment(), 0, grown.segment(), 0, at);
        return grown;
    }

    /**
     * Writes the output offsets of the selected rows {@code [r, r + run)}, output row {@code o} first, their bytes
     * from {@code at}; returns the run's byte count.
     */
    private static long runOffsets(MemorySegment off, boolean large, long r, int run, long start,
            MemorySegment outOff, long o, long at) {
        for (int j = 0; j < run; j++) {
            TakeKernel.putOffset(outOff, large, o + j, at + TakeKernel.offset(off, large, r + j) - start);
        }
        return TakeKernel.offset(off, large, r + run) - start;
    }

    private static void checkAddressable(VarBinaryArray a, boolean large, long total) {
        if (!large && total > Integer.MAX_VALUE) {
            throw new ComputeException("filter: the result holds " + total + " bytes, more than a " + a.type()
                    + " array can address (cast to the large type first)");
        }
    }

    private static long selectedBytes(MemorySegment off, boolean large, long sb, Plan p, int k) {
        long total = 0;
        long to = p.to(k);
        for (long i = p.from(k); i < to; i += 64) {
            long sel = p.word(i, (int) Math.min(64, to - i));
            while (sel != 0) {
                int b = Long.numberOfTrailingZeros(sel);
                int run = Long.numberOfTrailingZeros(~(sel >>> b));
                long r = sb + i + b;
                total += TakeKernel.offset(off, large, r + run) - TakeKernel.offset(off, large, r);
                sel &= ~(Bits.low(run) << b);
            }
        }
        return total;
    }

    private static void copyVarBinary(MemorySegment off, boolean large, long sb, MemorySegment bytes, Plan p, int k,
            MemorySegment outOff, MemorySegment out, long at, long end) {
        long o = p.starts[k];
        long to = p.to(k);
        for (long i = p.from(k); i < to; i += 64) {
            long sel = p.word(i, (int) Math.min(64, to - i));
            while (sel != 0) {
                int b = Long.numberOfTrailingZeros(sel);
                int run = Long.numberOfTrailingZeros(~(sel >>> b));
                long r = sb + i + b;
                long start = TakeKernel.offset(off, large, r);
                long len = runOffsets(off, large, r, run, start, outOff, o, at);
                ByteStrings.copy(bytes, start, out, at, len, end);
                at += len;
                o += run;
                sel &= ~(Bits.low(run) << b);
            }
        }
    }
}
