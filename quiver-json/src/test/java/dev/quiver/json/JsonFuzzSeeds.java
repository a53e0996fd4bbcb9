// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.array.IntervalMonthDayNano;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * The valid integration JSON inputs the fuzz test starts from, written by {@link IntegrationJsonWriter}:
 * primitives, nested data, views and run-end encoding, dictionaries; one of them gzip-compressed.
 */
final class JsonFuzzSeeds {
    private JsonFuzzSeeds() {
    }

    /** One seed: the file, and whether it is stored gzip-compressed. */
    record Seed(String name, JsonFile file, boolean gzip) {
        /** The seed's bytes. */
        byte[] bytes() {
            byte[] json = IntegrationJsonWriter.writeString(file).getBytes(StandardCharsets.UTF_8);
            if (!gzip) {
                return json;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                gz.write(json);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toByteArray();
        }

        /** The seed's file name in the inputs directory. */
        String fileName() {
            return "seed-" + name + (gzip ? ".json.gz" : ".json");
        }
    }

    static List<Seed> all() {
        return List.of(
                new Seed("primitives", file(PRIMITIVES, List.of(
                        row(1, 3L, 1.5, true, "a", bytes(1, 2), 19_000, 1_700_000_000_000L, new BigDecimal("1.25")),
                        row(null, null, null, null, null, null, null, null, null),
                        row(-128, Long.MIN_VALUE, -0.0, false, "héllo", bytes(), -1, 0L, new BigDecimal("-0.01")))),
                        false),
                new Seed("nested", file(NESTED, List.of(
                        row(List.of(1, 2), point(1, "one"), Map.of("k", 1L), List.of(3, 4), 5),
                        row(null, null, null, null, "x"),
                        row(Arrays.asList(null, 6), point(null, null), new LinkedHashMap<>(), Arrays.asList(7, null),
                                null))), false),
                new Seed("views-runs", file(VIEWS, List.of(
                        row("short", "a string longer than twelve bytes", List.of(1), "run",
                                new IntervalMonthDayNano(1, 2, 3L), 7L),
                        row(null, "", null, "run", null, null),
                        row("x", null, List.of(), "other", new IntervalMonthDayNano(0, -1, 0L), -1L))), false),
                new Seed("dictionary", file(DICTIONARY, List.of(row("red", 1L), row("green", 2L), row(null, 1L))),
                        false),
                new Seed("primitives", file(PRIMITIVES, List.of(
                        row(2, 4L, 2.5, false, "b", bytes(3), 0, 1L, new BigDecimal("9.99")))), true));
    }

    private static final Schema PRIMITIVES = Schema.of(
            Field.nullable("i8", ArrowType.INT8),
            Field.nullable("i64", ArrowType.INT64),
            Field.nullable("f64", ArrowType.FLOAT64),
            Field.nullable("flag", ArrowType.BOOL),
            Field.nullable("text", ArrowType.UTF8),
            Field.nullable("bytes", ArrowType.BINARY),
            Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
            Field.nullable("at", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
            Field.nullable("price", new ArrowType.Decimal(9, 2, 128)));

    private static final Schema NESTED = Schema.of(
            Field.nullable("list", new ArrowType.List(Field.nullable("item", ArrowType.INT32))),
            Field.nullable("point", new ArrowType.Struct(List.of(
                    Field.nullable("x", ArrowType.INT32), Field.nullable("label", ArrowType.UTF8)))),
            Field.nullable("map", ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT64, false)),
            Field.nullable("pair", new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT16), 2)),
            Field.nullable("dense", new ArrowType.Union(UnionMode.DENSE,
                    List.of(Field.nullable("l", ArrowType.INT64), Field.nullable("s", ArrowType.UTF8)), List.of(3, 7))));

    private static final Schema VIEWS = Schema.of(
            Field.nullable("utf8_view", ArrowType.UTF8_VIEW),
            Field.nullable("large_utf8", ArrowType.LARGE_UTF8),
            Field.nullable("list_view", new ArrowType.ListView(Field.nullable("item", ArrowType.INT32))),
            Field.notNull("runs", ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.UTF8)),
            Field.nullable("month_day_nano", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
            Field.nullable("took", new ArrowType.Duration(TimeUnit.SECOND)));

    private static final Schema DICTIONARY = Schema.of(
            Field.dictionary("word", ArrowType.INT32, ArrowType.UTF8, false, 0, true),
            Field.dictionary("number", ArrowType.INT8, ArrowType.INT64, true, 1, true));

    private static JsonFile file(Schema schema, List<List<Object>> rows) {
        return new JsonFile(schema, List.of(RecordBatch.ofRows(schema, rows)));
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    private static Map<String, Object> point(Integer x, String label) {
        Map<String, Object> point = new LinkedHashMap<>();
        point.put("x", x);
        point.put("label", label);
        return point;
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }
}
