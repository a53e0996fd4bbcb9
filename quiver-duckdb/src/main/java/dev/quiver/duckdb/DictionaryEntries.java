// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import java.lang.foreign.MemorySegment;

/**
 * The values of a {@code utf8} dictionary as DuckDB's {@code string_t}s, made once per dictionary (the
 * batches of a file share one), so that a row of a dictionary-encoded column is written as the 16 bytes of
 * its value's entry; values longer than 12 bytes are assigned row by row. One scan thread's, for one
 * column.
 */
final class DictionaryEntries {
    private ArrayData dictionary;
    /** Two longs per value: its inlined {@code string_t}. */
    private long[] inlined = new long[0];
    /** Per value: its start in the dictionary's data, and its length (more than 12: assigned). */
    private int[] starts = new int[0];
    private int[] lengths = new int[0];
    private boolean[] nulls = new boolean[0];
    private MemorySegment bytes = MemorySegment.NULL;

    /**
     * Makes the entries of {@code values} unless they are the dictionary already in use.
     *
     * @throws DuckDbException if an offset lies outside the dictionary's data
     */
    void use(ArrayData values) {
        if (values == dictionary) {
            return;
        }
        int size = Math.toIntExact(values.length());
        inlined = new long[2 * size];
        starts = new int[size];
        lengths = new int[size];
        nulls = new boolean[size];
        MemorySegment offsets = values.buffer(1).segment();
        ArrowBuffer data = values.buffer(2);
        bytes = data == null ? MemorySegment.NULL : data.segment();
        ArrowBuffer validity = values.validity();
        boolean someNull = validity != null && values.nullCount() > 0;
        long at = values.offset();
        for (int k = 0; k < size; k++) {
            int start = offsets.get(JAVA_INT_UNALIGNED, (at + k) * 4);
            int end = offsets.get(JAVA_INT_UNALIGNED, (at + k + 1) * 4);
            if (start < 0 || end < start || end > bytes.byteSize()) {
                throw new DuckDbException("dictionary value " + k + "'s offsets " + start + " to " + end
                        + " lie outside the " + bytes.byteSize() + " bytes of the dictionary's data");
            }
            nulls[k] = someNull && !Bitmaps.get(validity.segment(), at + k);
            starts[k] = start;
            lengths[k] = end - start;
            if (end - start <= VectorCopy.INLINED) {
                long[] two = new long[2];
                MemorySegment t = MemorySegment.ofArray(two);
                t.set(JAVA_INT_UNALIGNED, 0, end - start);
                MemorySegment.copy(bytes, start, t, 4, end - start);
                inlined[2 * k] = two[0];
                inlined[2 * k + 1] = two[1];
            }
        }
        dictionary = values;
    }

    /**
     * Writes the rows {@code at} to {@code at + n} of the indices {@code data} (of {@code width} bytes) as
     * their values' {@code string_t}s into {@code out}, the data of {@code vector}; a row whose value is null
     * is made null in the vector's validity (which the caller wrote from the indices' before).
     *
     * @throws DuckDbException for an index outside the dictionary
     */
    void write(DuckDbApi api, ArrayData data, int width, long at, int n, MemorySegment out, MemorySegment vector)
            throws Throwable {
        MemorySegment indices = data.buffer(1).segment();
        ArrowBuffer validity = data.validity();
        MemorySegment valid = validity != null && data.nullCount() > 0 ? validity.segment() : null;
        int size = starts.length;
        MemorySegment mask = null;
        for (int i = 0; i < n; i++) {
            long t = i * VectorCopy.STRING_T;
            if (valid != null && !Bitmaps.get(valid, at + i)) {
                out.set(JAVA_LONG_UNALIGNED, t, 0L);
                out.set(JAVA_LONG_UNALIGNED, t + 8, 0L);
                continue;
            }
            long k = VectorCopy.index(indices, width, at + i);
            if (k < 0 || k >= size) {
                throw new DuckDbException("dictionary index " + k + " of row " + (at + i - data.offset())
                        + " lies outside the dictionary's " + size + " values");
            }
            int key = (int) k;
            if (nulls[key]) {
                if (mask == null) {
                    api.vectorEnsureValidityWritable().invokeExact(vector);
                    mask = ((MemorySegment) api.vectorGetValidity().invokeExact(vector))
                            .reinterpret(VectorCopy.words(n) * 8L);
                }
                Bitmaps.set(mask, i, false);
                out.set(JAVA_LONG_UNALIGNED, t, 0L);
                out.set(JAVA_LONG_UNALIGNED, t + 8, 0L);
            } else if (lengths[key] <= VectorCopy.INLINED) {
                out.set(JAVA_LONG_UNALIGNED, t, inlined[2 * key]);
                out.set(JAVA_LONG_UNALIGNED, t + 8, inlined[2 * key + 1]);
            } else {
                VectorCopy.write(api, bytes, starts[key], lengths[key], out, i, vector);
            }
        }
    }
}
