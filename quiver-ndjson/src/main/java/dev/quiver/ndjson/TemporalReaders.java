// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.QuiverException;
import dev.quiver.core.array.IntervalDayTime;
import dev.quiver.core.array.IntervalMonthDayNano;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.DateBuilder;
import dev.quiver.core.builder.DurationBuilder;
import dev.quiver.core.builder.TimeBuilder;
import dev.quiver.core.builder.TimestampBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.time.Period;
import java.time.format.DateTimeParseException;

/**
 * The readers of temporal fields: ISO 8601 strings (see {@link IsoTemporal}), or JSON integers taken as
 * the stored count of the type's unit. Intervals are objects of their components, year-month intervals
 * also ISO 8601 periods ({@code P1Y2M}).
 */
final class TemporalReaders {
    private TemporalReaders() {
    }

    /** The shared base: null handling and wrapping of the builders' range checks. */
    private abstract static class LongReader extends ValueReader {
        final IsoTemporal.Parsed parsed = new IsoTemporal.Parsed();
        /** Whether the last {@link #parse} succeeded. */
        private boolean parsedOk;
        private final ArrayBuilder builder;
        private final ArrowType type;

        LongReader(String path, ArrowType type, ArrayBuilder builder) {
            super(path);
            this.type = type;
            this.builder = builder;
        }

        @Override
        final void read(JsonParser p, JsonToken t) throws IOException {
            long value;
            if (t == JsonToken.VALUE_NULL) {
                builder.appendNull();
                return;
            } else if (t == JsonToken.VALUE_NUMBER_INT) {
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    throw failure(p, "the integer " + p.getText() + " is outside the range of " + type, null);
                }
                value = p.getLongValue();
            } else if (t == JsonToken.VALUE_STRING) {
                try {
                    value = parse(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
                } catch (ArithmeticException e) {
                    throw failure(p, "the value \"" + p.getText() + "\" does not fit " + type + ": " + e.getMessage(),
                            e);
                }
                if (!parsedOk) {
                    throw mismatch(p, t, expected() + " (" + type + ")");
                }
            } else {
                throw mismatch(p, t, expected() + " (" + type + ")");
            }
            try {
                append(value);
            } catch (QuiverException e) {
                throw failure(p, "the value " + p.getText() + " does not fit " + type + ": " + e.getMessage(), e);
            }
        }

        /** The count of the unit that the text denotes, through {@link #ok} or {@link #fail}. */
        abstract long parse(char[] text, int offset, int length);

        abstract String expected();

        abstract void append(long value);

        @Override
        final void appendNull() {
            builder.appendNull();
        }

        final long fail() {
            parsedOk = false;
            return Long.MIN_VALUE;
        }

        final long ok(long value) {
            parsedOk = true;
            return value;
        }
    }

    /** date32 (days) and date64 (milliseconds): {@code YYYY-MM-DD}. */
    static final class DateReader extends LongReader {
        private final DateBuilder builder;
        private final boolean days;

        DateReader(String path, ArrowType.Date type, DateBuilder builder) {
            super(path, type, builder);
            this.builder = builder;
            this.days = type.unit() == DateUnit.DAY;
        }

        @Override
        long parse(char[] text, int offset, int length) {
            if (!IsoTemporal.parse(text, offset, length, parsed) || parsed.hasOffset) {
                return fail();
            }
            if (days) {
                return parsed.hasTime ? fail() : ok(parsed.days);
            }
            return ok(IsoTemporal.toUnits(parsed.epochSecond(), parsed.nanos, TimeUnit.MILLISECOND));
        }

        @Override
        String expected() {
            return "an ISO 8601 date";
        }

        @Override
        void append(long value) {
            builder.append(value);
        }
    }

    /** Times of day: {@code HH:MM:SS[.F…]}. */
    static final class TimeReader extends LongReader {
        private final ArrowType.Time type;
        private final TimeBuilder builder;

        TimeReader(String path, ArrowType.Time type, TimeBuilder builder) {
            super(path, type, builder);
            this.type = type;
            this.builder = builder;
        }

        @Override
        long parse(char[] text, int offset, int length) {
            parsed.nanos = 0;
            if (IsoTemporal.parseTime(text, offset, offset + length, parsed) != offset + length) {
                return fail();
            }
            return ok(IsoTemporal.toUnits(parsed.secondOfDay, parsed.nanos, type.unit()));
        }

        @Override
        String expected() {
            return "an ISO 8601 time of day";
        }

        @Override
        void append(long value) {
            builder.append(value);
        }
    }

    /**
     * Timestamps: an ISO 8601 date-time (or date, at midnight). With a time zone, the instant: an offset is
     * applied, text without one is UTC. Without a time zone, the local date-time: text with an offset is
     * refused.
     */
    static final class TimestampReader extends LongReader {
        private final ArrowType.Timestamp type;
        private final TimestampBuilder builder;
        private final boolean zoned;

        TimestampReader(String path, ArrowType.Timestamp type, TimestampBuilder builder) {
            super(path, type, builder);
            this.type = type;
            this.builder = builder;
            this.zoned = type.timezone() != null && !type.timezone().isEmpty();
        }

        @Override
        long parse(char[] text, int offset, int length) {
            if (!IsoTemporal.parse(text, offset, length, parsed) || (parsed.hasOffset && !zoned)) {
                return fail();
            }
            return ok(IsoTemporal.toUnits(parsed.epochSecond(), parsed.nanos, type.unit()));
        }

        @Override
        String expected() {
            return zoned ? "an ISO 8601 date-time" : "an ISO 8601 date-time without offset";
        }

        @Override
        void append(long value) {
            builder.append(value);
        }
    }

    /** Durations: an ISO 8601 duration of hours, minutes and seconds ({@code PT1H2.5S}). */
    static final class DurationReader extends LongReader {
        private final ArrowType.Duration type;
        private final DurationBuilder builder;

        DurationReader(String path, ArrowType.Duration type, DurationBuilder builder) {
            super(path, type, builder);
            this.type = type;
            this.builder = builder;
        }

        @Override
        long parse(char[] text, int offset, int length) {
            Duration d;
            try {
                d = Duration.parse(new String(text, offset, length));
            } catch (DateTimeParseException e) {
                return fail();
            }
            return ok(IsoTemporal.toUnits(d.getSeconds(), d.getNano(), type.unit()));
        }

        @Override
        String expected() {
            return "an ISO 8601 duration";
        }

        @Override
        void append(long value) {
            builder.append(value);
        }
    }

    /**
     * Intervals: year-month as an ISO 8601 period ({@code P1Y2M}) or a count of months; day-time as
     * {@code {"days": d, "milliseconds": ms}}; month-day-nano as
     * {@code {"months": m, "days": d, "nanoseconds": ns}}.
     */
    static final class IntervalReader extends ValueReader {
        private final ArrowType.Interval type;
        private final ArrayBuilder builder;

        IntervalReader(String path, ArrowType.Interval type, ArrayBuilder builder) {
            super(path);
            this.type = type;
            this.builder = builder;
        }

        @Override
        void read(JsonParser p, JsonToken t) throws IOException {
            if (t == JsonToken.VALUE_NULL) {
                builder.appendNull();
                return;
            }
            Object value = switch (type.unit()) {
                case YEAR_MONTH -> months(p, t);
                case DAY_TIME -> {
                    long[] c = components(p, t, "days", "milliseconds");
                    yield new IntervalDayTime(toInt(p, c[0]), toInt(p, c[1]));
                }
                case MONTH_DAY_NANO -> {
                    long[] c = components(p, t, "months", "days", "nanoseconds");
                    yield new IntervalMonthDayNano(toInt(p, c[0]), toInt(p, c[1]), c[2]);
                }
            };
            builder.appendObject(value);
        }

        private Object months(JsonParser p, JsonToken t) throws IOException {
            if (t == JsonToken.VALUE_NUMBER_INT) {
                return toInt(p, p.getLongValue());
            }
            if (t == JsonToken.VALUE_STRING) {
                try {
                    return toInt(p, Period.parse(p.getText()).toTotalMonths());
                } catch (DateTimeParseException e) {
                    throw mismatch(p, t, "an ISO 8601 period of years and months");
                }
            }
            throw mismatch(p, t, "an ISO 8601 period of years and months");
        }

        private long[] components(JsonParser p, JsonToken t, String... names) throws IOException {
            if (t != JsonToken.START_OBJECT) {
                throw mismatch(p, t, "an object of " + String.join(", ", names));
            }
            long[] values = new long[names.length];
            JsonToken next;
            while ((next = p.nextToken()) == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                int k = Arrays.asList(names).indexOf(name);
                JsonToken v = p.nextToken();
                if (k < 0 || v != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    throw mismatch(p, v, "an object of the integers " + String.join(", ", names) + " (key " + name + ")");
                }
                values[k] = p.getLongValue();
            }
            return values;
        }

        private int toInt(JsonParser p, long value) {
            if (value != (int) value) {
                throw failure(p, "the component " + value + " of " + type + " does not fit 32 bits", null);
            }
            return (int) value;
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }
}
