// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.Builders;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Builds a {@link RecordBatch} row by row, or from Java records.
 *
 * <pre>{@code
 * RecordBatch batch = RecordBatchBuilder.of(schema, allocator)
 *         .addRow(1L, "a", LocalDate.of(2024, 1, 1))
 *         .addRow(2L, null, null)
 *         .build();
 * record Trade(long id, String symbol, Instant at, Optional<Double> price) {}
 * RecordBatch trades = RecordBatchBuilder.fromRecords(List.of(new Trade(...)), allocator);
 * }</pre>
 *
 * <p>Values are what {@link ArrayBuilder#appendObject} takes for each field's type (boxed numbers that
 * fit, {@code String}, {@code byte[]}, {@code java.time} values, {@code List}s, {@code Map}s of field
 * name to value for structs); a value of the wrong kind, or a null for a field that is not nullable, is
 * refused naming its row and column. Nulls and the value count are checked before anything is appended;
 * a value refused by its column's builder after earlier columns of the row took theirs leaves the
 * builder refusing any further use (its columns no longer line up): start a new one. Each value is boxed and dispatched: this is the
 * convenient way in, for modest data; the typed builders ({@link Builders}) are the fast way.
 */
public final class RecordBatchBuilder {
    private final Schema schema;
    private final ArrayBuilder[] columns;
    private long rows;
    private String broken;

    private RecordBatchBuilder(Schema schema, BufferAllocator allocator) {
        this.schema = Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(allocator, "allocator");
        this.columns = new ArrayBuilder[schema.fields().size()];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = Builders.of(schema.field(c), allocator);
        }
    }

    /**
     * An empty builder of batches of {@code schema}.
     *
     * @param schema the schema of the batches built
     * @param allocator the memory of the columns
     * @return the builder
     */
    public static RecordBatchBuilder of(Schema schema, BufferAllocator allocator) {
        return new RecordBatchBuilder(schema, allocator);
    }

    /**
     * The batch of the records' values: the schema is {@link Schemas#fromRecord} of the first record's
     * class, each component a column. The components are read by reflection (a boxed value per cell).
     *
     * @param <R> the record type
     * @param records the records, at least one (for an empty list use
     *     {@link #fromRecords(Class, List, BufferAllocator)})
     * @param allocator the memory of the columns
     * @return a batch of one row per record
     * @throws IllegalArgumentException if there are no records
     * @throws QuiverException if a component's type has no Arrow counterpart, or a value does not fit
     */
    public static <R extends Record> RecordBatch fromRecords(List<R> records, BufferAllocator allocator) {
        if (records.isEmpty()) {
            throw new IllegalArgumentException("no records to derive a schema from: give the record class");
        }
        @SuppressWarnings("unchecked")
        Class<R> type = (Class<R>) records.get(0).getClass();
        return fromRecords(type, records, allocator);
    }

    /**
     * The batch of the records' values, with the schema {@link Schemas#fromRecord} of {@code type}.
     *
     * @param <R> the record type
     * @param type the record class
     * @param records the records, possibly none
     * @param allocator the memory of the columns
     * @return a batch of one row per record
     * @throws QuiverException if a component's type has no Arrow counterpart, or a value does not fit
     */
    public static <R extends Record> RecordBatch fromRecords(Class<R> type, List<? extends R> records,
            BufferAllocator allocator) {
        RecordMapping<R> mapping = RecordMapping.of(type);
        RecordBatchBuilder builder = of(mapping.schema(), allocator);
        for (R record : records) {
            builder.addRow(mapping.values(Objects.requireNonNull(record, "record")));
        }
        return builder.build();
    }

    /**
     * The schema of the batches built.
     *
     * @return the schema
     */
    public Schema schema() {
        return schema;
    }

    /**
     * The rows added since the last {@link #build()}.
     *
     * @return the row count
     */
    public long rowCount() {
        return rows;
    }

    /**
     * Appends a row: one value per field, in order, null for a null.
     *
     * @param values the values, in the representation {@link ArrayBuilder#appendObject} takes for each
     *     field's type
     * @return this builder
     * @throws QuiverException if there is not one value per field, or a value is not of a kind its
     *     field's type takes (naming the row, the column and its type)
     * @throws IllegalStateException if an earlier row was refused
     */
    public RecordBatchBuilder addRow(Object... values) {
        checkUsable();
        if (values.length != columns.length) {
            throw new QuiverException("row " + rows + " has " + values.length + " values for the " + columns.length
                    + " fields of " + schema + ": " + Arrays.deepToString(values));
        }
        for (int c = 0; c < columns.length; c++) {
            if (values[c] == null && !schema.field(c).nullable()) {
                refuse(c, false, "null for a field that is not nullable", null);
            }
        }
        for (int c = 0; c < columns.length; c++) {
            Object value = values[c];
            try {
                columns[c].appendObject(value);
            } catch (QuiverException | IllegalArgumentException | IllegalStateException | ClassCastException e) {
                refuse(c, c > 0, describe(value) + " does not fit: " + e.getMessage(), e);
            }
        }
        rows++;
        return this;
    }

    /** Refuses the row for column {@code c}; {@code appended} when columns before it took their values. */
    private void refuse(int c, boolean appended, String why, RuntimeException cause) {
        Field field = schema.field(c);
        String message = "row " + rows + ", column " + field.name() + " (" + field.type()
                + (field.nullable() ? "" : " not null") + "): " + why;
        if (appended) {
            broken = message;
        }
        throw new QuiverException(message, cause);
    }

    private static String describe(Object value) {
        return value.getClass().getSimpleName() + " " + dev.quiver.core.array.Values.format(value);
    }

    private void checkUsable() {
        if (broken != null) {
            throw new IllegalStateException("an earlier row was refused, so its columns no longer line up ("
                    + broken + "): start a new builder");
        }
    }

    /**
     * The batch of the rows added; the builder starts over empty.
     *
     * @return a batch of {@link #rowCount()} rows
     * @throws IllegalStateException if an earlier row was refused
     */
    public RecordBatch build() {
        checkUsable();
        List<Array> out = new ArrayList<>(columns.length);
        for (ArrayBuilder column : columns) {
            out.add(column.build());
        }
        long n = rows;
        rows = 0;
        return new RecordBatch(schema, out, n);
    }
}
