// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.text;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.BaseListArray;
import dev.quiver.core.array.BinaryViewArray;
import dev.quiver.core.array.DateArray;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.DurationArray;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.FixedSizeBinaryArray;
import dev.quiver.core.array.IntervalYearMonthArray;
import dev.quiver.core.array.MapArray;
import dev.quiver.core.array.RunEndEncodedArray;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.array.TimeArray;
import dev.quiver.core.array.TimestampArray;
import dev.quiver.core.array.UnionArray;
import dev.quiver.core.array.Values;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.List;

/**
 * How one value reads in a table or CSV: strings bare, dates and timestamps in ISO-8601 (the raw count
 * and its unit when out of the range of {@code java.time}), decimals plain (in scientific notation when
 * the plain form would be long), nested values in the core's notation ({@code [1, 2]}, {@code {a: 1}},
 * strings quoted inside them), nulls (a null dictionary value too) as {@code null}. Any bit pattern a
 * type allows prints; text past a given length is not built.
 */
public final class CellText {
    private static final long MIN_EPOCH_SECOND = LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC);
    private static final long MAX_EPOCH_SECOND = LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC);
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    private final StringBuilder out = new StringBuilder();
    private final int limit;

    private CellText(int limit) {
        this.limit = limit;
    }

    /**
     * Slot {@code i} of {@code array} as a table shows it: built up to a little past
     * {@link TextTable#MAX_CELL} characters, where the table cuts it.
     *
     * @param array the column
     * @param i the slot
     * @return the text ({@code "null"} for a null value), perhaps longer than a cell
     */
    public static String of(Array array, long i) {
        return of(array, i, TextTable.MAX_CELL);
    }

    /**
     * Slot {@code i} of {@code array} as text, built only up to a little past {@code limit} characters:
     * a result longer than {@code limit} is the start of a longer text.
     *
     * @param array the column
     * @param i the slot
     * @param limit the length past which the text is not built
     * @return the text, or its start when longer than {@code limit}
     */
    public static String of(Array array, long i, int limit) {
        if (!array.isNull(i)) {
            // The common cells, without building: a scalar, or a string of no more bytes than the limit.
            if (isScalar(array.type())) {
                String text = scalar(array, i);
                if (text.length() <= limit) {
                    return text;
                }
            } else if (array instanceof VarBinaryArray v && v.isUtf8() && v.valueLength(i) <= limit) {
                return v.getString(i);
            }
        }
        CellText text = new CellText(limit);
        text.value(array, i, false);
        return text.out.toString();
    }

    /**
     * Whether slot {@code i} holds no value: a null slot, or one whose dictionary value is null.
     *
     * @param array the column
     * @param i the slot
     * @return true when there is no value to print
     */
    public static boolean isNull(Array array, long i) {
        return switch (array) {
            case DictionaryArray d -> d.isNull(i) || isNull(d.dictionary(), d.getIndex(i));
            case ExtensionArray e -> isNull(e.storage(), i);
            case RunEndEncodedArray r -> isNull(r.values(), r.physicalIndex(i));
            case UnionArray u -> isNull(u.child(u.childIndex(i)), u.valueOffset(i));
            default -> array.isNull(i);
        };
    }

    private boolean full() {
        return out.length() > limit;
    }

    private void append(String text) {
        int room = limit + 1 - out.length();
        out.append(text, 0, Math.min(text.length(), Math.max(room, 0)));
    }

    private void value(Array array, long i, boolean nested) {
        if (full()) {
            return;
        }
        if (array.isNull(i)) {
            append("null");
            return;
        }
        switch (array) {
            case DictionaryArray d -> value(d.dictionary(), d.getIndex(i), nested);
            case ExtensionArray e -> value(e.storage(), i, nested);
            case RunEndEncodedArray r -> value(r.values(), r.physicalIndex(i), nested);
            case UnionArray u -> value(u.child(u.childIndex(i)), u.valueOffset(i), nested);
            case MapArray m -> entries(m, i);
            case BaseListArray l -> list(l, i);
            case StructArray s -> struct(s, i);
            case VarBinaryArray v -> bytes(v.getSegment(i), v.isUtf8(), nested);
            case BinaryViewArray v -> bytes(v.getSegment(i), v.isUtf8(), nested);
            case FixedSizeBinaryArray f -> bytes(f.getSegment(i), false, nested);
            case DecimalArray d -> append(Values.format(d.getBigDecimal(i)));
            default -> append(scalar(array, i));
        }
    }

    private void list(BaseListArray list, long i) {
        append("[");
        long start = list.valueOffset(i);
        for (long k = 0, n = list.valueLength(i); k < n && !full(); k++) {
            append(k == 0 ? "" : ", ");
            value(list.values(), start + k, true);
        }
        append("]");
    }

    private void entries(MapArray map, long i) {
        append("[");
        long start = map.valueOffset(i);
        for (long k = 0, n = map.valueLength(i); k < n && !full(); k++) {
            append(k == 0 ? "" : ", ");
            value(map.keys(), start + k, true);
            append(": ");
            value(map.items(), start + k, true);
        }
        append("]");
    }

    private void struct(StructArray struct, long i) {
        append("{");
        List<Field> fields = struct.fields();
        for (int k = 0; k < fields.size() && !full(); k++) {
            append(k == 0 ? "" : ", ");
            append(fields.get(k).name());
            append(": ");
            value(struct.field(k), i, true);
        }
        append("}");
    }

    /** Strings bare at the top and quoted inside nested values (as the core prints them); bytes in hex. */
    private void bytes(MemorySegment value, boolean utf8, boolean nested) {
        long room = Math.max(0, limit + 1 - out.length());
        if (utf8) {
            // A UTF-16 char takes at most three bytes: such a prefix decodes to more chars than there is room.
            MemorySegment prefix = value.asSlice(0, Math.min(value.byteSize(), 3 * (room + 2)));
            String text = new String(prefix.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
            append(nested ? Values.format(text) : text);
        } else {
            MemorySegment prefix = value.asSlice(0, Math.min(value.byteSize(), room / 2 + 1));
            append("0x" + HEX.formatHex(prefix.toArray(ValueLayout.JAVA_BYTE)));
        }
    }

    /** Types whose arrays hold one number (or two, for intervals) per slot. */
    private static boolean isScalar(ArrowType type) {
        return switch (type) {
            case ArrowType.Int t -> true;
            case ArrowType.FloatingPoint t -> true;
            case ArrowType.Bool t -> true;
            case ArrowType.Date t -> true;
            case ArrowType.Time t -> true;
            case ArrowType.Timestamp t -> true;
            case ArrowType.Duration t -> true;
            case ArrowType.Interval t -> true;
            default -> false;
        };
    }

    /** Temporal values print from their raw counts, so that values beyond java.time's range still print. */
    private static String scalar(Array array, long i) {
        return switch (array) {
            case DateArray a -> date(((ArrowType.Date) a.type()).unit(), a.get(i));
            case TimestampArray a -> timestamp((ArrowType.Timestamp) a.type(), a.get(i));
            case TimeArray a -> time(a.unit(), a.get(i));
            case DurationArray a -> Long.toString(a.get(i));
            case IntervalYearMonthArray a -> Integer.toString(a.get(i));
            default -> Values.format(array.getObject(i));
        };
    }

    /** Every date32 and date64 value is within {@link LocalDate}'s range (about a billion years). */
    private static String date(DateUnit unit, long value) {
        if (unit == DateUnit.DAY) {
            return LocalDate.ofEpochDay(value).toString();
        }
        long days = Math.floorDiv(value, MILLIS_PER_DAY);
        long millis = Math.floorMod(value, MILLIS_PER_DAY);
        LocalDate date = LocalDate.ofEpochDay(days);
        // date64 should be a whole number of days; a remainder shows as a time rather than vanishing.
        return millis == 0 ? date.toString()
                : DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(date.atTime(LocalTime.ofNanoOfDay(millis * 1_000_000L)));
    }

    private static String timestamp(ArrowType.Timestamp type, long value) {
        long perSecond = type.unit().perSecond();
        long seconds = Math.floorDiv(value, perSecond);
        if (seconds < MIN_EPOCH_SECOND || seconds > MAX_EPOCH_SECOND) {
            return value + " " + type.unit().symbol() + " since epoch";
        }
        Instant instant = Instant.ofEpochSecond(seconds, Math.floorMod(value, perSecond) * (1_000_000_000L / perSecond));
        if (type.timezone() == null || type.timezone().isEmpty()) {
            return DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
        }
        return instant.toString();
    }

    /** A time of day; a value outside the day (the spec allows none) prints as its count and unit. */
    private static String time(TimeUnit unit, long value) {
        long perSecond = unit.perSecond();
        if (value < 0 || value >= 86_400L * perSecond) {
            return value + " " + unit.symbol();
        }
        long nanos = value * (1_000_000_000L / perSecond);
        return DateTimeFormatter.ISO_LOCAL_TIME.format(LocalTime.ofNanoOfDay(nanos));
    }
}
