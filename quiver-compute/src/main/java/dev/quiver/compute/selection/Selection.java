// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.Threads;
import dev.quiver.compute.compare.Logic;
import dev.quiver.compute.compare.Predicates;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.ChunkedArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Selection kernels: filter, take, concat, drop_null and slice on arrays, chunked arrays, record batches and
 * tables. Results are new immutable arrays (slice is a zero-copy view); fixed-width columns are copied on every
 * core of {@link Threads#current()}.
 *
 * <pre>{@code
 * Array values = ArrayBuilder.of(ArrowType.INT64).appendObject(1L).appendObject(null).appendObject(3L).build();
 * Array mask = ArrayBuilder.of(ArrowType.BOOL).appendObject(true).appendObject(true).appendObject(false).build();
 * Array kept = Selection.filter(values, mask);                // [1, null]
 * Array at = ArrayBuilder.of(ArrowType.INT32).appendObject(2).appendObject(0).build();
 * Array picked = Selection.take(values, at);                 // [3, 1]
 * Array dense = Selection.dropNull(values);                   // [1, 3]
 * }</pre>
 */
public final class Selection {
    private Selection() {
    }

    /**
     * The values where the mask is true; a null mask slot drops the row.
     *
     * @param values the values
     * @param mask a boolean array of the same length
     * @return the selected values
     * @throws ComputeException if the mask is not boolean or its length differs
     */
    public static Array filter(Array values, Array mask) {
        return filter(values, mask, NullSelection.DROP);
    }

    /**
     * The values where the mask is true.
     *
     * @param values the values
     * @param mask a boolean array of the same length
     * @param nulls what a null mask slot does
     * @return the selected values
     * @throws ComputeException if the mask is not boolean or its length differs
     */
    public static Array filter(Array values, Array mask, NullSelection nulls) {
        return FilterKernel.filter(values, mask, nulls, Threads.current());
    }

    /**
     * The values of a chunked array where the mask is true, chunk by chunk.
     *
     * @param values the values
     * @param mask a boolean chunked array of the same length (its chunks may be cut elsewhere)
     * @param nulls what a null mask slot does
     * @return the selected values, one chunk per input chunk
     * @throws ComputeException if the mask is not boolean or its length differs
     */
    public static ChunkedArray filter(ChunkedArray values, ChunkedArray mask, NullSelection nulls) {
        checkLength("filter", values.length(), mask.length());
        List<Array> out = new ArrayList<>();
        long start = 0;
        for (Array chunk : values.chunks()) {
            out.add(filter(chunk, concat(mask.slice(start, chunk.length())), nulls));
            start += chunk.length();
        }
        return new ChunkedArray(values.type(), out);
    }

    /**
     * The rows of a batch where the mask is true.
     *
     * @param batch the batch
     * @param mask a boolean array with one value per row
     * @param nulls what a null mask slot does
     * @return the selected rows
     * @throws ComputeException if the mask is not boolean or its length differs
     */
    public static RecordBatch filter(RecordBatch batch, Array mask, NullSelection nulls) {
        checkLength("filter", batch.rowCount(), mask.length());
        return FilterKernel.filter(batch, mask, nulls, Threads.current());
    }

    /**
     * The rows of a table where the mask is true, batch by batch.
     *
     * @param table the table
     * @param mask a boolean chunked array with one value per row (its chunks may be cut elsewhere)
     * @param nulls what a null mask slot does
     * @return the selected rows, one batch per input batch
     * @throws ComputeException if the mask is not boolean or its length differs
     */
    public static Table filter(Table table, ChunkedArray mask, NullSelection nulls) {
        checkLength("filter", table.rowCount(), mask.length());
        List<RecordBatch> out = new ArrayList<>();
        long start = 0;
        for (RecordBatch batch : table.batches()) {
            out.add(filter(batch, concat(mask.slice(start, batch.rowCount())), nulls));
            start += batch.rowCount();
        }
        return new Table(table.schema(), out);
    }

    /**
     * The values at the given indices; a null index gives a null.
     *
     * @param values the values
     * @param indices an integer array of positions in {@code values}
     * @return one value per index
     * @throws ComputeException if an index is out of range (naming it and its row) or the indices are not integers
     */
    public static Array take(Array values, Array indices) {
        return TakeKernel.take(values, Indices.asInt64(indices, "take"), Threads.current());
    }

    /**
     * The values of a chunked array at the given indices (positions in the whole chunked array).
     *
     * @param values the values
     * @param indices an integer array of positions
     * @return one value per index, in one chunk
     * @throws ComputeException if an index is out of range or the indices are not integers
     */
    public static ChunkedArray take(ChunkedArray values, Array indices) {
        return new ChunkedArray(values.type(), List.of(take(concat(values), indices)));
    }

    /**
     * The rows of a batch at the given indices.
     *
     * @param batch the batch
     * @param indices an integer array of row positions
     * @return one row per index
     * @throws ComputeException if an index is out of range or the indices are not integers
     */
    public static RecordBatch take(RecordBatch batch, Array indices) {
        Array idx = Indices.asInt64(indices, "take");
        TakeKernel.checkBounds(batch.rowCount(), idx);
        return mapColumns(batch, c -> TakeKernel.takeChecked(c, idx, Threads.current()), idx.length());
    }

    /**
     * The rows of a table at the given indices (positions in the whole table), as a table of one batch.
     *
     * @param table the table
     * @param indices an integer array of row positions
     * @return one row per index
     * @throws ComputeException if an index is out of range or the indices are not integers
     */
    public static Table take(Table table, Array indices) {
        Array idx = Indices.asInt64(indices, "take");
        TakeKernel.checkBounds(table.rowCount(), idx);
        List<Array> columns = new ArrayList<>(table.columnCount());
        for (int c = 0; c < table.columnCount(); c++) {
            columns.add(TakeKernel.takeChecked(concat(table.column(c)), idx, Threads.current()));
        }
        return new Table(table.schema(), List.of(new RecordBatch(table.schema(), columns, idx.length())));
    }

    /**
     * Arrays of one type end to end, in one new array.
     *
     * @param type the type of every array
     * @param arrays the arrays
     * @return their concatenation (the array itself when there is one)
     * @throws ComputeException if an array's type differs
     */
    public static Array concat(ArrowType type, List<? extends Array> arrays) {
        return ConcatKernel.concat(type, arrays);
    }

    /**
     * The chunks of a chunked array end to end, in one array.
     *
     * @param values the chunked array
     * @return its values in one array (the chunk itself when there is one)
     */
    public static Array concat(ChunkedArray values) {
        return ConcatKernel.concat(values.type(), values.chunks());
    }

    /**
     * The non-null values.
     *
     * @param values the values
     * @return the values without the nulls (the array itself when it has none)
     */
    public static Array dropNull(Array values) {
        if (values.nullCount() == 0) {
            return values;
        }
        return filter(values, validMask(values));
    }

    /**
     * The rows of a batch without a null in any column.
     *
     * @param batch the batch
     * @return the rows with every column valid
     */
    public static RecordBatch dropNull(RecordBatch batch) {
        Array mask = null;
        for (Array column : batch.columns()) {
            if (column.nullCount() > 0) {
                Array valid = validMask(column);
                mask = mask == null ? valid : Logic.and(mask, valid);
            }
        }
        return mask == null ? batch : filter(batch, mask, NullSelection.DROP);
    }

    /**
     * The rows of a table without a null in any column, batch by batch.
     *
     * @param table the table
     * @return the rows with every column valid
     */
    public static Table dropNull(Table table) {
        List<RecordBatch> out = new ArrayList<>();
        for (RecordBatch batch : table.batches()) {
            out.add(dropNull(batch));
        }
        return new Table(table.schema(), out);
    }

    /**
     * A zero-copy view of {@code length} values from {@code offset}.
     *
     * @param values the values
     * @param offset the first value
     * @param length the number of values
     * @return the view
     * @throws ComputeException if the range is not within the array
     */
    public static Array slice(Array values, long offset, long length) {
        if (offset < 0 || length < 0 || offset > values.length() - length) {
            throw new ComputeException("slice: [" + offset + ", " + offset + "+" + length
                    + ") is outside an array of length " + values.length());
        }
        return values.slice(offset, length);
    }

    private static Array validMask(Array values) {
        return Predicates.isValid(values);
    }

    private static RecordBatch mapColumns(RecordBatch batch, UnaryOperator<Array> f, long rows) {
        List<Array> columns = new ArrayList<>(batch.columnCount());
        for (Array c : batch.columns()) {
            columns.add(f.apply(c));
        }
        return new RecordBatch(batch.schema(), columns, rows);
    }

    private static void checkLength(String kernel, long expected, long actual) {
        if (expected != actual) {
            throw new ComputeException(kernel + ": the mask has " + actual + " values, the data " + expected);
        }
    }
}
