// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.BaseListArray;
import dev.quiver.core.array.BinaryViewArray;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.array.DateArray;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.DurationArray;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.Float64Array;
import dev.quiver.core.array.Int32Array;
import dev.quiver.core.array.Int64Array;
import dev.quiver.core.array.IntervalDayTimeArray;
import dev.quiver.core.array.IntervalMonthDayNanoArray;
import dev.quiver.core.array.IntervalYearMonthArray;
import dev.quiver.core.array.MapArray;
import dev.quiver.core.array.RunEndEncodedArray;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.array.TimeArray;
import dev.quiver.core.array.TimestampArray;
import dev.quiver.core.array.UInt64Array;
import dev.quiver.core.array.UnionArray;
import dev.quiver.core.array.Values;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.TimeUnit;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.time.Period;
import java.util.List;

/**
 * Writes the values of one array as JSON, slot by slot: one writer per column of a batch, nested as the
 * types nest. The mapping is in {@code docs/ndjson.md}.
 */
abstract class ValueWriter {
    private static final long MILLIS_PER_DAY = IsoTemporal.SECONDS_PER_DAY * 1000;

    final Array array;

    ValueWriter(Array array) {
        this.array = array;
    }

    /** Writes slot {@code i}, null or not. */
    final void write(JsonGenerator g, long i) throws IOException {
        if (array.isNull(i)) {
            g.writeNull();
        } else {
            writeValid(g, i);
        }
    }

    /** Writes the valid slot {@code i}. */
    abstract void writeValid(JsonGenerator g, long i) throws IOException;

    /** The writer of an array's values. */
    static ValueWriter of(Array array) {
        return switch (array.type()) {
            case ArrowType.Null t -> simple(array, (g, i) -> g.writeNull());
            case ArrowType.Bool t -> simple(array, (g, i) -> g.writeBoolean(((BooleanArray) array).get(i)));
            case ArrowType.Int t when t.bitWidth() == 64 && t.signed() ->
                    simple(array, (g, i) -> g.writeNumber(((Int64Array) array).get(i)));
            case ArrowType.Int t when t.bitWidth() == 32 && t.signed() ->
                    simple(array, (g, i) -> g.writeNumber(((Int32Array) array).get(i)));
            case ArrowType.Int t when t.bitWidth() == 64 ->
                    simple(array, (g, i) -> g.writeNumber(((UInt64Array) array).getUnsignedString(i)));
            case ArrowType.Int t -> simple(array, (g, i) -> g.writeNumber(((Number) array.getObject(i)).longValue()));
            case ArrowType.FloatingPoint t when t.precision() == dev.quiver.core.type.Precision.DOUBLE ->
                    simple(array, (g, i) -> writeDouble(g, ((Float64Array) array).get(i)));
            case ArrowType.FloatingPoint t -> simple(array, (g, i) -> writeFloat(g, (Float) array.getObject(i)));
            case ArrowType.Decimal t ->
                    simple(array, (g, i) -> g.writeNumber(Values.format(((DecimalArray) array).getBigDecimal(i))));
            case ArrowType.Utf8 t -> new Utf8Writer(array);
            case ArrowType.LargeUtf8 t -> new Utf8Writer(array);
            case ArrowType.Utf8View t -> new Utf8Writer(array);
            case ArrowType.Binary t -> binary(array);
            case ArrowType.LargeBinary t -> binary(array);
            case ArrowType.BinaryView t -> binary(array);
            case ArrowType.FixedSizeBinary t -> binary(array);
            case ArrowType.Date t -> simple(array, (g, i) -> g.writeString(date((DateArray) array, t, i)));
            case ArrowType.Time t -> simple(array, (g, i) -> writeTime(g, ((TimeArray) array).get(i), t.unit()));
            case ArrowType.Timestamp t -> simple(array, (g, i) -> {
                StringBuilder sb = new StringBuilder(32);
                IsoTemporal.formatTimestamp(sb, ((TimestampArray) array).get(i), t.unit(),
                        t.timezone() != null && !t.timezone().isEmpty());
                g.writeString(sb.toString());
            });
            case ArrowType.Duration t ->
                    simple(array, (g, i) -> g.writeString(duration(((DurationArray) array).get(i), t.unit())));
            case ArrowType.Interval t -> interval(array, t);
            case ArrowType.List t -> new ListWriter((BaseListArray) array);
            case ArrowType.LargeList t -> new ListWriter((BaseListArray) array);
            case ArrowType.ListView t -> new ListWriter((BaseListArray) array);
            case ArrowType.LargeListView t -> new ListWriter((BaseListArray) array);
            case ArrowType.FixedSizeList t -> new ListWriter((BaseListArray) array);
            case ArrowType.Struct t -> new StructWriter((StructArray) array);
            case ArrowType.Map t -> new MapWriter((MapArray) array);
            case ArrowType.Union t -> union((UnionArray) array);
            case ArrowType.RunEndEncoded t -> {
                RunEndEncodedArray ree = (RunEndEncodedArray) array;
                ValueWriter values = of(ree.values());
                yield simple(array, (g, i) -> values.write(g, ree.physicalIndex(i)));
            }
            case ArrowType.Dictionary t -> {
                DictionaryArray dict = (DictionaryArray) array;
                ValueWriter values = of(dict.dictionary());
                yield simple(array, (g, i) -> values.write(g, dict.getIndex(i)));
            }
            case ArrowType.Extension t -> {
                ValueWriter storage = of(((ExtensionArray) array).storage());
                yield simple(array, storage::write);
            }
        };
    }

    /** A slot writer as a lambda. */
    private interface SlotWriter {
        void write(JsonGenerator g, long i) throws IOException;
    }

    private static ValueWriter simple(Array array, SlotWriter writer) {
        return new ValueWriter(array) {
            @Override
            void writeValid(JsonGenerator g, long i) throws IOException {
                writer.write(g, i);
            }
        };
    }

    private static ValueWriter binary(Array array) {
        return simple(array, (g, i) -> g.writeBinary((byte[]) array.getObject(i)));
    }

    /** Finite doubles as numbers; NaN and the infinities as the strings the reader takes back. */
    private static void writeDouble(JsonGenerator g, double value) throws IOException {
        if (Double.isFinite(value)) {
            g.writeNumber(value);
        } else {
            g.writeString(Double.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity");
        }
    }

    private static void writeFloat(JsonGenerator g, float value) throws IOException {
        if (Float.isFinite(value)) {
            g.writeNumber(value);
        } else {
            writeDouble(g, value);
        }
    }

    /** A time of day as {@code HH:MM:SS[.F…]}; a count outside one day (no time of day) as that count. */
    private static void writeTime(JsonGenerator g, long value, TimeUnit unit) throws IOException {
        if (value < 0 || value >= IsoTemporal.SECONDS_PER_DAY * unit.perSecond()) {
            g.writeNumber(value);
            return;
        }
        StringBuilder sb = new StringBuilder(18);
        IsoTemporal.formatTime(sb, value, unit);
        g.writeString(sb.toString());
    }

    /** A date32 as its date; a date64 as its date, or as a date-time when it is not a whole day. */
    private static String date(DateArray array, ArrowType.Date type, long i) {
        StringBuilder sb = new StringBuilder(10);
        long value = array.get(i);
        if (type.unit() == DateUnit.DAY) {
            IsoTemporal.formatDate(sb, value);
        } else if (value % MILLIS_PER_DAY == 0) {
            IsoTemporal.formatDate(sb, value / MILLIS_PER_DAY);
        } else {
            IsoTemporal.formatTimestamp(sb, value, TimeUnit.MILLISECOND, false);
        }
        return sb.toString();
    }

    /** An ISO 8601 duration of hours, minutes and seconds. */
    static String duration(long value, TimeUnit unit) {
        long perSecond = unit.perSecond();
        long nanosPerUnit = 1_000_000_000L / perSecond;
        return Duration.ofSeconds(Math.floorDiv(value, perSecond), Math.floorMod(value, perSecond) * nanosPerUnit)
                .toString();
    }

    private static ValueWriter interval(Array array, ArrowType.Interval type) {
        return switch (type.unit()) {
            case YEAR_MONTH -> simple(array, (g, i) ->
                    g.writeString(Period.ofMonths(((IntervalYearMonthArray) array).get(i)).normalized().toString()));
            case DAY_TIME -> simple(array, (g, i) -> {
                IntervalDayTimeArray a = (IntervalDayTimeArray) array;
                g.writeStartObject();
                g.writeNumberField("days", a.getDays(i));
                g.writeNumberField("milliseconds", a.getMilliseconds(i));
                g.writeEndObject();
            });
            case MONTH_DAY_NANO -> simple(array, (g, i) -> {
                IntervalMonthDayNanoArray a = (IntervalMonthDayNanoArray) array;
                g.writeStartObject();
                g.writeNumberField("months", a.getMonths(i));
                g.writeNumberField("days", a.getDays(i));
                g.writeNumberField("nanoseconds", a.getNanoseconds(i));
                g.writeEndObject();
            });
        };
    }

    private static ValueWriter union(UnionArray array) {
        ValueWriter[] children = new ValueWriter[array.childCount()];
        for (int k = 0; k < children.length; k++) {
            children[k] = of(array.child(k));
        }
        return simple(array, (g, i) -> children[array.childIndex(i)].write(g, array.valueOffset(i)));
    }

    /** Strings: their UTF-8 bytes handed to the generator, which escapes what JSON needs. */
    private static final class Utf8Writer extends ValueWriter {
        private byte[] buffer = new byte[256];

        Utf8Writer(Array array) {
            super(array);
        }

        @Override
        void writeValid(JsonGenerator g, long i) throws IOException {
            MemorySegment bytes = array instanceof VarBinaryArray v ? v.getSegment(i)
                    : ((BinaryViewArray) array).getSegment(i);
            int length = Math.toIntExact(bytes.byteSize());
            if (buffer.length < length) {
                buffer = new byte[Math.max(length, buffer.length * 2)];
            }
            MemorySegment.copy(bytes, ValueLayout.JAVA_BYTE, 0, buffer, 0, length);
            g.writeUTF8String(buffer, 0, length);
        }
    }

    /** Lists of every kind: arrays. */
    private static final class ListWriter extends ValueWriter {
        private final BaseListArray lists;
        private final ValueWriter elements;

        ListWriter(BaseListArray lists) {
            super(lists);
            this.lists = lists;
            this.elements = of(lists.values());
        }

        @Override
        void writeValid(JsonGenerator g, long i) throws IOException {
            long start = lists.valueOffset(i);
            long end = start + lists.valueLength(i);
            g.writeStartArray();
            for (long k = start; k < end; k++) {
                elements.write(g, k);
            }
            g.writeEndArray();
        }
    }

    /** Structs: objects with every field, nulls included. */
    static final class StructWriter extends ValueWriter {
        private final String[] names;
        private final ValueWriter[] fields;

        StructWriter(StructArray struct) {
            super(struct);
            List<Field> children = struct.fields();
            this.names = new String[children.size()];
            this.fields = new ValueWriter[children.size()];
            for (int k = 0; k < names.length; k++) {
                names[k] = children.get(k).name();
                fields[k] = of(struct.field(k));
            }
        }

        @Override
        void writeValid(JsonGenerator g, long i) throws IOException {
            g.writeStartObject();
            for (int k = 0; k < names.length; k++) {
                g.writeFieldName(names[k]);
                fields[k].write(g, i);
            }
            g.writeEndObject();
        }
    }

    /** Maps: an object when the keys are strings, else an array of {@code {"key": k, "value": v}}. */
    private static final class MapWriter extends ValueWriter {
        private final MapArray map;
        private final ValueWriter keys;
        private final ValueWriter items;
        private final boolean stringKeys;

        MapWriter(MapArray map) {
            super(map);
            this.map = map;
            this.keys = of(map.keys());
            this.items = of(map.items());
            ArrowType keyType = map.keys().type();
            this.stringKeys = keyType instanceof ArrowType.Utf8 || keyType instanceof ArrowType.LargeUtf8
                    || keyType instanceof ArrowType.Utf8View;
        }

        @Override
        void writeValid(JsonGenerator g, long i) throws IOException {
            long start = map.valueOffset(i);
            long end = start + map.valueLength(i);
            if (stringKeys) {
                g.writeStartObject();
                for (long k = start; k < end; k++) {
                    g.writeFieldName((String) map.keys().getObject(k));
                    items.write(g, k);
                }
                g.writeEndObject();
            } else {
                g.writeStartArray();
                for (long k = start; k < end; k++) {
                    g.writeStartObject();
                    g.writeFieldName("key");
                    keys.write(g, k);
                    g.writeFieldName("value");
                    items.write(g, k);
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
        }
    }
}
