// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.type.UnknownFieldException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;

/**
 * One row of a {@link RecordBatch}, read by column name or position with typed getters:
 * {@code batch.row(i).getLong("id")}, {@code row.getString("name")}. A view: nothing is copied until a
 * getter runs, which finds the column (a scan of the field names) and boxes the value as
 * {@link Array#getObject} does, so it suits reading some rows, not a hot loop over all of them (read
 * the typed arrays for that). Primitive getters refuse a null value; the object getters return null.
 */
public final class Row {
    private final RecordBatch batch;
    private final long index;

    Row(RecordBatch batch, long index) {
        this.batch = batch;
        this.index = index;
    }

    /**
     * The position of this row in its batch.
     *
     * @return the 0-based row index
     */
    public long index() {
        return index;
    }

    /**
     * Whether the value of a column is null.
     *
     * @param column the column's field name
     * @return whether it is null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     */
    public boolean isNull(String column) {
        return batch.column(column).isNull(index);
    }

    /**
     * The value of a column as {@link Array#getObject} gives it.
     *
     * @param column the column's field name
     * @return the value, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     */
    public Object get(String column) {
        return batch.column(column).getObject(index);
    }

    /**
     * The value of a column by position, as {@link Array#getObject} gives it.
     *
     * @param column the 0-based column position
     * @return the value, or null
     * @throws IndexOutOfBoundsException if there is no such column
     */
    public Object get(int column) {
        return batch.column(column).getObject(index);
    }

    /**
     * The value of a column as an instance of {@code type}.
     *
     * @param <T> the class asked for
     * @param column the column's field name
     * @param type the class of the value ({@code String.class}, {@code LocalDate.class}, ...)
     * @return the value, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is of another class
     */
    public <T> T get(String column, Class<T> type) {
        Object value = get(column);
        if (value != null && !type.isInstance(value)) {
            throw new QuiverException(where(column) + " holds " + value.getClass().getSimpleName() + " " + value
                    + ", not " + type.getSimpleName());
        }
        return type.cast(value);
    }

    /**
     * An integer column's value (any width, signed or not as long as it fits).
     *
     * @param column the column's field name
     * @return the value
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is null, not an integer or out of the long range
     */
    public long getLong(String column) {
        Object value = notNull(column);
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof java.math.BigInteger big && big.bitLength() < 64) {
            return big.longValue();
        }
        throw notA(column, value, "long");
    }

    /**
     * An integer column's value that fits an int.
     *
     * @param column the column's field name
     * @return the value
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is null, not an integer or out of the int range
     */
    public int getInt(String column) {
        long value = getLong(column);
        if (value != (int) value) {
            throw new QuiverException(where(column) + " holds " + value + ", out of the int range");
        }
        return (int) value;
    }

    /**
     * A number column's value as a double (floating point of any width; integers converted).
     *
     * @param column the column's field name
     * @return the value
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is null or not a number
     */
    public double getDouble(String column) {
        Object value = notNull(column);
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        throw notA(column, value, "double");
    }

    /**
     * A boolean column's value.
     *
     * @param column the column's field name
     * @return the value
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is null or not a boolean
     */
    public boolean getBoolean(String column) {
        Object value = notNull(column);
        if (value instanceof Boolean b) {
            return b;
        }
        throw notA(column, value, "boolean");
    }

    /**
     * A string column's value.
     *
     * @param column the column's field name
     * @return the value, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is not a string
     */
    public String getString(String column) {
        return get(column, String.class);
    }

    /**
     * A binary column's value.
     *
     * @param column the column's field name
     * @return a copy of the bytes, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is not binary
     */
    public byte[] getBytes(String column) {
        return get(column, byte[].class);
    }

    /**
     * A decimal column's value.
     *
     * @param column the column's field name
     * @return the value, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is not a decimal
     */
    public BigDecimal getDecimal(String column) {
        return get(column, BigDecimal.class);
    }

    /**
     * A date column's value.
     *
     * @param column the column's field name
     * @return the value, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is not a date
     */
    public LocalDate getDate(String column) {
        return get(column, LocalDate.class);
    }

    /**
     * A time-of-day column's value.
     *
     * @param column the column's field name
     * @return the value, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is not a time of day
     */
    public LocalTime getTime(String column) {
        return get(column, LocalTime.class);
    }

    /**
     * A timestamp column's value, of a timestamp with a time zone.
     *
     * @param column the column's field name
     * @return the instant, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is not an instant (a timestamp without zone is a
     *     {@link #getDateTime date-time})
     */
    public Instant getInstant(String column) {
        return get(column, Instant.class);
    }

    /**
     * A timestamp column's value, of a timestamp without time zone.
     *
     * @param column the column's field name
     * @return the date-time, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is not a date-time (a timestamp with a zone is an
     *     {@link #getInstant instant})
     */
    public LocalDateTime getDateTime(String column) {
        return get(column, LocalDateTime.class);
    }

    /**
     * A duration column's value.
     *
     * @param column the column's field name
     * @return the value, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is not a duration
     */
    public Duration getDuration(String column) {
        return get(column, Duration.class);
    }

    /**
     * A list column's value.
     *
     * @param column the column's field name
     * @return the elements as {@link Array#getObject} gives them, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is not a list
     */
    public List<?> getList(String column) {
        return get(column, List.class);
    }

    /**
     * A struct or map column's value.
     *
     * @param column the column's field name
     * @return field name (or key) to value, or null
     * @throws UnknownFieldException naming the fields there are, if no field has this name
     * @throws QuiverException if the value is not a struct
     */
    public Map<?, ?> getMap(String column) {
        return get(column, Map.class);
    }

    private Object notNull(String column) {
        Object value = get(column);
        if (value == null) {
            throw new QuiverException(where(column) + " is null");
        }
        return value;
    }

    private QuiverException notA(String column, Object value, String what) {
        return new QuiverException(where(column) + " holds " + value.getClass().getSimpleName() + " " + value
                + ", not a " + what);
    }

    private String where(String column) {
        return "column " + column + " (" + batch.field(column).type() + ") at row " + index;
    }

    /** The row's values as text, {@code {id: 1, name: a}}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int c = 0; c < batch.columnCount(); c++) {
            sb.append(c == 0 ? "" : ", ").append(batch.schema().field(c).name()).append(": ")
                    .append(dev.quiver.core.array.Values.format(get(c)));
        }
        return sb.append('}').toString();
    }
}
