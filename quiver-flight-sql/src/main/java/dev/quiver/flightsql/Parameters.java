// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.Types;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * The values of a row of bound parameters (a DoPut of a prepared statement) as quiver-duckdb binds them:
 * numbers, booleans, text, bytes and decimals as they are, dates as {@link LocalDate}, times and timestamps
 * as ISO text that DuckDB casts to its placeholder's type. Other types are refused, naming the parameter.
 */
final class Parameters {
    private Parameters() {
    }

    /**
     * The type a prepared statement's parameter schema declares for a parameter DuckDB gives {@code declared}
     * (its Arrow form; {@code null}: DuckDB leaves it open): integers, floating point, booleans, decimals,
     * dates, times and timestamps as they are, text and binary in their plain forms, and text for the rest
     * (an open type, an interval, a UUID, a nested type), which DuckDB casts to the placeholder's type.
     */
    static ArrowType declared(ArrowType declared) {
        return switch (declared) {
            case ArrowType.Int i -> i;
            case ArrowType.FloatingPoint f -> f;
            case ArrowType.Bool b -> b;
            case ArrowType.Decimal d -> d;
            case ArrowType.Date d -> d;
            case ArrowType.Time t -> t;
            case ArrowType.Timestamp t -> t;
            case ArrowType.Binary b -> b;
            case ArrowType.LargeBinary b -> new ArrowType.Binary();
            case ArrowType.BinaryView b -> new ArrowType.Binary();
            default -> new ArrowType.Utf8();
        };
    }

    /** The values of row {@code row}, one per column. */
    static Object[] row(RecordBatch batch, long row) {
        Object[] values = new Object[batch.columnCount()];
        for (int c = 0; c < values.length; c++) {
            values[c] = value(batch.column(c), row, c);
        }
        return values;
    }

    private static Object value(Array column, long row, int index) {
        if (column.isNull(row)) {
            return null;
        }
        ArrowType type = Types.storage(column.type());
        Object v = column.getObject(row);
        return switch (type) {
            case ArrowType.Int i -> v;
            case ArrowType.FloatingPoint f -> v instanceof Number n && !(v instanceof Double) ? (Object) n.doubleValue()
                    : v;
            case ArrowType.Bool b -> v;
            case ArrowType.Utf8 u -> v;
            case ArrowType.LargeUtf8 u -> v;
            case ArrowType.Utf8View u -> v;
            case ArrowType.Binary b -> v;
            case ArrowType.LargeBinary b -> v;
            case ArrowType.BinaryView b -> v;
            case ArrowType.FixedSizeBinary b -> v;
            case ArrowType.Decimal d -> v;
            case ArrowType.Date d -> d.unit() == dev.quiver.core.type.DateUnit.DAY
                    ? LocalDate.ofEpochDay(((Number) v).longValue())
                    : LocalDate.ofEpochDay(Math.floorDiv(((Number) v).longValue(), 86_400_000L));
            case ArrowType.Timestamp t -> {
                Instant instant = instant(((Number) v).longValue(), t.unit());
                yield t.timezone() == null ? instant.atOffset(ZoneOffset.UTC).toLocalDateTime().toString()
                        : instant.toString();
            }
            case ArrowType.Time t -> LocalTime.ofNanoOfDay(Math.multiplyExact(((Number) v).longValue(),
                    t.unit().nanosPerUnit())).toString();
            case ArrowType.Null n -> null;
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "parameter " + (index + 1)
                    + " is of type " + column.type() + ", which this server cannot bind");
        };
    }

    private static Instant instant(long value, TimeUnit unit) {
        long perSecond = unit.perSecond();
        return Instant.ofEpochSecond(Math.floorDiv(value, perSecond),
                Math.floorMod(value, perSecond) * unit.nanosPerUnit());
    }
}
