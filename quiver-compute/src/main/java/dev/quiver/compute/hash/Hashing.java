// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.hash;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.QuiverException;
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
import dev.quiver.row.GroupByResult;
import dev.quiver.row.HashGroupBy;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * The hashing kernels of pyarrow.compute, on the row table: unique and value_counts on quiver-row's
 * {@link HashGroupBy}, dictionary_encode on a {@link KeyGrouper} (it needs each row's group): values
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
        return groupBy(array).key(0);
    }

    /** The row table's hash group-by of quiver-row over the values, no aggregate: the distinct values and their counts. */
    private static GroupByResult groupBy(ChunkedArray array) {
        try (HashGroupBy groupBy = new HashGroupBy(List.of(new Field("values", array.type(), true)), List.of())) {
            for (Array chunk : array.chunks()) {
                groupBy.add(List.of(chunk.data()), List.of());
            }
            return groupBy.result();
        } catch (ComputeException e) {
            throw e;
        } catch (QuiverException e) {
            throw new ComputeException("hashing values of type " + array.type() + ": " + e.getMessage(), e);
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
        GroupByResult groups = groupBy(array);
        int n = (int) groups.groupCount();
        ArrowType.Struct type = ArrowType.Struct.of(new Field("values", array.type(), true),
                Field.notNull("counts", ArrowType.INT64));
        return StructArray.ofUnchecked(new ArrayData(type, n, 0, 0, Arrays.asList((ArrowBuffer) null),
                List.of(groups.key(0).data(), groups.count().data()), null));
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
