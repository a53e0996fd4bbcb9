// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.hash;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.batch.ChunkedArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * The hashing kernels of pyarrow.compute, on the row table's key grouping ({@link KeyGrouper}): values
 * are equal as the row table compares them (floats bit for bit, so NaN equals the same NaN and
 * {@code -0.0} differs from {@code 0.0}); results list values in order of first appearance.
 *
 * <pre>{@code
 * Array names = ...;                                   // ["a", "b", null, "a"]
 * Array distinct = Hashing.unique(names);              // ["a", "b", null]
 * StructArray counts = Hashing.valueCounts(names);     // {values: ["a","b",null], counts: [2,1,1]}
 * DictionaryArray encoded = Hashing.dictionaryEncode(names);  // indices [0, 1, null, 0], dictionary ["a","b"]
 * }</pre>
 */
public final class Hashing {
    /** Rows grouped per call of the grouper. */
    private static final int CHUNK = 1 << 16;

    private Hashing() {
    }

    /**
     * The distinct values of an array, null included once if present (pyarrow's {@code unique}).
     *
     * @param array the values
     * @return the distinct values, in order of first appearance, of the array's type
     * @throws ComputeException if the type cannot be row-encoded (nested and view types, large binary)
     */
    public static Array unique(Array array) {
        return unique(new ChunkedArray(array.type(), List.of(array)));
    }

    /**
     * The distinct values of a chunked array, null included once if present.
     *
     * @param array the values
     * @return the distinct values, in order of first appearance
     * @throws ComputeException if the type cannot be row-encoded
     */
    public static Array unique(ChunkedArray array) {
        try (KeyGrouper grouper = new KeyGrouper(List.of(array.type()))) {
            group(grouper, array, null);
            return Array.ofUnchecked(grouper.keys().get(0));
        }
    }

    /**
     * Each distinct value with its number of occurrences (pyarrow's {@code value_counts}): a struct array
     * of fields {@code values} (the array's type) and {@code counts} (int64), null counted as a value.
     *
     * @param array the values
     * @return one struct per distinct value, in order of first appearance
     * @throws ComputeException if the type cannot be row-encoded
     */
    public static StructArray valueCounts(Array array) {
        return valueCounts(new ChunkedArray(array.type(), List.of(array)));
    }

    /**
     * {@link #valueCounts(Array)} of a chunked array.
     *
     * @param array the values
     * @return one struct per distinct value, in order of first appearance
     * @throws ComputeException if the type cannot be row-encoded
     */
    public static StructArray valueCounts(ChunkedArray array) {
        try (KeyGrouper grouper = new KeyGrouper(List.of(array.type()))) {
            long[][] counts = {new long[64]};
            group(grouper, array, counts);
            int n = grouper.groupCount();
            ArrowBuffer values = BufferAllocator.managed().allocate(8L * n);
            MemorySegment.copy(MemorySegment.ofArray(counts[0]), 0, values.segment(), 0, 8L * n);
            ArrayData countData = new ArrayData(ArrowType.INT64, n, 0, 0, Arrays.asList(null, values), List.of(), null);
            ArrayData valueData = grouper.keys().get(0);
            ArrowType.Struct type = ArrowType.Struct.of(new Field("values", array.type(), true),
                    Field.notNull("counts", ArrowType.INT64));
            return StructArray.ofUnchecked(new ArrayData(type, n, 0, 0, Arrays.asList((ArrowBuffer) null),
                    List.of(valueData, countData), null));
        }
    }

    /**
     * The array dictionary-encoded (pyarrow's {@code dictionary_encode} with nulls masked): int32 indices
     * into a dictionary of the distinct non-null values, in order of first appearance; a null stays a
     * null index.
     *
     * @param array the values, not already dictionary-encoded
     * @return the dictionary array
     * @throws ComputeException if the type cannot be row-encoded or is already dictionary-encoded
     */
    public static DictionaryArray dictionaryEncode(Array array) {
        if (array.type() instanceof ArrowType.Dictionary) {
            throw new ComputeException("dictionary_encode: the array is already dictionary-encoded (" + array.type() + ")");
        }
        long length = array.length();
        if (length > Integer.MAX_VALUE) {
            throw new ComputeException("dictionary_encode: an array of " + length + " values; encode it in slices");
        }
        int n = (int) length;
        try (KeyGrouper grouper = new KeyGrouper(List.of(array.type()))) {
            int[] ids = new int[n];
            grouper.assign(List.of(array.data()), 0, n, ids);
            ArrayData distinct = grouper.keys().get(0);
            int nullGroup = -1;
            for (int g = 0; g < distinct.length() && nullGroup < 0; g++) {
                if (!distinct.isValid(g)) {
                    nullGroup = g;
                }
            }
            ArrowBuffer indices = BufferAllocator.managed().allocate(4L * n);
            MemorySegment out = indices.segment();
            ArrowBuffer validity = null;
            long nulls = 0;
            if (nullGroup >= 0) {
                validity = BufferAllocator.managed().allocate(Bitmaps.bytesFor(n));
                MemorySegment v = validity.segment();
                for (int r = 0; r < n; r++) {
                    int g = ids[r];
                    if (g == nullGroup) {
                        nulls++;
                    } else {
                        Bitmaps.set(v, r, true);
                        out.set(LittleEndian.INT, 4L * r, g > nullGroup ? g - 1 : g);
                    }
                }
                distinct = withoutRow(distinct, nullGroup);
            } else {
                MemorySegment.copy(MemorySegment.ofArray(ids), 0, out, 0, 4L * n);
            }
            ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, array.type(), false);
            return (DictionaryArray) Array.ofUnchecked(new ArrayData(type, n, 0, nulls, Arrays.asList(validity, indices),
                    List.of(), distinct));
        }
    }

    /** Groups every value of {@code array}; adds each row's count to {@code counts[0]} when not null. */
    private static void group(KeyGrouper grouper, ChunkedArray array, long[][] counts) {
        int[] ids = new int[CHUNK];
        for (Array chunk : array.chunks()) {
            for (long from = 0; from < chunk.length(); from += CHUNK) {
                int n = (int) Math.min(CHUNK, chunk.length() - from);
                ArrayData slice = chunk.data().slice(from, n);
                grouper.assign(List.of(slice), 0, n, ids);
                if (counts != null) {
                    if (grouper.groupCount() > counts[0].length) {
                        counts[0] = Arrays.copyOf(counts[0], Math.max(grouper.groupCount(), 2 * counts[0].length));
                    }
                    long[] c = counts[0];
                    for (int r = 0; r < n; r++) {
                        c[ids[r]]++;
                    }
                }
            }
        }
    }

    /** The distinct values without the null one, at {@code row}: a slice of the rows before and after, joined. */
    private static ArrayData withoutRow(ArrayData distinct, int row) {
        int n = (int) distinct.length();
        try (KeyGrouper regroup = new KeyGrouper(List.of(distinct.type()))) {
            int[] ids = new int[n];
            regroup.assign(List.of(distinct.slice(0, row)), 0, row, ids);
            regroup.assign(List.of(distinct.slice(row + 1, n - row - 1)), 0, n - row - 1, ids);
            return regroup.keys().get(0);
        }
    }
}
