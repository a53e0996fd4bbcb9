// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.IntervalDayTime;
import dev.quiver.core.array.IntervalMonthDayNano;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import dev.quiver.ipc.compression.Lz4FrameCodec;
import dev.quiver.ipc.compression.ZstdCodec;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The valid IPC inputs the fuzz tests start from: small batches of many types, nested data,
 * dictionaries with a delta, and compressed bodies, each written as a stream and as a file.
 */
final class IpcFuzzSeeds {
    private IpcFuzzSeeds() {
    }

    /** One seed: what is written, and how. */
    record Seed(String name, Schema schema, List<RecordBatch> batches, IpcWriteOptions options) {
        /** The seed in the IPC stream format. */
        byte[] stream() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (IpcStreamWriter writer = IpcStreamWriter.open(out, schema, options)) {
                batches.forEach(writer::write);
            }
            return out.toByteArray();
        }

        /** The seed in the IPC file format. */
        byte[] file() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (IpcFileWriter writer = IpcFileWriter.open(out, schema, IpcWriteOptions.DEFAULT.withCodec(
                    options.codec()))) {
                batches.forEach(writer::write);
            }
            return out.toByteArray();
        }
    }

    static List<Seed> all() {
        IpcWriteOptions plain = IpcWriteOptions.DEFAULT;
        return List.of(
                new Seed("primitives", PRIMITIVES, primitiveBatches(), plain),
                new Seed("nested", NESTED, nestedBatches(), plain),
                new Seed("views-temporal", VIEWS, viewBatches(), plain),
                new Seed("dictionary-delta", DICTIONARY, dictionaryBatches(), plain),
                new Seed("primitives-lz4", PRIMITIVES, primitiveBatches(), plain.withCodec(new Lz4FrameCodec())),
                new Seed("nested-zstd", NESTED, nestedBatches(), plain.withCodec(new ZstdCodec())));
    }

    private static final Schema PRIMITIVES = Schema.of(
            Field.nullable("i8", ArrowType.INT8),
            Field.nullable("u16", ArrowType.UINT16),
            Field.nullable("i32", ArrowType.INT32),
            Field.notNull("i64", ArrowType.INT64),
            Field.nullable("f32", ArrowType.FLOAT32),
            Field.nullable("f64", ArrowType.FLOAT64),
            Field.nullable("flag", ArrowType.BOOL),
            Field.nullable("text", ArrowType.UTF8),
            Field.nullable("bytes", ArrowType.BINARY),
            Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
            Field.nullable("at", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
            Field.nullable("price", new ArrowType.Decimal(10, 2, 128)));

    private static List<RecordBatch> primitiveBatches() {
        return List.of(
                RecordBatch.ofRows(PRIMITIVES, List.of(
                        row(1, 2, 3, 4L, 1.5f, 2.5, true, "a", bytes(1, 2), 19_000, 1_700_000_000_000_000L,
                                new BigDecimal("12.34")),
                        row(null, null, null, -4L, null, null, null, null, null, null, null, null),
                        row(-128, 65_535, Integer.MIN_VALUE, Long.MAX_VALUE, Float.NaN, -0.0, false, "héllo",
                                bytes(), -1, 0L, new BigDecimal("-99999999.99")))),
                RecordBatch.ofRows(PRIMITIVES, List.of(
                        row(127, 0, 42, 0L, 0f, Double.POSITIVE_INFINITY, true, "", bytes(255), 0, -1L,
                                new BigDecimal("0.01")))));
    }

    private static final ArrowType.Struct POINT = new ArrowType.Struct(List.of(
            Field.nullable("x", ArrowType.INT32), Field.nullable("label", ArrowType.UTF8)));
    private static final Schema NESTED = Schema.of(
            Field.nullable("list", new ArrowType.List(Field.nullable("item", ArrowType.INT32))),
            Field.nullable("large_list", new ArrowType.LargeList(Field.nullable("item", ArrowType.UTF8))),
            Field.nullable("point", POINT),
            Field.nullable("map", ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT64, false)),
            Field.nullable("pair", new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT16), 2)),
            Field.nullable("fixed", new ArrowType.FixedSizeBinary(3)),
            Field.nullable("sparse", new ArrowType.Union(UnionMode.SPARSE,
                    List.of(Field.nullable("i", ArrowType.INT32), Field.nullable("s", ArrowType.UTF8)), List.of(0, 1))),
            Field.nullable("dense", new ArrowType.Union(UnionMode.DENSE,
                    List.of(Field.nullable("l", ArrowType.INT64), Field.nullable("s", ArrowType.UTF8)), List.of(3, 7))));

    private static List<RecordBatch> nestedBatches() {
        return List.of(RecordBatch.ofRows(NESTED, List.of(
                row(List.of(1, 2, 3), List.of("a", "bc"), point(1, "one"), Map.of("k", 1L), List.of(1, 2),
                        bytes(1, 2, 3), 5, 6L),
                row(null, null, null, null, null, null, "x", "y"),
                row(Arrays.asList(4, null), List.of(), point(null, null), new LinkedHashMap<>(), Arrays.asList(null, 3),
                        bytes(0, 0, 0), null, null))));
    }

    private static final Schema VIEWS = Schema.of(
            Field.nullable("utf8_view", ArrowType.UTF8_VIEW),
            Field.nullable("binary_view", ArrowType.BINARY_VIEW),
            Field.nullable("large_utf8", ArrowType.LARGE_UTF8),
            Field.nullable("large_binary", ArrowType.LARGE_BINARY),
            Field.nullable("list_view", new ArrowType.ListView(Field.nullable("item", ArrowType.INT32))),
            Field.notNull("runs", ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.UTF8)),
            Field.nullable("day_time", new ArrowType.Interval(IntervalUnit.DAY_TIME)),
            Field.nullable("month_day_nano", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
            Field.nullable("months", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)),
            Field.nullable("took", new ArrowType.Duration(TimeUnit.NANOSECOND)),
            Field.nullable("time", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
            Field.nullable("nothing", ArrowType.NULL));

    private static List<RecordBatch> viewBatches() {
        String longText = "a string longer than twelve bytes";
        return List.of(RecordBatch.ofRows(VIEWS, List.of(
                row("short", bytes(1), "large", bytes(2, 3), List.of(1, 2), "run", new IntervalDayTime(1, 2),
                        new IntervalMonthDayNano(1, 2, 3L), 14, 1_000L, 3_600_000, null),
                row(longText, new byte[20], null, null, null, "run", null, null, null, null, null, null),
                row(null, null, "", bytes(), List.of(), "other", new IntervalDayTime(-1, 0),
                        new IntervalMonthDayNano(0, 0, -1L), -2, -1L, 0, null))));
    }

    private static final Schema DICTIONARY = Schema.of(
            Field.dictionary("word", ArrowType.INT32, ArrowType.UTF8, false, 0, true),
            Field.dictionary("number", ArrowType.INT8, ArrowType.INT64, true, 1, true));

    private static List<RecordBatch> dictionaryBatches() {
        return List.of(
                RecordBatch.ofRows(DICTIONARY, List.of(row("red", 1L), row("green", 2L), row(null, 1L))),
                RecordBatch.ofRows(DICTIONARY, List.of(row("red", 1L), row("green", 2L), row("blue", 3L), row(null, null))));
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
