// SPDX-License-Identifier: Apache-2.0
package dev.quiver.benchdata;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The checksum of a {@code bench-v1} table (docs/bench-v1.md): touches every value, straight
 * from the buffers, whatever offsets or slices the arrays have and whichever implementation wrote them.
 * Add the batches of a table one by one, then read the {@link #figures()}. Not thread-safe.
 *
 * {@snippet :
 * BenchChecksum checksum = new BenchChecksum();
 * for (RecordBatch batch : batches) {
 *     checksum.add(batch);
 * }
 * checksum.lines().forEach(System.out::println);   // rows=..., sum_id=..., one figure per line
 * }
 */
public final class BenchChecksum {
    private long rows;
    private long sumId;
    private double sumX;
    private long countFlag;
    private long sumMaybe;
    private long nullMaybe;
    private long nameBytes;
    private long nullName;
    private long catBytes;
    private long sumTs;
    private long tagsCount;
    private long tagsSum;
    private long sumPrice;

    /** A checksum of no rows yet: every figure 0. */
    public BenchChecksum() {
    }

    /**
     * The checksum of one batch: {@code of(b1)}, {@code of(b2)}, ... computed anywhere (on several
     * threads at once) and {@linkplain #add(BenchChecksum) added} in order give the figures of adding
     * {@code b1}, {@code b2}, ... one by one.
     *
     * @param batch a batch of a {@code bench-v1} table
     * @return its checksum
     * @throws QuiverException as {@link #add(RecordBatch)} does
     */
    public static BenchChecksum of(RecordBatch batch) {
        BenchChecksum checksum = new BenchChecksum();
        checksum.add(batch);
        return checksum;
    }

    /**
     * Adds the figures of another checksum. The sum of {@code x} is one floating-point addition, as for
     * a batch: adding the checksums of single batches in order gives exactly the figures of adding the
     * batches.
     *
     * @param other the checksum of the rows that follow this one's
     */
    public void add(BenchChecksum other) {
        rows += other.rows;
        sumId += other.sumId;
        sumX += other.sumX;
        countFlag += other.countFlag;
        sumMaybe += other.sumMaybe;
        nullMaybe += other.nullMaybe;
        nameBytes += other.nameBytes;
        nullName += other.nullName;
        catBytes += other.catBytes;
        sumTs += other.sumTs;
        tagsCount += other.tagsCount;
        tagsSum += other.tagsSum;
        sumPrice += other.sumPrice;
    }

    /**
     * Adds the rows of one batch. The batch is read straight from its buffers and is expected to have
     * the layout of {@link BenchV1#SCHEMA}: the columns are found by name, in any order, but their types
     * are not checked.
     *
     * @param batch a batch of a {@code bench-v1} table
     * @throws QuiverException if a column of {@code bench-v1} is missing, or {@code cat} is not
     *     dictionary-encoded; nothing is added then
     */
    public void add(RecordBatch batch) {
        ArrayData id = data(batch, "id");
        ArrayData x = data(batch, "x");
        ArrayData flag = data(batch, "flag");
        ArrayData maybe = data(batch, "maybe");
        ArrayData name = data(batch, "name");
        ArrayData cat = data(batch, "cat");
        ArrayData ts = data(batch, "ts");
        ArrayData tags = data(batch, "tags");
        ArrayData price = data(batch, "price");
        if (cat.dictionary() == null) {
            throw new QuiverException("not a bench-v1 table: column 'cat' is not dictionary-encoded");
        }
        rows += batch.rowCount();
        sumId += sumLongs(id);
        sumX += sumDoubles(x);
        countFlag += countTrue(flag);
        addMaybe(maybe);
        addName(name);
        addCat(cat);
        sumTs += sumLongs(ts);
        addTags(tags);
        addPrice(price);
    }

    private static ArrayData data(RecordBatch batch, String column) {
        int i = batch.schema().indexOf(column);
        if (i < 0) {
            throw new QuiverException("not a bench-v1 table: no column '" + column + "' in " + batch.schema());
        }
        return batch.column(i).data();
    }

    /**
     * The validity bits of slots {@code k} to {@code k + 63} (bit j for slot k + j, bits past the end
     * unspecified), all set without a validity bitmap: 64 slots per read in the hot loops.
     */
    private static long validWord(ArrayData d, MemorySegment validity, long k, long n) {
        if (validity == null) {
            return -1L;
        }
        long bit = d.offset() + k;
        if ((bit & 7) == 0 && (bit >>> 3) + 8 <= validity.byteSize()) {
            return validity.get(LittleEndian.LONG, bit >>> 3);
        }
        long word = 0;
        for (int j = 0; j < 64 && k + j < n; j++) {
            word |= (Bitmaps.get(validity, bit + j) ? 1L : 0L) << j;
        }
        return word;
    }

    private static MemorySegment validity(ArrayData d) {
        ArrowBuffer v = d.validity();
        return v == null || d.nullCount() == 0 ? null : v.segment();
    }

    private static long sumLongs(ArrayData d) {
        MemorySegment s = d.buffer(1).segment();
        long base = d.offset() * 8;
        long sum = 0;
        for (long k = 0, n = d.length(); k < n; k++) {
            sum += s.get(LittleEndian.LONG, base + 8 * k);
        }
        return sum;
    }

    /**
     * The sum in four interleaved parts, added at the end: four additions in flight instead of one chain
     * of dependent ones. The order differs from a left-to-right sum, as pyarrow's pairwise sum does; for
     * bench-v1 every partial sum is exact, so the figure is the same.
     */
    private static double sumDoubles(ArrayData d) {
        MemorySegment s = d.buffer(1).segment();
        long base = d.offset() * 8;
        long n = d.length();
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        long k = 0;
        for (; k + 4 <= n; k += 4) {
            long at = base + 8 * k;
            s0 += s.get(LittleEndian.DOUBLE, at);
            s1 += s.get(LittleEndian.DOUBLE, at + 8);
            s2 += s.get(LittleEndian.DOUBLE, at + 16);
            s3 += s.get(LittleEndian.DOUBLE, at + 24);
        }
        for (; k < n; k++) {
            s0 += s.get(LittleEndian.DOUBLE, base + 8 * k);
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static long countTrue(ArrayData d) {
        return Bitmaps.countSet(d.buffer(1).segment(), d.offset(), d.length());
    }

    /**
     * The null slots among {@code k} to {@code k + 63} (bit j for slot k + j, none past {@code n}): the
     * hot loops add every slot, then take the few null ones back out (the sums wrap, so this is exact).
     */
    private static long nullWord(ArrayData d, MemorySegment validity, long k, long n) {
        long nulls = ~validWord(d, validity, k, n);
        return n - k >= 64 ? nulls : nulls & ((1L << (n - k)) - 1);
    }

    private void addMaybe(ArrayData d) {
        MemorySegment v = validity(d);
        MemorySegment s = d.buffer(1).segment();
        long base = d.offset() * 4;
        long n = d.length();
        long sum = 0;
        for (long k = 0; k < n; k++) {
            sum += s.get(LittleEndian.INT, base + 4 * k);
        }
        long nulls = 0;
        for (long k = 0; v != null && k < n; k += 64) {
            long word = nullWord(d, v, k, n);
            nulls += Long.bitCount(word);
            for (; word != 0; word &= word - 1) {
                sum -= s.get(LittleEndian.INT, base + 4 * (k + Long.numberOfTrailingZeros(word)));
            }
        }
        sumMaybe += sum;
        nullMaybe += nulls;
    }

    private static boolean wideOffsets(ArrowType type) {
        return type instanceof ArrowType.LargeUtf8 || type instanceof ArrowType.LargeBinary;
    }

    private static long offsetAt(MemorySegment offsets, boolean wide, long slot) {
        return wide ? offsets.get(LittleEndian.LONG, slot * 8) : offsets.get(LittleEndian.INT, slot * 4);
    }

    private void addName(ArrayData d) {
        MemorySegment v = validity(d);
        boolean wide = wideOffsets(Types.storage(d.type()));
        MemorySegment o = d.buffer(1).segment();
        long off = d.offset();
        long n = d.length();
        long bytes = offsetAt(o, wide, off + n) - offsetAt(o, wide, off);
        long nulls = 0;
        for (long k = 0; v != null && k < n; k += 64) {
            long word = nullWord(d, v, k, n);
            nulls += Long.bitCount(word);
            for (; word != 0; word &= word - 1) {
                long slot = off + k + Long.numberOfTrailingZeros(word);
                bytes -= offsetAt(o, wide, slot + 1) - offsetAt(o, wide, slot);
            }
        }
        nameBytes += bytes;
        nullName += nulls;
    }

    private void addCat(ArrayData d) {
        ArrayData dict = d.dictionary();
        boolean wide = wideOffsets(Types.storage(dict.type()));
        MemorySegment dictOffsets = dict.buffer(1).segment();
        long[] lengths = new long[(int) dict.length()];
        for (int c = 0; c < lengths.length; c++) {
            long slot = dict.offset() + c;
            lengths[c] = offsetAt(dictOffsets, wide, slot + 1) - offsetAt(dictOffsets, wide, slot);
        }
        int width = ((ArrowType.Dictionary) d.type()).indexType().bitWidth();
        MemorySegment s = d.buffer(1).segment();
        long off = d.offset();
        long bytes = 0;
        for (long k = 0, n = d.length(); k < n; k++) {
            long at = off + k;
            int index = switch (width) {
                case 8 -> s.get(LittleEndian.BYTE, at);
                case 16 -> s.get(LittleEndian.SHORT, at * 2);
                case 32 -> s.get(LittleEndian.INT, at * 4);
                default -> (int) s.get(LittleEndian.LONG, at * 8);
            };
            bytes += lengths[index];
        }
        catBytes += bytes;
    }

    private void addTags(ArrayData d) {
        MemorySegment o = d.buffer(1).segment();
        long off = d.offset();
        long first = o.get(LittleEndian.INT, off * 4);
        long last = o.get(LittleEndian.INT, (off + d.length()) * 4);
        tagsCount += last - first;
        ArrayData items = d.child(0);
        MemorySegment s = items.buffer(1).segment();
        long base = items.offset();
        long sum = 0;
        for (long e = first; e < last; e++) {
            sum += s.get(LittleEndian.INT, (base + e) * 4);
        }
        tagsSum += sum;
    }

    private void addPrice(ArrayData d) {
        MemorySegment v = validity(d);
        MemorySegment s = d.buffer(1).segment();
        long base = d.offset() * 16;
        long n = d.length();
        long sum = 0;
        for (long k = 0; k < n; k++) {
            sum += s.get(LittleEndian.LONG, base + 16 * k);
        }
        for (long k = 0; v != null && k < n; k += 64) {
            for (long word = nullWord(d, v, k, n); word != 0; word &= word - 1) {
                sum -= s.get(LittleEndian.LONG, base + 16 * (k + Long.numberOfTrailingZeros(word)));
            }
        }
        sumPrice += sum;
    }

    /**
     * The figures of the rows added so far.
     *
     * @return the figures
     */
    public BenchFigures figures() {
        return new BenchFigures(rows, sumId, sumX, countFlag, sumMaybe, nullMaybe, nameBytes, nullName, catBytes,
                sumTs, tagsCount, tagsSum, sumPrice);
    }

    /**
     * The figures of the rows added so far, as docs/bench-v1.md prints them.
     *
     * @return one {@code name=value} line per figure, in the document's order
     */
    public List<String> lines() {
        return figures().lines();
    }
}
