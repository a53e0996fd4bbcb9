// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The values of a {@code utf8} dictionary as DuckDB's {@code string_t}s, made once per dictionary (the
 * batches of a file share one), so that a row of a dictionary-encoded column is written as the 16 bytes of
 * its value's entry; values longer than 12 bytes are assigned row by row. Rows of 32-bit indices without
 * nulls go through DuckDB instead: the dictionary is a DuckDB vector of its values (made at the first such
 * rows), the indices, checked against its size, become a selection vector, and
 * {@code duckdb_vector_copy_sel} copies the selected values in DuckDB's own compiled code (no Java work per
 * row but the check). One scan thread's, for one column; {@link #close} destroys DuckDB's vectors.
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
    /** The dictionary as a DuckDB vector of {@code VARCHAR}, or NULL until rows are selected from it. */
    private MemorySegment values = MemorySegment.NULL;
    /** A selection vector of {@link ScanChunk#VECTOR_SIZE} rows, its data, and the indices read into it. */
    private MemorySegment selection = MemorySegment.NULL;
    private MemorySegment selected;
    private int[] indices;

    /**
     * Makes the entries of {@code values} unless they are the dictionary already in use.
     *
     * @throws DuckDbException if an offset lies outside the dictionary's data
     */
    void use(ArrayData values) throws Throwable {
        if (values == dictionary) {
            return;
        }
        destroyValues();
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
        if (valid == null && width == Integer.BYTES) {
            select(api, indices, data.offset(), at, n, vector);
            return;
        }
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
            mask = entry(api, (int) k, out, i, vector, n, mask);
        }
    }

    /**
     * Writes value {@code key}'s entry as row {@code i} of {@code vector} (of {@code rows} rows; {@code out}
     * its data): a null value clears the row's validity bit (in {@code mask}, made writable at the first null
     * and returned), a short value is its inlined entry, a longer one is assigned.
     */
    private MemorySegment entry(DuckDbApi api, int key, MemorySegment out, int i, MemorySegment vector, int rows,
            MemorySegment mask) throws Throwable {
        long t = i * VectorCopy.STRING_T;
        if (nulls[key]) {
            MemorySegment bits = mask;
            if (bits == null) {
                api.vectorEnsureValidityWritable().invokeExact(vector);
                bits = ((MemorySegment) api.vectorGetValidity().invokeExact(vector))
                        .reinterpret(VectorCopy.words(rows) * 8L);
            }
            Bitmaps.set(bits, i, false);
            out.set(JAVA_LONG_UNALIGNED, t, 0L);
            out.set(JAVA_LONG_UNALIGNED, t + 8, 0L);
            return bits;
        }
        if (lengths[key] <= VectorCopy.INLINED) {
            out.set(JAVA_LONG_UNALIGNED, t, inlined[2 * key]);
            out.set(JAVA_LONG_UNALIGNED, t + 8, inlined[2 * key + 1]);
        } else {
            VectorCopy.write(api, bytes, starts[key], lengths[key], out, i, vector);
        }
        return mask;
    }

    /**
     * Rows {@code at} to {@code at + n} of 32-bit indices without nulls, copied by DuckDB from the dictionary's
     * vector into {@code vector} ({@code offset}: the indices' array offset, for the row in a message).
     */
    private void select(DuckDbApi api, MemorySegment from, long offset, long at, int n, MemorySegment vector)
            throws Throwable {
        if (indices == null) {
            indices = new int[(int) ScanChunk.VECTOR_SIZE];
            selection = (MemorySegment) api.createSelectionVector().invokeExact(ScanChunk.VECTOR_SIZE);
            selected = ((MemorySegment) api.selectionVectorData().invokeExact(selection))
                    .reinterpret(ScanChunk.VECTOR_SIZE * Integer.BYTES);
        }
        MemorySegment.copy(from, JAVA_INT_UNALIGNED, at * Integer.BYTES, indices, 0, n);
        int last = starts.length - 1;
        int outside = 0;
        for (int i = 0; i < n; i++) {
            int k = indices[i];
            outside |= k | (last - k);
        }
        if (outside < 0) {
            for (int i = 0; i < n; i++) {
                if (indices[i] < 0 || indices[i] > last) {
                    throw new DuckDbException("dictionary index " + indices[i] + " of row " + (at + i - offset)
                            + " lies outside the dictionary's " + starts.length + " values");
                }
            }
        }
        if (values.address() == 0) {
            values = vector(api);
        }
        MemorySegment.copy(indices, 0, selected, JAVA_INT_UNALIGNED, 0, n);
        api.vectorCopySel().invokeExact(values, vector, selection, (long) n, 0L, 0L);
    }

    /** The dictionary's values as a DuckDB vector: the inlined entries, the longer values assigned, nulls. */
    private MemorySegment vector(DuckDbApi api) throws Throwable {
        int size = starts.length;
        MemorySegment made;
        try (Arena local = Arena.ofConfined()) {
            MemorySegment type = local.allocate(ADDRESS);
            type.set(ADDRESS, 0, (MemorySegment) api.createLogicalType().invokeExact(VectorCopy.VARCHAR));
            made = (MemorySegment) api.createVector().invokeExact(type.get(ADDRESS, 0), (long) size);
            api.destroyLogicalType().invokeExact(type);
        }
        MemorySegment out = ((MemorySegment) api.vectorGetData().invokeExact(made))
                .reinterpret(size * VectorCopy.STRING_T);
        MemorySegment mask = null;
        for (int k = 0; k < size; k++) {
            mask = entry(api, k, out, k, made, size, mask);
        }
        return made;
    }

    private void destroyValues() throws Throwable {
        if (values.address() != 0) {
            try (Arena local = Arena.ofConfined()) {
                DuckDbApi.get().destroyVector().invokeExact(local.allocateFrom(ADDRESS, values));
            }
            values = MemorySegment.NULL;
        }
    }

    /** Destroys DuckDB's vectors of this dictionary. */
    void close() throws Throwable {
        destroyValues();
        if (selection.address() != 0) {
            DuckDbApi.get().destroySelectionVector().invokeExact(selection);
            selection = MemorySegment.NULL;
        }
    }
}
