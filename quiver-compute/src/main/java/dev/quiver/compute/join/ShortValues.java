// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * A binary or utf8 column of a small right side (a dimension's attributes) whose every value is at most 8 bytes
 * long, each value held as one little-endian word and its length: gathering a row then reads one word and one
 * length from arrays the cache holds, instead of two offsets and the value's bytes from the column.
 */
final class ShortValues {
    /** Right sides of at most this many rows get the packed form (12 bytes a row, made once per join). */
    static final int MAX_ROWS = 1 << 16;

    private final ArrayData column;
    private final boolean large;
    private final long[] words;
    private final byte[] lengths;

    private ShortValues(ArrayData column, boolean large, long[] words, byte[] lengths) {
        this.column = column;
        this.large = large;
        this.words = words;
        this.lengths = lengths;
    }

    /**
     * The packed form of a column.
     *
     * @param column a column of the right side
     * @return its packed form, or null when it is not binary or utf8, has more than {@link #MAX_ROWS} rows, or holds
     *     a value longer than 8 bytes
     */
    static ShortValues of(ArrayData column) {
        ArrowType storage = Types.storage(column.type());
        boolean large = storage instanceof ArrowType.LargeBinary || storage instanceof ArrowType.LargeUtf8;
        if (!(large || storage instanceof ArrowType.Binary || storage instanceof ArrowType.Utf8)
                || column.length() > MAX_ROWS) {
            return null;
        }
        int n = (int) column.length();
        MemorySegment offsets = column.buffer(1).segment();
        MemorySegment data = column.buffer(2) == null ? MemorySegment.NULL : column.buffer(2).segment();
        long base = column.offset();
        long[] words = new long[n];
        byte[] lengths = new byte[n];
        for (int r = 0; r < n; r++) {
            long start = Compact.offset(offsets, base + r, large);
            long len = Compact.offset(offsets, base + r + 1, large) - start;
            if (len < 0 || len > 8 || start < 0 || start + len > data.byteSize()) {
                return null;
            }
            long w = 0;
            for (int k = 0; k < len; k++) {
                w |= (data.get(LittleEndian.BYTE, start + k) & 0xFFL) << (8 * k);
            }
            words[r] = w;
            lengths[r] = (byte) len;
        }
        return new ShortValues(column, large, words, lengths);
    }

    /**
     * Gathers {@code rows[0..n)} of the column, as {@link Gather#take} does.
     *
     * @param rows the rows, -1 for a null
     * @param n how many
     * @param allocator where the output buffers come from, null for the join's default (see {@link Gather})
     * @return the gathered column
     */
    ArrayData take(int[] rows, int n, BufferAllocator allocator) {
        ArrowBuffer validity = Gather.validity(column, rows, n, allocator);
        int ow = large ? 8 : 4;
        ArrowBuffer outOffsets = Gather.allocateForOverwrite(allocator, (long) (n + 1) * ow);
        MemorySegment oo = outOffsets.segment();
        long total = 0;
        if (large) {
            oo.set(LittleEndian.LONG, 0, 0L);
        } else {
            oo.set(LittleEndian.INT, 0, 0);
        }
        for (int j = 0; j < n; j++) {
            int r = rows[j];
            total += r < 0 ? 0 : lengths[r];
            if (large) {
                oo.set(LittleEndian.LONG, (j + 1) * 8L, total);
            } else {
                oo.set(LittleEndian.INT, (j + 1) * 4L, (int) total);
            }
        }
        Gather.checkOffsets(column.type(), total, large);
        ArrowBuffer data;
        if (total == 0) {
            data = Gather.allocate(allocator, 1);
        } else {
            // 8 bytes of room past the end: each value is written as a whole word, the next value overwriting the rest
            ArrowBuffer room = Gather.allocateForOverwrite(allocator, total + 8);
            MemorySegment od = room.segment();
            long at = 0;
            for (int j = 0; j < n; j++) {
                int r = rows[j];
                if (r >= 0) {
                    od.set(LittleEndian.LONG, at, words[r]);
                    at += lengths[r];
                }
            }
            data = room.slice(0, total);
        }
        long nulls = validity == null ? 0 : ArrayData.UNKNOWN_NULL_COUNT;
        return new ArrayData(column.type(), n, 0, nulls, Arrays.asList(validity, outOffsets, data), List.of(), null);
    }
}
