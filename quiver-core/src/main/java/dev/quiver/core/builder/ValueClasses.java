// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.IntervalDayTime;
import dev.quiver.core.array.IntervalMonthDayNano;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Period;
import java.util.List;
import java.util.Map;

/**
 * Which Java class {@link Array#getObject} uses for the values of each type, so that a plain value can
 * be routed to the union child that would have produced it.
 */
final class ValueClasses {
    private ValueClasses() {
    }

    /** Whether a non-null {@code value} has the class {@code getObject} returns for {@code type}. */
    static boolean isRepresentationOf(ArrowType type, Object value) {
        return switch (type) {
            case ArrowType.Null t -> false;
            case ArrowType.Bool t -> value instanceof Boolean;
            case ArrowType.Int t -> value instanceof Integer ? t.bitWidth() < 32 || t.bitWidth() == 32 && t.signed()
                    : value instanceof Long ? t.bitWidth() == 64 && t.signed() || t.bitWidth() == 32 && !t.signed()
                    : value instanceof BigInteger && t.bitWidth() == 64 && !t.signed();
            case ArrowType.Date t -> value instanceof LocalDate;
            case ArrowType.Time t -> value instanceof LocalTime;
            case ArrowType.Timestamp t -> t.timezone() == null || t.timezone().isEmpty()
                    ? value instanceof LocalDateTime : value instanceof Instant;
            case ArrowType.Duration t -> value instanceof Duration;
            case ArrowType.Interval t -> switch (t.unit()) {
                case YEAR_MONTH -> value instanceof Period;
                case DAY_TIME -> value instanceof IntervalDayTime;
                case MONTH_DAY_NANO -> value instanceof IntervalMonthDayNano;
            };
            case ArrowType.FloatingPoint t -> t.precision().bitWidth() == 64 ? value instanceof Double
                    : value instanceof Float;
            case ArrowType.Decimal t -> value instanceof BigDecimal;
            case ArrowType.FixedSizeBinary t -> value instanceof byte[];
            case ArrowType.Binary t -> value instanceof byte[];
            case ArrowType.LargeBinary t -> value instanceof byte[];
            case ArrowType.BinaryView t -> value instanceof byte[];
            case ArrowType.Utf8 t -> value instanceof String;
            case ArrowType.LargeUtf8 t -> value instanceof String;
            case ArrowType.Utf8View t -> value instanceof String;
            case ArrowType.List t -> value instanceof List;
            case ArrowType.LargeList t -> value instanceof List;
            case ArrowType.ListView t -> value instanceof List;
            case ArrowType.LargeListView t -> value instanceof List;
            case ArrowType.FixedSizeList t -> value instanceof List;
            case ArrowType.Map t -> value instanceof List;
            case ArrowType.Struct t -> value instanceof Map;
            case ArrowType.Union t -> t.fields().stream().anyMatch(f -> isRepresentationOf(f.type(), value));
            case ArrowType.RunEndEncoded t -> isRepresentationOf(t.values().type(), value);
            case ArrowType.Dictionary t -> isRepresentationOf(t.valueType(), value);
            case ArrowType.Extension t -> isRepresentationOf(t.storageType(), value);
        };
    }

    /** Whether {@code type}'s builder takes numbers of any class (integers, floats, decimals). */
    static boolean takesAnyNumber(ArrowType type) {
        return switch (type) {
            case ArrowType.Int t -> true;
            case ArrowType.FloatingPoint t -> true;
            case ArrowType.Decimal t -> true;
            case ArrowType.Date t -> true;
            case ArrowType.Time t -> true;
            case ArrowType.Timestamp t -> true;
            case ArrowType.Duration t -> true;
            case ArrowType.Interval t -> t.unit() == IntervalUnit.YEAR_MONTH;
            case ArrowType.RunEndEncoded t -> takesAnyNumber(t.values().type());
            case ArrowType.Dictionary t -> takesAnyNumber(t.valueType());
            case ArrowType.Extension t -> takesAnyNumber(t.storageType());
            default -> false;
        };
    }
}
