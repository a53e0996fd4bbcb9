package dev.quiver.cli.text;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.Values;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * How one value reads in a table or CSV: strings bare, dates and timestamps in ISO-8601, nested values
 * in the core's notation ({@code [1, 2]}, {@code {a: 1}}), nulls as {@code null}.
 */
public final class CellText {
    private CellText() {
    }

    /** Slot {@code i} of {@code array} as text. */
    public static String of(Array array, long i) {
        if (array.isNull(i)) {
            return "null";
        }
        Object value = array.getObject(i);
        ArrowType type = Types.storage(array.type());
        if (type instanceof ArrowType.Dictionary d) {
            type = Types.storage(d.valueType());
        }
        return switch (type) {
            case ArrowType.Utf8 t -> (String) value;
            case ArrowType.LargeUtf8 t -> (String) value;
            case ArrowType.Utf8View t -> (String) value;
            case ArrowType.Date t when value instanceof Number n -> date(t, n.longValue());
            case ArrowType.Timestamp t when value instanceof Number n -> timestamp(t, n.longValue());
            case ArrowType.Time t when value instanceof Number n -> time(t.unit(), n.longValue());
            default -> Values.format(value);
        };
    }

    private static String date(ArrowType.Date type, long value) {
        long days = type.unit() == DateUnit.DAY ? value : Math.floorDiv(value, 86_400_000L);
        return LocalDate.ofEpochDay(days).toString();
    }

    private static long nanosPer(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> 1_000_000_000L;
            case MILLISECOND -> 1_000_000L;
            case MICROSECOND -> 1_000L;
            case NANOSECOND -> 1L;
        };
    }

    private static String timestamp(ArrowType.Timestamp type, long value) {
        long per = nanosPer(type.unit());
        long perSecond = 1_000_000_000L / per;
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(value, perSecond), Math.floorMod(value, perSecond) * per);
        if (type.timezone() == null || type.timezone().isEmpty()) {
            return DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
        }
        return instant.toString();
    }

    private static String time(TimeUnit unit, long value) {
        long nanos = value * nanosPer(unit);
        if (nanos < 0 || nanos >= 86_400_000_000_000L) {
            return Long.toString(value);
        }
        return DateTimeFormatter.ISO_LOCAL_TIME.format(LocalTime.ofNanoOfDay(nanos));
    }
}
