// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Bits;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.selection.Selection;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * The join's output columns: slot {@code j} of the result is slot {@code rows[j]} of the source, or null
 * where {@code rows[j]} is negative (the missing side of an outer join). One loop per flat type's layout,
 * with {@code int} rows and no index array; nested and view types go through the selection kernels'
 * {@code take} and {@code concat}. Buffers the loops overwrite whole come from the join's allocator, or, when
 * it has none (the join's default), from the managed allocator's recycled native blocks
 * ({@link #allocateForOverwrite}); the others are zeroed, from the allocator or the Java heap ({@code Outputs}).
 */
final class Gather {
    private Gather() {
    }

    /**
     * Gathers {@code rows[0..n)} of {@code src}.
     *
     * @throws ComputeException if the selection kernels' take refuses the type
     */
    static ArrayData take(ArrayData src, int[] rows, int n, BufferAllocator allocator) {
        ArrowType type = src.type();
        ArrowType storage = Types.storage(type);
        if (storage instanceof ArrowType.Null) {
            return new ArrayData(type, n, 0, n, Arrays.asList(new ArrowBuffer[0]), List.of(), null);
        }
        if (!isFlat(storage)) {
            return Selection.take(Array.ofUnchecked(src), indices(rows, n)).data();
        }
        ArrowBuffer validity = validity(src, rows, n, allocator);
        long nulls = validity == null ? 0 : ArrayData.UNKNOWN_NULL_COUNT;
        ArrayData dictionary = null;
        int width;
        if (storage instanceof ArrowType.Dictionary d) {
            width = d.indexType().bitWidth() / 8;
            dictionary = src.dictionary();
        } else if (storage instanceof ArrowType.Bool) {
            return new ArrayData(type, n, 0, nulls, Arrays.asList(validity, bits(src, rows, n, allocator)), List.of(), null);
        } else if (storage instanceof ArrowType.Binary || storage instanceof ArrowType.Utf8) {
            return varBinary(type, src, rows, n, validity, nulls, false, allocator);
        } else if (storage instanceof ArrowType.LargeBinary || storage instanceof ArrowType.LargeUtf8) {
            return varBinary(type, src, rows, n, validity, nulls, true, allocator);
        } else {
            width = byteWidth(storage);
        }
        ArrowBuffer values = width == 8 || width == 4 ? allocateForOverwrite(allocator, (long) n * width)
                : allocate(allocator, (long) n * width);
        MemorySegment in = src.buffer(1).segment();
        MemorySegment out = values.segment();
        long base = src.offset();
        switch (width) {
            case 8 -> {
                for (int j = 0; j < n; j++) {
                    int r = rows[j];
                    out.set(LittleEndian.LONG, j * 8L, r < 0 ? 0 : in.get(LittleEndian.LONG, (base + r) * 8));
                }
            }
            case 4 -> {
                for (int j = 0; j < n; j++) {
                    int r = rows[j];
                    out.set(LittleEndian.INT, j * 4L, r < 0 ? 0 : in.get(LittleEndian.INT, (base + r) * 4));
                }
            }
            default -> {
                for (int j = 0; j < n; j++) {
                    int r = rows[j];
                    if (r >= 0) {
                        MemorySegment.copy(in, (base + r) * width, out, (long) j * width, width);
                    }
                }
            }
        }
        return new ArrayData(type, n, 0, nulls, Arrays.asList(validity, values), List.of(), dictionary);
    }

    /** Whether this class's own loops take the type: fixed widths, bools, binary and utf8 (large too), dictionaries. */
    static boolean isFlat(ArrowType storage) {
        return switch (storage) {
            case ArrowType.Int i -> true;
            case ArrowType.FloatingPoint f -> true;
            case ArrowType.Decimal d -> true;
            case ArrowType.FixedSizeBinary f -> true;
            case ArrowType.Date d -> true;
            case ArrowType.Time t -> true;
            case ArrowType.Timestamp t -> true;
            case ArrowType.Duration d -> true;
            case ArrowType.Interval i -> true;
            case ArrowType.Bool b -> true;
            case ArrowType.Binary b -> true;
            case ArrowType.Utf8 u -> true;
            case ArrowType.LargeBinary b -> true;
            case ArrowType.LargeUtf8 u -> true;
            case ArrowType.Dictionary d -> true;
            default -> false;
        };
    }

    /** Int32 take indices of {@code rows[0, n)}, null where a row is -1: for the selection kernel's take of nested types. */
    private static Array indices(int[] rows, int n) {
        ArrowBuffer values = Outputs.allocate(4L * n);
        ArrowBuffer validity = Outputs.allocateBits(n);
        for (int j = 0; j < n; j++) {
            if (rows[j] >= 0) {
                values.segment().set(LittleEndian.INT, 4L * j, rows[j]);
                Bitmaps.set(validity.segment(), j, true);
            }
        }
        return Outputs.fixedWidth(ArrowType.INT32, n, Outputs.dropIfAllValid(validity, n), values);
    }

    /** The width in bytes of a fixed-width type's values. */
    static int byteWidth(ArrowType storage) {
        return switch (storage) {
            case ArrowType.Int i -> i.bitWidth() / 8;
            case ArrowType.FloatingPoint f -> f.precision().bitWidth() / 8;
            case ArrowType.Decimal d -> d.bitWidth() / 8;
            case ArrowType.FixedSizeBinary f -> f.byteWidth();
            case ArrowType.Date d -> d.unit() == dev.quiver.core.type.DateUnit.DAY ? 4 : 8;
            case ArrowType.Time t -> t.bitWidth() / 8;
            case ArrowType.Timestamp t -> 8;
            case ArrowType.Duration d -> 8;
            case ArrowType.Interval i -> switch (i.unit()) {
                case YEAR_MONTH -> 4;
                case DAY_TIME -> 8;
                case MONTH_DAY_NANO -> 16;
            };
            default -> throw new IllegalStateException("not a fixed-width type: " + storage);
        };
    }

    /**
     * The validity of {@code rows[0..n)} of {@code src} (unset where a row is -1), or null when every row is valid.
     */
    static ArrowBuffer validity(ArrayData src, int[] rows, int n, BufferAllocator allocator) {
        boolean srcNulls = src.validity() != null && src.nullCount() > 0;
        boolean missing = false;
        for (int j = 0; j < n && !missing; j++) {
            missing = rows[j] < 0;
        }
        if (!srcNulls && !missing) {
            return null;
        }
        return gatherBits(srcNulls ? src.validity().segment() : null, src.offset(), rows, n, allocator);
    }

    private static ArrowBuffer bits(ArrayData src, int[] rows, int n, BufferAllocator allocator) {
        return gatherBits(src.buffer(1).segment(), src.offset(), rows, n, allocator);
    }

    /** Bit {@code rows[j]} of a bitmap (all set when it is null) as bit {@code j}, 0 where the row is -1; by words. */
    private static ArrowBuffer gatherBits(MemorySegment in, long base, int[] rows, int n, BufferAllocator allocator) {
        ArrowBuffer out = allocateForOverwrite(allocator, Bitmaps.bytesFor(n));
        MemorySegment o = out.segment();
        for (int j = 0; j < n; j += 64) {
            int count = Math.min(64, n - j);
            long w = 0;
            for (int b = 0; b < count; b++) {
                int r = rows[j + b];
                long bit = r < 0 ? 0 : in == null ? 1 : in.get(LittleEndian.BYTE, (base + r) >>> 3) >>> ((base + r) & 7) & 1;
                w |= bit << b;
            }
            Bits.putWord(o, j, w, count);
        }
        return out;
    }

    /** A zeroed buffer from {@code allocator}, or from the Java heap when it is null. */
    static ArrowBuffer allocate(BufferAllocator allocator, long bytes) {
        return allocator == null ? Outputs.allocate(bytes) : allocator.allocate(bytes);
    }

    /**
     * A buffer the caller writes entirely before anyone reads it: from {@code allocator}, or, when it is null, from
     * the managed allocator's recycled native blocks (no zero-filling, and no copying by the Java collector).
     */
    static ArrowBuffer allocateForOverwrite(BufferAllocator allocator, long bytes) {
        return (allocator == null ? BufferAllocator.managed() : allocator).allocateForOverwrite(bytes);
    }

    private static ArrayData varBinary(ArrowType type, ArrayData src, int[] rows, int n, ArrowBuffer validity,
            long nulls, boolean large, BufferAllocator allocator) {
        MemorySegment offsets = src.buffer(1).segment();
        MemorySegment data = src.buffer(2) == null ? MemorySegment.NULL : src.buffer(2).segment();
        long base = src.offset();
        int ow = large ? 8 : 4;
        ArrowBuffer outOffsets = allocateForOverwrite(allocator, (long) (n + 1) * ow);
        MemorySegment oo = outOffsets.segment();
        if (large) {
            oo.set(LittleEndian.LONG, 0, 0L);
        } else {
            oo.set(LittleEndian.INT, 0, 0);
        }
        // first the output offsets (each value's length added up), then the values copied to them
        long total = 0;
        for (int j = 0; j < n; j++) {
            int r = rows[j];
            if (r >= 0) {
                total += large
                        ? offsets.get(LittleEndian.LONG, (base + r + 1) * 8) - offsets.get(LittleEndian.LONG, (base + r) * 8)
                        : offsets.get(LittleEndian.INT, (base + r + 1) * 4) - offsets.get(LittleEndian.INT, (base + r) * 4);
            }
            if (large) {
                oo.set(LittleEndian.LONG, (j + 1) * 8L, total);
            } else {
                oo.set(LittleEndian.INT, (j + 1) * 4L, (int) total);
            }
        }
        checkOffsets(type, total, large);
        ArrowBuffer outData = total == 0 ? allocate(allocator, 1) : allocateForOverwrite(allocator, total);
        MemorySegment od = outData.segment();
        long dataSize = data.byteSize();
        long at = 0;
        for (int j = 0; j < n; j++) {
            int r = rows[j];
            long next = large ? oo.get(LittleEndian.LONG, (j + 1) * 8L) : oo.get(LittleEndian.INT, (j + 1) * 4L);
            if (r >= 0) {
                long start = large ? offsets.get(LittleEndian.LONG, (base + r) * 8) : offsets.get(LittleEndian.INT, (base + r) * 4);
                copyValue(data, start, dataSize, od, at, next - at, total);
            }
            at = next;
        }
        return new ArrayData(type, n, 0, nulls, Arrays.asList(validity, outOffsets, outData), List.of(), null);
    }

    /**
     * Copies one binary value of {@code len} bytes to {@code od} at {@code at}: a value of up to 16 bytes as one
     * or two words when both sides have room (bytes past the value are written too, below {@code limit}; the
     * next value, written after it, overwrites them), a longer one by a bulk copy.
     */
    static void copyValue(MemorySegment data, long start, long dataSize, MemorySegment od, long at, long len,
            long limit) {
        if (len <= 16 && start + 16 <= dataSize && at + 16 <= limit) {
            od.set(LittleEndian.LONG, at, data.get(LittleEndian.LONG, start));
            if (len > 8) {
                od.set(LittleEndian.LONG, at + 8, data.get(LittleEndian.LONG, start + 8));
            }
        } else {
            MemorySegment.copy(data, start, od, at, len);
        }
    }

    /**
     * Checks that an output chunk's {@code total} value bytes fit its offsets.
     *
     * @throws ComputeException if they do not
     */
    static void checkOffsets(ArrowType type, long total, boolean large) {
        if (!large && total > Integer.MAX_VALUE) {
            throw new ComputeException("a join output chunk of column type " + type + " would hold " + total
                    + " bytes, more than 32-bit offsets address");
        }
    }

    /**
     * The chunks of one column as one array: values copied a chunk at a time (memory copies, offsets
     * rebased), for the build side of a join that arrives in several batches.
     *
     * @throws ComputeException if dictionary-encoded chunks carry different dictionaries
     */
    static ArrayData concat(List<ArrayData> chunks, BufferAllocator allocator) {
        if (chunks.size() == 1) {
            return chunks.get(0);
        }
        ArrayData first = chunks.get(0);
        ArrowType type = first.type();
        ArrowType storage = Types.storage(type);
        long n = 0;
        long nulls = 0;
        for (ArrayData c : chunks) {
            n += c.length();
            nulls += c.nullCount();
        }
        if (n > Integer.MAX_VALUE) {
            throw new ComputeException("the join's build side has " + n + " rows, more than " + Integer.MAX_VALUE);
        }
        if (storage instanceof ArrowType.Null) {
            return new ArrayData(type, n, 0, n, Arrays.asList(new ArrowBuffer[0]), List.of(), null);
        }
        if (!isFlat(storage)) {
            List<Array> arrays = new java.util.ArrayList<>();
            for (ArrayData c : chunks) {
                arrays.add(Array.ofUnchecked(c));
            }
            return Selection.concat(type, arrays).data();
        }
        ArrowBuffer validity = null;
        if (nulls > 0) {
            validity = allocate(allocator, Bitmaps.bytesFor(n));
            long at = 0;
            for (ArrayData c : chunks) {
                if (c.validity() == null || c.nullCount() == 0) {
                    Bitmaps.fill(validity.segment(), at, c.length(), true);
                } else {
                    Bitmaps.copy(c.validity().segment(), c.offset(), validity.segment(), at, c.length());
                }
                at += c.length();
            }
        }
        if (storage instanceof ArrowType.Bool) {
            ArrowBuffer values = allocate(allocator, Bitmaps.bytesFor(n));
            long at = 0;
            for (ArrayData c : chunks) {
                Bitmaps.copy(c.buffer(1).segment(), c.offset(), values.segment(), at, c.length());
                at += c.length();
            }
            return new ArrayData(type, n, 0, nulls, Arrays.asList(validity, values), List.of(), null);
        }
        boolean large = storage instanceof ArrowType.LargeBinary || storage instanceof ArrowType.LargeUtf8;
        if (large || storage instanceof ArrowType.Binary || storage instanceof ArrowType.Utf8) {
            return concatVar(type, chunks, (int) n, validity, nulls, large, allocator);
        }
        ArrayData dictionary = null;
        int width;
        if (storage instanceof ArrowType.Dictionary d) {
            width = d.indexType().bitWidth() / 8;
            dictionary = first.dictionary();
            for (ArrayData c : chunks) {
                if (!c.dictionary().equals(dictionary)) {
                    throw new ComputeException("the join's build side has chunks of column type " + type
                            + " with different dictionaries: unify them first");
                }
            }
        } else {
            width = byteWidth(storage);
        }
        ArrowBuffer values = allocate(allocator, n * width);
        long at = 0;
        for (ArrayData c : chunks) {
            MemorySegment.copy(c.buffer(1).segment(), c.offset() * width, values.segment(), at * width, c.length() * width);
            at += c.length();
        }
        return new ArrayData(type, n, 0, nulls, Arrays.asList(validity, values), List.of(), dictionary);
    }

    private static ArrayData concatVar(ArrowType type, List<ArrayData> chunks, int n, ArrowBuffer validity, long nulls,
            boolean large, BufferAllocator allocator) {
        int ow = large ? 8 : 4;
        long total = 0;
        for (ArrayData c : chunks) {
            total += offset(c, c.length(), large) - offset(c, 0, large);
        }
        if (!large && total > Integer.MAX_VALUE) {
            throw new ComputeException("the join's build column of type " + type + " holds " + total
                    + " bytes, more than 32-bit offsets address");
        }
        ArrowBuffer offsets = allocate(allocator, (long) (n + 1) * ow);
        ArrowBuffer data = allocate(allocator, Math.max(total, 1));
        MemorySegment oo = offsets.segment();
        long row = 0;
        long at = 0;
        for (ArrayData c : chunks) {
            long start = offset(c, 0, large);
            long end = offset(c, c.length(), large);
            if (end > start) {
                MemorySegment.copy(c.buffer(2).segment(), start, data.segment(), at, end - start);
            }
            for (long i = 1; i <= c.length(); i++) {
                long o = at + offset(c, i, large) - start;
                if (large) {
                    oo.set(LittleEndian.LONG, (row + i) * 8, o);
                } else {
                    oo.set(LittleEndian.INT, (row + i) * 4, (int) o);
                }
            }
            row += c.length();
            at += end - start;
        }
        return new ArrayData(type, n, 0, nulls, Arrays.asList(validity, offsets, data), List.of(), null);
    }

    /** Offset {@code i} of a var-binary chunk, counted from its slice's start. */
    private static long offset(ArrayData c, long i, boolean large) {
        MemorySegment o = c.buffer(1).segment();
        return large ? o.get(LittleEndian.LONG, (c.offset() + i) * 8) : o.get(LittleEndian.INT, (c.offset() + i) * 4);
    }
}
