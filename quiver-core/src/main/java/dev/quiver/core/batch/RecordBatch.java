// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A schema and one array per field, all of the same length. Immutable; slicing shares memory. */
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
     * @throws QuiverException if the number of columns, a column's type or a column's length does not
     *     match the schema and {@code rowCount}
     * @throws NullPointerException if {@code schema}, {@code columns} or a column is null
     */
    public RecordBatch(Schema schema, List<? extends Array> columns, long rowCount) {
        this.schema = Objects.requireNonNull(schema, "schema");
        this.columns = List.copyOf(columns);
        this.rowCount = rowCount;
        if (this.columns.size() != schema.fields().size()) {
            throw new QuiverException("schema has " + schema.fields().size() + " fields but " + this.columns.size()
                    + " columns were given");
        }
        for (int i = 0; i < this.columns.size(); i++) {
            Array column = this.columns.get(i);
            Field field = schema.field(i);
            if (!Objects.equals(column.type(), field.type())) {
                throw new QuiverException("column " + i + " (" + field.name() + ") has type " + column.type()
                        + " where the schema says " + field.type());
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
     * @throws QuiverException if the number of columns, a column's type or a column's length does not
     *     match the schema and the first column
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
     * @param rows the rows, each a list of one value (or null) per field, in the representation
     *     {@link ArrayBuilder#appendObject} accepts for the field's type
     * @return a batch of {@code rows.size()} rows
     * @throws QuiverException if a row does not have one value per field
     * @throws IllegalArgumentException if a value is not of a kind its field's type accepts
     */
    public static RecordBatch ofRows(Schema schema, List<? extends List<?>> rows) {
        List<ArrayBuilder> builders = new ArrayList<>();
        for (Field field : schema.fields()) {
            builders.add(ArrayBuilder.of(field.type()));
        }
        for (List<?> row : rows) {
            if (row.size() != builders.size()) {
                throw new QuiverException("row " + row + " has " + row.size() + " values for " + builders.size()
                        + " fields");
            }
            for (int c = 0; c < row.size(); c++) {
                builders.get(c).appendObject(row.get(c));
            }
        }
        List<Array> columns = new ArrayList<>();
        for (ArrayBuilder builder : builders) {
            columns.add(builder.build());
        }
        return new RecordBatch(schema, columns, rows.size());
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
     * @throws IllegalArgumentException if no field has this name
     */
    public Array column(String name) {
        int i = schema.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no column named " + name + " in " + schema);
        }
        return columns.get(i);
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

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("RecordBatch[").append(rowCount).append(" rows]\n");
        for (int i = 0; i < columns.size(); i++) {
            sb.append(schema.field(i)).append(" = ").append(columns.get(i)).append('\n');
        }
        return sb.toString();
    }
}
