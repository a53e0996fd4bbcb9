// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.array.Array;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A schema and the record batches that hold its rows: a whole data set in memory, as read from a file
 * or stream. Columns are {@link ChunkedArray}s over the batches; nothing is copied. Equality is logical:
 * two tables with the same schema and values are equal however their rows are cut into batches.
 *
 * <pre>{@code
 * Table table = Table.from(reader);                 // every batch of a reader
 * ChunkedArray ids = table.column("id");
 * Table firstTen = table.slice(0, 10);              // zero-copy
 * }</pre>
 */
public final class Table implements Iterable<RecordBatch> {
    private final Schema schema;
    private final List<RecordBatch> batches;
    private final long rowCount;

    /**
     * A table of {@code batches}, which must all have {@code schema}.
     *
     * @param schema the schema of every batch
     * @param batches the batches, possibly none
     * @throws IllegalArgumentException when a batch has another schema
     */
    public Table(Schema schema, List<RecordBatch> batches) {
        this.schema = Objects.requireNonNull(schema, "schema");
        this.batches = List.copyOf(batches);
        long rows = 0;
        for (int k = 0; k < this.batches.size(); k++) {
            RecordBatch batch = this.batches.get(k);
            if (!batch.schema().equals(schema)) {
                throw new IllegalArgumentException("batch " + k + " has schema " + batch.schema()
                        + ", not the table's " + schema);
            }
            rows += batch.rowCount();
        }
        this.rowCount = rows;
    }

    /**
     * Every remaining batch of a reader, which is left open (the batches may share its memory).
     *
     * @param reader the reader
     * @return a table of its schema and batches
     */
    public static Table from(RecordBatchReader reader) {
        List<RecordBatch> batches = new ArrayList<>();
        for (RecordBatch batch : reader) {
            batches.add(batch);
        }
        return new Table(reader.schema(), batches);
    }

    /**
     * The tables' batches one after the other.
     *
     * @param first the first table
     * @param more the others, all with the first one's schema
     * @return a table of all their batches
     * @throws IllegalArgumentException when a table has another schema
     */
    public static Table concatenate(Table first, Table... more) {
        List<RecordBatch> batches = new ArrayList<>(first.batches);
        for (Table t : more) {
            if (!t.schema.equals(first.schema)) {
                throw new IllegalArgumentException("cannot concatenate a table of schema " + t.schema
                        + " to one of " + first.schema);
            }
            batches.addAll(t.batches);
        }
        return new Table(first.schema, batches);
    }

    /**
     * The schema.
     *
     * @return the schema of every batch
     */
    public Schema schema() {
        return schema;
    }

    /**
     * The batches, in order.
     *
     * @return an unmodifiable list
     */
    public List<RecordBatch> batches() {
        return batches;
    }

    /**
     * The number of rows over all batches.
     *
     * @return the row count
     */
    public long rowCount() {
        return rowCount;
    }

    /**
     * The number of columns.
     *
     * @return the schema's field count
     */
    public int columnCount() {
        return schema.fields().size();
    }

    /**
     * Column {@code i} over all batches.
     *
     * @param i from 0 to {@link #columnCount()} - 1
     * @return the column, one chunk per batch
     * @throws IndexOutOfBoundsException when there is no such column
     */
    public ChunkedArray column(int i) {
        Objects.checkIndex(i, columnCount());
        List<Array> chunks = new ArrayList<>(batches.size());
        for (RecordBatch batch : batches) {
            chunks.add(batch.column(i));
        }
        return new ChunkedArray(schema.field(i).type(), chunks);
    }

    /**
     * The first column of this name over all batches.
     *
     * @param name a field name of the schema
     * @return the column, one chunk per batch
     * @throws IllegalArgumentException when no field has this name
     */
    public ChunkedArray column(String name) {
        for (int i = 0; i < columnCount(); i++) {
            if (schema.field(i).name().equals(name)) {
                return column(i);
            }
        }
        throw new IllegalArgumentException("no column named " + name + " in " + schema);
    }

    /**
     * A zero-copy view of {@code length} rows from {@code offset}: the overlapping batches, sliced.
     *
     * @param offset the first row
     * @param length the number of rows
     * @return the view
     * @throws IndexOutOfBoundsException when the range is not within this table
     */
    public Table slice(long offset, long length) {
        Objects.checkFromIndexSize(offset, length, rowCount);
        List<RecordBatch> out = new ArrayList<>();
        long start = 0;
        long end = offset + length;
        for (RecordBatch batch : batches) {
            long from = Math.max(offset, start);
            long to = Math.min(end, start + batch.rowCount());
            if (from < to) {
                out.add(batch.slice(from - start, to - from));
            }
            start += batch.rowCount();
        }
        return new Table(schema, out);
    }

    /**
     * A reader over the batches, for code that takes one (writers, exporters).
     *
     * @return a reader of this table's schema and batches; closing it does nothing
     */
    public RecordBatchReader reader() {
        Iterator<RecordBatch> it = batches.iterator();
        return new RecordBatchReader() {
            @Override
            public Schema schema() {
                return schema;
            }

            @Override
            public Optional<RecordBatch> readNext() {
                return it.hasNext() ? Optional.of(it.next()) : Optional.empty();
            }

            @Override
            public void close() {
            }
        };
    }

    /**
     * The batches, in order.
     *
     * @return an iterator over the batches
     */
    @Override
    public Iterator<RecordBatch> iterator() {
        return batches.iterator();
    }

    /**
     * Logical equality: the same schema (dictionary ids aside, see
     * {@link Schema#equalsIgnoringDictionaryIds}) and the same values in every column, however the rows
     * are cut into batches.
     *
     * @param o another object
     * @return whether it is a table with the same schema and values
     */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Table other) || !schema.equalsIgnoringDictionaryIds(other.schema) || rowCount != other.rowCount) {
            return false;
        }
        for (int i = 0; i < columnCount(); i++) {
            if (!column(i).equals(other.column(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return schema.withoutDictionaryIds().hashCode() * 31 + Long.hashCode(rowCount);
    }

    /** The schema, the size, and the first rows of each column. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Table[").append(rowCount).append(rowCount == 1 ? " row, " : " rows, ")
                .append(batches.size()).append(batches.size() == 1 ? " batch]\n" : " batches]\n");
        for (int i = 0; i < columnCount(); i++) {
            sb.append(schema.field(i)).append(" = ").append(column(i).valuesText()).append('\n');
        }
        return sb.toString();
    }
}
