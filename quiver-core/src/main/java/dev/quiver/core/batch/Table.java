// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.SchemaMismatchException;
import dev.quiver.core.type.UnknownFieldException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
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
 * Table narrow = table.select("id", "name").rename(Map.of("name", "label"));
 * System.out.println(table);                        // an aligned table of the first rows
 * }</pre>
 *
 * <p>The column operations return new tables sharing the batches' columns. The schema of a table's
 * batches must be its own but for dictionary ids (as {@link #equals} compares), and problems throw the
 * same exception types as {@link RecordBatch}: {@link UnknownFieldException} for a name no field has,
 * {@link SchemaMismatchException} naming the first difference of two schemas,
 * {@link IndexOutOfBoundsException} for a position out of range.
 */
public final class Table implements Iterable<RecordBatch> {
    private final Schema schema;
    private final List<RecordBatch> batches;
    private final long rowCount;

    /**
     * A table of {@code batches}, which must all have {@code schema}.
     *
     * @param schema the schema of every batch
     * @param batches the batches, possibly none, each of {@code schema} but perhaps for dictionary ids
     * @throws SchemaMismatchException naming the first difference, when a batch has another schema
     */
    public Table(Schema schema, List<RecordBatch> batches) {
        this.schema = Objects.requireNonNull(schema, "schema");
        this.batches = List.copyOf(batches);
        long rows = 0;
        for (int k = 0; k < this.batches.size(); k++) {
            RecordBatch batch = this.batches.get(k);
            Optional<String> difference = batch.schema().differenceIgnoringDictionaryIds(schema);
            if (difference.isPresent()) {
                throw new SchemaMismatchException("batch " + k + " has schema " + batch.schema()
                        + ", not the table's " + schema, difference.get() + " (batch vs table)");
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
     * The tables' batches one after the other, under the first table's schema. Tables whose schemas
     * differ only in dictionary ids concatenate (they are {@link #equals equal} when their values are).
     * Without dictionary columns nothing is copied; with some, the batches' dictionaries are unified
     * (see {@link #unifyDictionaries()}), so that the table can be written to an IPC file.
     *
     * @param first the first table
     * @param more the others, all with the first one's schema but perhaps for dictionary ids
     * @return a table of all their batches
     * @throws SchemaMismatchException naming the first difference, when a table has another schema
     */
    public static Table concatenate(Table first, Table... more) {
        List<RecordBatch> batches = new ArrayList<>(first.batches);
        for (int k = 0; k < more.length; k++) {
            Table t = more[k];
            Optional<String> difference = t.schema.differenceIgnoringDictionaryIds(first.schema);
            if (difference.isPresent()) {
                throw new SchemaMismatchException("cannot concatenate table " + (k + 1) + " of schema " + t.schema
                        + " to one of " + first.schema, difference.get());
            }
            batches.addAll(t.batches);
        }
        Table out = new Table(first.schema, batches);
        return more.length == 0 ? out : out.unifyDictionaries();
    }

    /**
     * The table with its dictionary columns re-numbered into one growing dictionary per column (see
     * {@link DictionaryUnifier}): each batch's dictionary is the previous one's or extends it, as an IPC
     * file requires (a file carries dictionary deltas, never replacements). Other columns are shared.
     *
     * @return this table when it has no dictionary column, else a table of the same values
     * @throws QuiverException when a column's distinct values do not fit its index type
     */
    public Table unifyDictionaries() {
        DictionaryUnifier unifier = DictionaryUnifier.of(schema, BufferAllocator.managed());
        if (!unifier.hasDictionaries()) {
            return this;
        }
        List<RecordBatch> out = new ArrayList<>(batches.size());
        for (RecordBatch batch : batches) {
            out.add(unifier.unify(batch));
        }
        return new Table(schema, out);
    }

    /**
     * The table as one batch: each column's chunks copied into one array (a dictionary column gets one
     * dictionary of its distinct values), on the garbage-collected allocator. Values go through
     * {@link Array#getObject}, a boxed object each: meant for modest tables.
     *
     * @return a table of at most one batch; this table when it has one already
     */
    public Table combineChunks() {
        return combineChunks(BufferAllocator.managed());
    }

    /**
     * As {@link #combineChunks()}, with memory from {@code allocator}.
     *
     * @param allocator the memory of the combined columns
     * @return a table of at most one batch; this table when it has one already
     */
    public Table combineChunks(BufferAllocator allocator) {
        if (batches.size() <= 1) {
            return this;
        }
        List<Array> columns = new ArrayList<>(columnCount());
        for (int i = 0; i < columnCount(); i++) {
            columns.add(ArrayConcatenation.concatenate(schema.field(i).type(), column(i).chunks(), allocator));
        }
        return new Table(schema, List.of(new RecordBatch(schema, columns, rowCount)));
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
     * @throws UnknownFieldException naming the fields there are, when no field has this name
     */
    public ChunkedArray column(String name) {
        return column(schema.index(name));
    }

    /**
     * The first field with this name.
     *
     * @param name the field's name, compared exactly
     * @return the field
     * @throws UnknownFieldException naming the fields there are, when no field has this name
     */
    public Field field(String name) {
        return schema.field(name);
    }

    /**
     * The columns of the first fields with these names, in the order given (a name may repeat).
     *
     * @param names field names
     * @return a table of those columns, sharing them
     * @throws UnknownFieldException naming the fields there are, when a name is not a field's
     */
    public Table select(String... names) {
        return select(ColumnSelection.indices(schema, names));
    }

    /**
     * The columns at these positions, in the order given (a position may repeat).
     *
     * @param indices 0-based column positions
     * @return a table of those columns, sharing them
     * @throws IndexOutOfBoundsException when a position is not a column's
     */
    public Table select(int... indices) {
        Schema selected = ColumnSelection.select(schema, indices);
        List<RecordBatch> out = new ArrayList<>(batches.size());
        for (RecordBatch batch : batches) {
            out.add(batch.select(indices));
        }
        return new Table(selected, out);
    }

    /**
     * Every column but the first ones with these names.
     *
     * @param names field names
     * @return a table of the other columns, in order
     * @throws UnknownFieldException naming the fields there are, when a name is not a field's
     */
    public Table drop(String... names) {
        return select(ColumnSelection.without(schema, names));
    }

    /**
     * The table with fields renamed: each key of {@code names} is a field name, its value the new name
     * (every field of that name is renamed).
     *
     * @param names old name to new name
     * @return a table of the same columns under the new names
     * @throws UnknownFieldException naming the fields there are, when a key is not a field's name
     */
    public Table rename(Map<String, String> names) {
        Schema renamed = ColumnSelection.rename(schema, names);
        List<RecordBatch> out = new ArrayList<>(batches.size());
        for (RecordBatch batch : batches) {
            out.add(batch.rename(names));
        }
        return new Table(renamed, out);
    }

    /**
     * The table with every field renamed, in order.
     *
     * @param names one new name per column
     * @return a table of the same columns under the new names
     * @throws IllegalArgumentException when there is not one name per column
     */
    public Table rename(String... names) {
        Schema renamed = ColumnSelection.renameAll(schema, names);
        List<RecordBatch> out = new ArrayList<>(batches.size());
        for (RecordBatch batch : batches) {
            out.add(batch.rename(names));
        }
        return new Table(renamed, out);
    }

    /**
     * The table with a column inserted at position {@code i}. The column's chunks need not line up with
     * the batches: where a batch's rows span several chunks, they are copied into one array.
     *
     * @param i the position of the new column, 0 to {@link #columnCount()}
     * @param field the field of the new column
     * @param column the values, of the field's type and of {@link #rowCount()} values
     * @return a table with one more column
     * @throws IndexOutOfBoundsException when {@code i} is out of range
     * @throws SchemaMismatchException when the column's type is not the field's
     * @throws QuiverException when the column's length is not the row count
     */
    public Table addColumn(int i, Field field, ChunkedArray column) {
        Schema added = ColumnSelection.insert(schema, i, field);
        List<Array> pieces = piecesPerBatch(field, column);
        List<RecordBatch> out = new ArrayList<>(batches.size());
        for (int k = 0; k < batches.size(); k++) {
            out.add(batches.get(k).addColumn(i, field, pieces.get(k)));
        }
        return new Table(added, out);
    }

    /**
     * The table with a column of one array inserted at position {@code i}.
     *
     * @param i the position of the new column, 0 to {@link #columnCount()}
     * @param field the field of the new column
     * @param column the values, of the field's type and of {@link #rowCount()} values
     * @return a table with one more column
     * @throws IndexOutOfBoundsException when {@code i} is out of range
     * @throws SchemaMismatchException when the column's type is not the field's
     * @throws QuiverException when the column's length is not the row count
     */
    public Table addColumn(int i, Field field, Array column) {
        return addColumn(i, field, new ChunkedArray(column.type(), List.of(column)));
    }

    /**
     * The table with a column appended after the others.
     *
     * @param field the field of the new column
     * @param column the values, of the field's type and of {@link #rowCount()} values
     * @return a table with one more column
     * @throws SchemaMismatchException when the column's type is not the field's
     * @throws QuiverException when the column's length is not the row count
     */
    public Table addColumn(Field field, ChunkedArray column) {
        return addColumn(columnCount(), field, column);
    }

    /**
     * The table with column {@code i} replaced.
     *
     * @param i the position of the column replaced
     * @param field the field of the new column
     * @param column the values, of the field's type and of {@link #rowCount()} values
     * @return a table with the new column in place of the old
     * @throws IndexOutOfBoundsException when {@code i} is out of range
     * @throws SchemaMismatchException when the column's type is not the field's
     * @throws QuiverException when the column's length is not the row count
     */
    public Table setColumn(int i, Field field, ChunkedArray column) {
        Schema replaced = ColumnSelection.replace(schema, i, field);
        List<Array> pieces = piecesPerBatch(field, column);
        List<RecordBatch> out = new ArrayList<>(batches.size());
        for (int k = 0; k < batches.size(); k++) {
            out.add(batches.get(k).setColumn(i, field, pieces.get(k)));
        }
        return new Table(replaced, out);
    }

    /**
     * The table with column {@code i} replaced by one array.
     *
     * @param i the position of the column replaced
     * @param field the field of the new column
     * @param column the values, of the field's type and of {@link #rowCount()} values
     * @return a table with the new column in place of the old
     * @throws IndexOutOfBoundsException when {@code i} is out of range
     * @throws SchemaMismatchException when the column's type is not the field's
     * @throws QuiverException when the column's length is not the row count
     */
    public Table setColumn(int i, Field field, Array column) {
        return setColumn(i, field, new ChunkedArray(column.type(), List.of(column)));
    }

    /**
     * The table without column {@code i}.
     *
     * @param i the position of the column removed
     * @return a table with one column less
     * @throws IndexOutOfBoundsException when {@code i} is out of range
     */
    public Table removeColumn(int i) {
        Schema removed = ColumnSelection.remove(schema, i);
        List<RecordBatch> out = new ArrayList<>(batches.size());
        for (RecordBatch batch : batches) {
            out.add(batch.removeColumn(i));
        }
        return new Table(removed, out);
    }

    /** The column cut at the batches' row boundaries: one array per batch. */
    private List<Array> piecesPerBatch(Field field, ChunkedArray column) {
        if (!column.type().equals(field.type())) {
            throw new SchemaMismatchException("column " + field.name() + " does not match its field",
                    "type " + column.type() + " vs the field's " + field.type());
        }
        if (column.length() != rowCount) {
            throw new QuiverException("column " + field.name() + " has " + column.length() + " values for a table of "
                    + rowCount + " rows");
        }
        List<Array> out = new ArrayList<>(batches.size());
        long start = 0;
        for (RecordBatch batch : batches) {
            ChunkedArray piece = column.slice(start, batch.rowCount());
            List<Array> chunks = piece.chunks();
            out.add(chunks.isEmpty() ? emptyOf(field.type())
                    : ArrayConcatenation.concatenate(field.type(), chunks, BufferAllocator.managed()));
            start += batch.rowCount();
        }
        return out;
    }

    private static Array emptyOf(ArrowType type) {
        return ArrayConcatenation.concatenate(type, List.of(), BufferAllocator.managed());
    }

    /**
     * A view of row {@code i} with typed getters by column name (see {@link RecordBatch#row}).
     *
     * @param i the 0-based row over all batches
     * @return the row's view in the batch that holds it
     * @throws IndexOutOfBoundsException when there is no such row
     */
    public Row row(long i) {
        Objects.checkIndex(i, rowCount);
        long start = 0;
        for (RecordBatch batch : batches) {
            if (i < start + batch.rowCount()) {
                return batch.row(i - start);
            }
            start += batch.rowCount();
        }
        throw new IndexOutOfBoundsException(i);
    }

    /**
     * The rows as Java records (see {@link RecordBatch#toRecords}).
     *
     * @param <R> the record type
     * @param type the record class
     * @return the records, in row order
     * @throws UnknownFieldException when a component has no column of its name
     * @throws QuiverException when a value does not fit its component, naming the row and column
     */
    public <R extends Record> List<R> toRecords(Class<R> type) {
        RecordMapping<R> mapping = RecordMapping.of(type);
        List<R> out = new ArrayList<>();
        for (RecordBatch batch : batches) {
            out.addAll(mapping.read(batch));
        }
        return out;
    }

    /**
     * The first {@code limit} rows as an aligned table of text (see {@link RecordBatch#toPrettyString}).
     *
     * @param limit the most rows shown, 0 or more
     * @return the text, ending with a line break
     * @throws IllegalArgumentException when {@code limit} is negative
     */
    public String toPrettyString(int limit) {
        return Pretty.rows(schema, batches, rowCount, limit);
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

    /** The size and schema on a first line, then the first rows as an aligned table (see {@link #toPrettyString}). */
    @Override
    public String toString() {
        return "Table[" + rowCount + (rowCount == 1 ? " row, " : " rows, ") + batches.size()
                + (batches.size() == 1 ? " batch] " : " batches] ") + schema + "\n"
                + toPrettyString(Pretty.TO_STRING_ROWS);
    }
}
