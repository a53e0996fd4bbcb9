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
     * @throws QuiverException if the number of columns, a column's type or a column's length does not
     *     match the schema and the first column
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
            if (!column.type().equals(field.type())) {
                throw new QuiverException("column " + i + " (" + field.name() + ") has type " + column.type()
                        + " where the schema says " + field.type());
            }
            if (column.length() != rowCount) {
                throw new QuiverException("column " + i + " (" + field.name() + ") has " + column.length()
                        + " rows, not " + rowCount);
            }
        }
    }

    public RecordBatch(Schema schema, List<? extends Array> columns) {
        this(schema, columns, columns.isEmpty() ? 0 : columns.get(0).length());
    }

    /**
     * A batch built from rows of plain values (see {@link Array#getObject}), convenient for tests:
     * {@code RecordBatch.ofRows(schema, List.of(List.of(1, "a"), List.of(2, "b")))}.
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

    public Schema schema() {
        return schema;
    }

    public List<Array> columns() {
        return columns;
    }

    public Array column(int i) {
        return columns.get(i);
    }

    /** The column of the first field with this name. */
    public Array column(String name) {
        int i = schema.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no column named " + name + " in " + schema);
        }
        return columns.get(i);
    }

    public long rowCount() {
        return rowCount;
    }

    /** A zero-copy view of {@code length} rows from {@code offset}. */
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

    @Override
    public boolean equals(Object o) {
        return o instanceof RecordBatch other && rowCount == other.rowCount && schema.equals(other.schema)
                && columns.equals(other.columns);
    }

    @Override
    public int hashCode() {
        return schema.hashCode() * 31 + Long.hashCode(rowCount);
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
