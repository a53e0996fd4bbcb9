// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** NDJSON → Arrow → NDJSON gives the same text, for every type the reader takes (with an explicit schema). */
class EveryTypeRoundTripTest {
    /** One field per type, and the text the writer gives for two values of it (compact, as written). */
    private record Case(Field field, String first, String second) {
    }

    private static final List<Case> CASES = List.of(
            new Case(Field.nullable("null", ArrowType.NULL), "null", "null"),
            new Case(Field.nullable("bool", ArrowType.BOOL), "true", "false"),
            new Case(Field.nullable("int8", ArrowType.INT8), "-128", "127"),
            new Case(Field.nullable("int16", ArrowType.INT16), "-32768", "32767"),
            new Case(Field.nullable("int32", ArrowType.INT32), "-2147483648", "2147483647"),
            new Case(Field.nullable("int64", ArrowType.INT64), "-9223372036854775808", "9223372036854775807"),
            new Case(Field.nullable("uint8", ArrowType.UINT8), "0", "255"),
            new Case(Field.nullable("uint16", ArrowType.UINT16), "0", "65535"),
            new Case(Field.nullable("uint32", ArrowType.UINT32), "0", "4294967295"),
            new Case(Field.nullable("uint64", ArrowType.UINT64), "0", "18446744073709551615"),
            new Case(Field.nullable("float16", ArrowType.FLOAT16), "1.5", "-65504.0"),
            new Case(Field.nullable("float32", ArrowType.FLOAT32), "0.1", "3.4028235E38"),
            new Case(Field.nullable("float64", ArrowType.FLOAT64), "0.1", "\"NaN\""),
            new Case(Field.nullable("float64b", ArrowType.FLOAT64), "-1.0E-300", "\"-Infinity\""),
            new Case(Field.nullable("decimal32", new ArrowType.Decimal(9, 2, 32)), "-1234567.89", "0.00"),
            new Case(Field.nullable("decimal128", new ArrowType.Decimal(38, 10)),
                    "1234567890123456789012345678.9012345678", "-5.0000000000"),
            new Case(Field.nullable("decimal256", new ArrowType.Decimal(76, 0, 256)),
                    "-9999999999999999999999999999999999999999999999999999999999999999999999999999", "0"),
            new Case(Field.nullable("negative_scale", new ArrowType.Decimal(5, -3)), "12345000", "0"),
            new Case(Field.nullable("utf8", ArrowType.UTF8), "\"h\u00e9llo \\\"w\\\"\\n\\t\u20ac \ud83d\ude00\"", "\"\""),
            new Case(Field.nullable("large_utf8", ArrowType.LARGE_UTF8), "\"a\\\\b\"", "\"\\u0001\""),
            new Case(Field.nullable("utf8_view", ArrowType.UTF8_VIEW), "\"short\"",
                    "\"a string longer than twelve bytes\""),
            new Case(Field.nullable("binary", ArrowType.BINARY), "\"AAEC/w==\"", "\"\""),
            new Case(Field.nullable("large_binary", ArrowType.LARGE_BINARY), "\"aGk=\"", "\"AA==\""),
            new Case(Field.nullable("binary_view", ArrowType.BINARY_VIEW), "\"aGVsbG8gd29ybGQgb2YgYnl0ZXM=\"",
                    "\"AA==\""),
            new Case(Field.nullable("fixed", new ArrowType.FixedSizeBinary(3)), "\"AQID\"", "\"AAAA\""),
            new Case(Field.nullable("date32", new ArrowType.Date(DateUnit.DAY)), "\"2024-02-29\"", "\"-0044-03-15\""),
            new Case(Field.nullable("date64", new ArrowType.Date(DateUnit.MILLISECOND)), "\"1970-01-01\"",
                    "\"+12345-01-01\""),
            new Case(Field.nullable("time32s", new ArrowType.Time(TimeUnit.SECOND)), "\"00:00:00\"", "\"23:59:59\""),
            new Case(Field.nullable("time32ms", new ArrowType.Time(TimeUnit.MILLISECOND)), "\"10:11:12.345\"",
                    "\"00:00:00.001\""),
            new Case(Field.nullable("time64us", new ArrowType.Time(TimeUnit.MICROSECOND)), "\"12:00:00.000001\"",
                    "\"23:59:59.999999\""),
            new Case(Field.nullable("time64ns", new ArrowType.Time(TimeUnit.NANOSECOND)), "\"23:59:59.999999999\"",
                    "\"00:00:00.000000000\""),
            new Case(Field.nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND)), "\"2024-02-29T10:11:12\"",
                    "\"1900-01-01T00:00:00\""),
            new Case(Field.nullable("ts_ms_utc", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
                    "\"2024-02-29T10:11:12.345Z\"", "\"1969-12-31T23:59:59.999Z\""),
            new Case(Field.nullable("ts_us_zone", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "America/New_York")),
                    "\"2024-02-29T10:11:12.000001Z\"", "\"0001-01-01T00:00:00.000000Z\""),
            new Case(Field.nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND)),
                    "\"2262-04-11T23:47:16.854775807\"", "\"1677-09-21T00:12:43.145224192\""),
            new Case(Field.nullable("duration_s", new ArrowType.Duration(TimeUnit.SECOND)), "\"PT1H1S\"", "\"PT0S\""),
            new Case(Field.nullable("duration_ns", new ArrowType.Duration(TimeUnit.NANOSECOND)), "\"PT-0.000000001S\"",
                    "\"PT25H0.5S\""),
            new Case(Field.nullable("interval_ym", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)), "\"P1Y2M\"",
                    "\"P-3M\""),
            new Case(Field.nullable("interval_dt", new ArrowType.Interval(IntervalUnit.DAY_TIME)),
                    "{\"days\":1,\"milliseconds\":-2}", "{\"days\":0,\"milliseconds\":0}"),
            new Case(Field.nullable("interval_mdn", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
                    "{\"months\":1,\"days\":2,\"nanoseconds\":3}", "{\"months\":-1,\"days\":0,\"nanoseconds\":0}"),
            new Case(Field.nullable("list", ArrowType.List.of(ArrowType.INT32)), "[1,null,3]", "[]"),
            new Case(Field.nullable("large_list", new ArrowType.LargeList(Field.nullable("item", ArrowType.UTF8))),
                    "[\"a\",\"b\"]", "[null]"),
            new Case(Field.nullable("list_view", new ArrowType.ListView(Field.nullable("item", ArrowType.BOOL))),
                    "[true]", "[false,false]"),
            new Case(Field.nullable("fixed_list", new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.FLOAT64),
                    2)), "[1.5,null]", "[0.0,-0.0]"),
            new Case(Field.nullable("struct", ArrowType.Struct.of(Field.nullable("a", ArrowType.INT64),
                    Field.nullable("b", ArrowType.List.of(ArrowType.Struct.of(Field.nullable("c", ArrowType.UTF8)))))),
                    "{\"a\":1,\"b\":[{\"c\":\"x\"},null,{\"c\":null}]}", "{\"a\":null,\"b\":null}"),
            new Case(Field.nullable("map_utf8", ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT32, false)),
                    "{\"k\":1,\"k\":2,\"\":null}", "{}"),
            new Case(Field.nullable("map_int", ArrowType.Map.of(ArrowType.INT32, ArrowType.UTF8, false)),
                    "[{\"key\":1,\"value\":\"one\"},{\"key\":2,\"value\":null}]", "[]"),
            new Case(Field.dictionary("dictionary", ArrowType.INT8, ArrowType.UTF8, false, 0, true), "\"red\"",
                    "\"red\""),
            new Case(Field.nullable("ree", ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.FLOAT64)), "2.5",
                    "2.5"));

    @Test
    void everyTypeComesBackAsTheSameText() {
        List<Field> fields = new ArrayList<>();
        StringBuilder first = new StringBuilder("{");
        StringBuilder second = new StringBuilder("{");
        StringBuilder nulls = new StringBuilder("{");
        for (Case c : CASES) {
            fields.add(c.field());
            String sep = fields.size() == 1 ? "" : ",";
            first.append(sep).append('"').append(c.field().name()).append("\":").append(c.first());
            second.append(sep).append('"').append(c.field().name()).append("\":").append(c.second());
            nulls.append(sep).append('"').append(c.field().name()).append("\":null");
        }
        String text = first + "}\n" + second + "}\n" + nulls + "}\n";
        Schema schema = new Schema(fields);
        RecordBatch batch = Ndjson.readOne(text, NdjsonReadOptions.DEFAULT.withSchema(schema));
        assertEquals(3, batch.rowCount());
        batch.validateFull();
        String written = Ndjson.write(batch);
        String[] expected = text.split("\n");
        String[] actual = written.split("\n");
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], "row " + i);
        }
        assertEquals(text, written);
        assertEquals(batch, Ndjson.readOne(written, NdjsonReadOptions.DEFAULT.withSchema(schema)));
    }

    @Test
    void inferredTypesComeBackAsTheSameText() {
        String text = """
                {"i":1,"f":0.5,"b":true,"s":"x","n":null,"o":{"a":[1,2],"b":{"c":"d"}},"l":[[1.5],[]],"big":1}
                {"i":-2,"f":1.0E300,"b":false,"s":"\\u00e9\\n","n":null,"o":{"a":null,"b":null},"l":null,"big":99999999999999999999}
                """.replace("\\u00e9", "\u00e9");
        RecordBatch batch = Ndjson.readOne(text, NdjsonReadOptions.DEFAULT);
        assertEquals(text, Ndjson.write(batch));
        assertEquals(new ArrowType.FloatingPoint(Precision.DOUBLE), batch.schema().field(1).type());
    }
}
