// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.SchemaMismatchException;
import dev.quiver.core.type.UnknownFieldException;
import dev.quiver.core.validation.ValidationLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A schema and one array per field, all of the same length. Immutable: the column operations
 * ({@link #select}, {@link #drop}, {@link #rename}, {@link #addColumn}, {@link #setColumn},
 * {@link #removeColumn}) return new batches sharing the columns, and slicing shares memory.
 *
 * <pre>{@code
 * RecordBatch batch = RecordBatchBuilder.of(schema, allocator).addRow(1L, "a").addRow(2L, "b").build();
 * RecordBatch ids = batch.select("id").rename(Map.of("id", "key"));
 * long first = batch.row(0).getLong("id");
 * System.out.println(batch);                  // an aligned table of the first rows
 * }</pre>
 *
 * <p>Problems of one kind throw one exception type here and in {@link Table}: a name no field has,
 * {@link UnknownFieldException} (listing the names there are); a column or schema that does not fit,
 * {@link SchemaMismatchException} or another {@link QuiverException} naming the difference; a position
 * out of range, {@link IndexOutOfBoundsException}.
 */
public final class RecordBatch {
    private final Schema schema;
    private final List<Array> columns;
    private final long rowCount;

    /**
     * A batch of {@code rowCount} rows; the columns are shared, not copied.
     *
     * @param schema the schema, one field per column
     * @param columns one array per field of {@code schema}, in the same order, each of its field's type
     *     and of {@code rowCount} slots
     * @param rowCount the number of rows
     * @throws SchemaMismatchException if the number of columns or a column's type does not match the
     *     schema
     * @throws QuiverException if a column's length is not {@code rowCount}
     * @throws NullPointerException if {@code schema}, {@code columns} or a column is null
     */
    public RecordBatch(Schema schema, List<? extends Array> columns, long rowCount) {
        this.schema = Objects.requireNonNull(schema, "schema");
        this.columns = List.copyOf(columns);
        this.rowCount = rowCount;
        if (this.columns.size() != schema.fields().size()) {
            throw new SchemaMismatchException("columns do not match the schema " + schema, "schema has "
                    + schema.fields().size() + " fields but " + this.columns.size() + " columns were given");
        }
        for (int i = 0; i < this.columns.size(); i++) {
            Array column = this.columns.get(i);
            Field field = schema.field(i);
            if (!Objects.equals(column.type(), field.type())) {
                throw new SchemaMismatchException("column " + i + " (" + field.name() + ") does not match its field",
                        "type " + column.type() + " vs the schema's " + field.type());
            }
            if (column.length() != rowCount) {
                throw new QuiverException("column " + i + " (" + field.name() + ") has " + column.length()
                        + " rows, not " + rowCount);
            }
        }
    }

    /**
     * A batch whose row count is the length of its first column (0 when there are no columns).
     *
     * @param schema the schema, one field per column
     * @param columns one array per field of {@code schema}, in the same order, all of the same length
     * @throws SchemaMismatchException if the number of columns or a column's type does not match the
     *     schema
     * @throws QuiverException if a column's length is not the first column's
     * @throws NullPointerException if {@code schema}, {@code columns} or a column is null
     */
    public RecordBatch(Schema schema, List<? extends Array> columns) {
        this(schema, columns, columns.isEmpty() ? 0 : columns.get(0).length());
    }

    /**
     * A batch built from rows of plain values (see {@link Array#getObject}), convenient for tests:
     * {@code RecordBatch.ofRows(schema, List.of(List.of(1, "a"), List.of(2, "b")))}. The columns are
     * built on the garbage-collected allocator.
     *
     * @param schema the schema of the batch
     * @param rows the rows, each a list of one value per field (null where the field is nullable), in
     *     the representation {@link ArrayBuilder#appendObject} accepts for the field's type
     * @return a batch of {@code rows.size()} rows
     * @throws QuiverException if a row does not have one value per field, or a value is not of a kind
     *     its field's type accepts, or is null for a field that is not nullable (naming the row and
     *     column; see {@link RecordBatchBuilder#addRow})
     */
    public static RecordBatch ofRows(Schema schema, List<? extends List<?>> rows) {
        RecordBatchBuilder builder = RecordBatchBuilder.of(schema, BufferAllocator.managed());
        for (List<?> row : rows) {
            builder.addRow(row.toArray());
        }
        return builder.build();
    }

    /**
     * The schema of this batch.
     *
     * @return the schema, one field per column
     */
    public Schema schema() {
        return schema;
    }

    /**
     * The columns, in the order of the schema's fields.
     *
     * @return an unmodifiable list of arrays, each of {@link #rowCount()} slots
     */
    public List<Array> columns() {
        return columns;
    }

    /**
     * The column of a field, by position.
     *
     * @param i the 0-based index of the field in the schema
     * @return the column
     * @throws IndexOutOfBoundsException if there is no field at {@code i}
     */
    public Array column(int i) {
        return columns.get(i);
    }

    /**
     * The column of the first field with this name.
     *
     * @param name the field's name, compared exactly
     * @return the column
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     */
    public Array column(String name) {
        return columns.get(schema.index(name));
    }

    /**
     * The first field with this name.
     *
     * @param name the field's name, compared exactly
     * @return the field
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     */
    public Field field(String name) {
        return schema.field(name);
    }

    /**
     * The number of columns.
     *
     * @return the schema's field count
     */
    public int columnCount() {
        return columns.size();
    }

    /**
     * The columns of the first fields with these names, in the order given (a name may repeat).
     *
     * @param names field names
     * @return a batch of those columns, sharing them, with this schema's metadata
     * @throws UnknownFieldException naming the fields there are, if a name is not a field's
     */
    public RecordBatch select(String... names) {
        return select(ColumnSelection.indices(schema, names));
    }

    /**
     * The columns at these positions, in the order given (a position may repeat).
     *
     * @param indices 0-based column positions
     * @return a batch of those columns, sharing them, with this schema's metadata
     * @throws IndexOutOfBoundsException if a position is not a column's
     */
    public RecordBatch select(int... indices) {
        Schema selected = ColumnSelection.select(schema, indices);
        List<Array> out = new ArrayList<>(indices.length);
        for (int i : indices) {
            out.add(columns.get(i));
        }
        return new RecordBatch(selected, out, rowCount);
    }

    /**
     * Every column but the first ones with these names.
     *
     * @param names field names
     * @return a batch of the other columns, in order
     * @throws UnknownFieldException naming the fields there are, if a name is not a field's
     */
    public RecordBatch drop(String... names) {
        return select(ColumnSelection.without(schema, names));
    }

    /**
     * The batch with fields renamed: each key of {@code names} is a field name, its value the new name
     * (every field of that name is renamed).
     *
     * @param names old name to new name
     * @return a batch of the same columns under the new names
     * @throws UnknownFieldException naming the fields there are, if a key is not a field's name
     */
    public RecordBatch rename(Map<String, String> names) {
        return new RecordBatch(ColumnSelection.rename(schema, names), columns, rowCount);
    }

    /**
     * The batch with every field renamed, in order (as pyarrow's {@code rename_columns} with a list).
     *
     * @param names one new name per column
     * @return a batch of the same columns under the new names
     * @throws IllegalArgumentException if there is not one name per column
     */
    public RecordBatch rename(String... names) {
        return new RecordBatch(ColumnSelection.renameAll(schema, names), columns, rowCount);
    }

    /**
     * The batch with a column inserted at position {@code i}.
     *
     * @param i the position of the new column, 0 to {@link #columnCount()}
     * @param field the field of the new column
     * @param column the values, of the field's type and of {@link #rowCount()} slots
     * @return a batch with one more column
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     * @throws SchemaMismatchException if the column's type is not the field's
     * @throws QuiverException if the column's length is not the row count
     */
    public RecordBatch addColumn(int i, Field field, Array column) {
        List<Array> out = new ArrayList<>(columns);
        Schema added = ColumnSelection.insert(schema, i, field);
        out.add(i, column);
        return new RecordBatch(added, out, rowCount);
    }

    /**
     * The batch with a column appended after the others.
     *
     * @param field the field of the new column
     * @param column the values, of the field's type and of {@link #rowCount()} slots
     * @return a batch with one more column
     * @throws SchemaMismatchException if the column's type is not the field's
     * @throws QuiverException if the column's length is not the row count
     */
    public RecordBatch addColumn(Field field, Array column) {
        return addColumn(columns.size(), field, column);
    }

    /**
     * The batch with column {@code i} replaced.
     *
     * @param i the position of the column replaced
     * @param field the field of the new column
     * @param column the values, of the field's type and of {@link #rowCount()} slots
     * @return a batch with the new column in place of the old
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     * @throws SchemaMismatchException if the column's type is not the field's
     * @throws QuiverException if the column's length is not the row count
     */
    public RecordBatch setColumn(int i, Field field, Array column) {
        List<Array> out = new ArrayList<>(columns);
        Schema replaced = ColumnSelection.replace(schema, i, field);
        out.set(i, column);
        return new RecordBatch(replaced, out, rowCount);
    }

    /**
     * The batch without column {@code i}.
     *
     * @param i the position of the column removed
     * @return a batch with one column less
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public RecordBatch removeColumn(int i) {
        Schema removed = ColumnSelection.remove(schema, i);
        List<Array> out = new ArrayList<>(columns);
        out.remove(i);
        return new RecordBatch(removed, out, rowCount);
    }

    /**
     * A view of row {@code i} with typed getters by column name: {@code batch.row(0).getLong("id")}.
     *
     * @param i the 0-based row
     * @return the row's view, reading the columns when asked
     * @throws IndexOutOfBoundsException if there is no such row
     */
    public Row row(long i) {
        return new Row(this, Objects.checkIndex(i, rowCount));
    }

    /**
     * The rows as Java records, one per row: each record component takes the column of its name
     * (see {@link Schemas#fromRecord} for the types), through the canonical constructor by reflection.
     * A boxed value per cell: for moving modest data into Java objects, not for a hot loop.
     *
     * @param <R> the record type
     * @param type the record class, public or in a package open to Quiver
     * @return the records, in row order
     * @throws UnknownFieldException if a component has no column of its name
     * @throws QuiverException if a value does not fit its component (a null for a primitive, another
     *     type), naming the row and column
     */
    public <R extends Record> List<R> toRecords(Class<R> type) {
        return RecordMapping.of(type).read(this);
    }

    /**
     * The first {@code limit} rows as an aligned table of text (a header of field names, a rule, one
     * line per row, numbers on the right; dates, timestamps and nested values readable), and a line
     * counting the rows not shown.
     *
     * @param limit the most rows shown, 0 or more
     * @return the text, ending with a line break
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    public String toPrettyString(int limit) {
        return Pretty.rows(schema, List.of(this), rowCount, limit);
    }

    /**
     * The number of rows, which is the length of every column.
     *
     * @return the row count, 0 or more
     */
    public long rowCount() {
        return rowCount;
    }

    /**
     * A zero-copy view of {@code length} rows from {@code offset}: every column sliced alike.
     *
     * @param offset the first row of the view, 0-based
     * @param length the number of rows of the view
     * @return a batch of {@code length} rows sharing this batch's memory
     * @throws IndexOutOfBoundsException if the rows are not all within this batch
     */
    public RecordBatch slice(long offset, long length) {
        List<Array> sliced = new ArrayList<>(columns.size());
        for (Array column : columns) {
            sliced.add(column.slice(offset, length));
        }
        return new RecordBatch(schema, sliced, length);
    }

    /**
     * Checks every column at {@code level} (see {@link Array#validate(ValidationLevel)}).
     *
     * @param level how much to check
     * @throws dev.quiver.core.validation.ValidationException naming the first broken rule, in the first
     *     column that breaks one
     */
    public void validate(ValidationLevel level) {
        for (Array column : columns) {
            column.validate(level);
        }
    }

    /**
     * The shorthand for {@link #validate(ValidationLevel) validate(ValidationLevel.FULL)}.
     *
     * @throws dev.quiver.core.validation.ValidationException naming the first broken rule, in the first
     *     column that breaks one
     */
    public void validateFull() {
        validate(ValidationLevel.FULL);
    }

    /**
     * Value equality: the same schema (dictionary ids aside, see
     * {@link Schema#equalsIgnoringDictionaryIds}), row count and column values (as {@link Array#equals}
     * compares them, whatever the buffers' layout).
     *
     * @param o another object
     * @return whether it is a batch with the same schema and values
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof RecordBatch other && rowCount == other.rowCount
                && schema.equalsIgnoringDictionaryIds(other.schema)
                && columns.equals(other.columns);
    }

    @Override
    public int hashCode() {
        return schema.withoutDictionaryIds().hashCode() * 31 + Long.hashCode(rowCount);
    }

    /** The size and schema on a first line, then the first rows as an aligned table (see {@link #toPrettyString}). */
    @Override
    public String toString() {
        return "RecordBatch[" + rowCount + (rowCount == 1 ? " row] " : " rows] ") + schema + "\n"
                + toPrettyString(Pretty.TO_STRING_ROWS);
    }
}
