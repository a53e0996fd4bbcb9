// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

/** Batches for the writer's tests: every Arrow type with a Parquet mapping, with nulls, nesting and empty lists. */
final class WriteFixtures {
    private WriteFixtures() {
    }

    private record Column(Field field, Function<Random, Object> value) {
    }

    private static final String[] WORDS = {"", "a", "b", "apple", "banana", "a string longer than twelve bytes",
        "é", "日本語", "zebra"};

    private static List<Column> columns() {
        List<Column> c = new ArrayList<>();
        c.add(new Column(Field.nullable("null", ArrowType.NULL), r -> null));
        c.add(new Column(Field.nullable("bool", ArrowType.BOOL), Random::nextBoolean));
        c.add(new Column(Field.nullable("i8", ArrowType.INT8), r -> (byte) r.nextInt()));
        c.add(new Column(Field.nullable("i16", ArrowType.INT16), r -> (short) r.nextInt()));
        c.add(new Column(Field.nullable("i32", ArrowType.INT32), r -> pick(r, r.nextInt(), Integer.MIN_VALUE,
                Integer.MAX_VALUE)));
        c.add(new Column(Field.nullable("i64", ArrowType.INT64), r -> pick(r, r.nextLong(), Long.MIN_VALUE,
                Long.MAX_VALUE)));
        c.add(new Column(Field.nullable("u8", ArrowType.UINT8), r -> r.nextInt(256)));
        c.add(new Column(Field.nullable("u16", ArrowType.UINT16), r -> r.nextInt(65536)));
        c.add(new Column(Field.nullable("u32", ArrowType.UINT32), r -> r.nextLong() & 0xFFFFFFFFL));
        c.add(new Column(Field.nullable("u64", ArrowType.UINT64), r -> new BigInteger(64, r)));
        c.add(new Column(Field.nullable("f16", ArrowType.FLOAT16), r -> pick(r, r.nextInt(2000) / 8.0 - 100,
                -0.0, 0.0)));
        c.add(new Column(Field.nullable("f32", ArrowType.FLOAT32), r -> pick(r, r.nextGaussian(), -0.0,
                Double.NaN)));
        c.add(new Column(Field.nullable("f64", ArrowType.FLOAT64), r -> pick(r, r.nextGaussian() * 1e6, 0.0,
                Double.NEGATIVE_INFINITY)));
        c.add(new Column(Field.nullable("utf8", ArrowType.UTF8), WriteFixtures::word));
        c.add(new Column(Field.nullable("large_utf8", ArrowType.LARGE_UTF8), WriteFixtures::word));
        c.add(new Column(Field.nullable("utf8_view", ArrowType.UTF8_VIEW), WriteFixtures::word));
        c.add(new Column(Field.nullable("binary", ArrowType.BINARY), WriteFixtures::bytes));
        c.add(new Column(Field.nullable("large_binary", ArrowType.LARGE_BINARY), WriteFixtures::bytes));
        c.add(new Column(Field.nullable("binary_view", ArrowType.BINARY_VIEW), WriteFixtures::bytes));
        c.add(new Column(Field.nullable("fsb3", new ArrowType.FixedSizeBinary(3)), r -> {
            byte[] b = new byte[3];
            r.nextBytes(b);
            return b;
        }));
        c.add(new Column(Field.nullable("dec9_2", new ArrowType.Decimal(9, 2, 128)),
                r -> BigDecimal.valueOf(r.nextInt(2_000_000_000) - 1_000_000_000L, 2)));
        c.add(new Column(Field.nullable("dec38_5", new ArrowType.Decimal(38, 5, 128)),
                r -> new BigDecimal(new BigInteger(120, r).subtract(BigInteger.ONE.shiftLeft(119)), 5)));
        c.add(new Column(Field.nullable("dec50_0", new ArrowType.Decimal(50, 0, 256)),
                r -> new BigDecimal(new BigInteger(160, r).negate())));
        c.add(new Column(Field.nullable("date32", new ArrowType.Date(DateUnit.DAY)), WriteFixtures::date));
        c.add(new Column(Field.nullable("date64", new ArrowType.Date(DateUnit.MILLISECOND)), WriteFixtures::date));
        c.add(new Column(Field.nullable("time32s", new ArrowType.Time(TimeUnit.SECOND, 32)), WriteFixtures::time));
        c.add(new Column(Field.nullable("time32ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
                WriteFixtures::time));
        c.add(new Column(Field.nullable("time64us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
                WriteFixtures::time));
        c.add(new Column(Field.nullable("time64ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
                WriteFixtures::time));
        for (TimeUnit unit : TimeUnit.values()) {
            String u = unit.name().toLowerCase(java.util.Locale.ROOT);
            c.add(new Column(Field.nullable("ts_" + u, new ArrowType.Timestamp(unit, null)),
                    r -> (long) r.nextInt()));
            c.add(new Column(Field.nullable("ts_" + u + "_tz", new ArrowType.Timestamp(unit, "America/New_York")),
                    r -> (long) r.nextInt()));
            c.add(new Column(Field.nullable("dur_" + u, new ArrowType.Duration(unit)), r -> r.nextLong() >> 12));
        }
        c.add(new Column(Field.notNull("required_i32", ArrowType.INT32), Random::nextInt));
        c.add(new Column(Field.nullable("list_i32", new ArrowType.List(Field.nullable("item", ArrowType.INT32))),
                r -> list(r, x -> x.nextInt(5) == 0 ? null : x.nextInt(100))));
        c.add(new Column(Field.nullable("large_list_utf8",
                new ArrowType.LargeList(Field.nullable("item", ArrowType.UTF8))), r -> list(r, WriteFixtures::word)));
        // not nullable: pyarrow 25 cannot read back a null fixed-size list from Parquet, even of its own writing
        c.add(new Column(Field.notNull("fixed_list", new ArrowType.FixedSizeList(Field.nullable("item",
                ArrowType.INT16), 2)), r -> Arrays.asList((short) r.nextInt(), r.nextBoolean() ? null : (short) 7)));
        ArrowType.Struct struct = new ArrowType.Struct(List.of(Field.nullable("a", ArrowType.INT32),
                Field.notNull("b", ArrowType.UTF8)));
        c.add(new Column(Field.nullable("struct", struct), r -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("a", r.nextBoolean() ? null : r.nextInt());
            m.put("b", word(r) == null ? "" : WORDS[r.nextInt(WORDS.length)]);
            return m;
        }));
        c.add(new Column(Field.nullable("map", ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT64, false)), r -> {
            Map<String, Object> m = new LinkedHashMap<>();
            int n = r.nextInt(4);
            for (int i = 0; i < n; i++) {
                m.put("k" + r.nextInt(10), r.nextBoolean() ? null : r.nextLong());
            }
            return m;
        }));
        ArrowType.Struct inner = new ArrowType.Struct(List.of(Field.nullable("x",
                new ArrowType.List(Field.nullable("item", ArrowType.INT32)))));
        c.add(new Column(Field.nullable("deep", new ArrowType.List(Field.nullable("item", inner))), r -> list(r, x -> {
            if (x.nextInt(6) == 0) {
                return null;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("x", list(x, y -> y.nextInt(100)));
            return m;
        })));
        return c;
    }

    private static Object pick(Random r, Object usual, Object... special) {
        int k = r.nextInt(10);
        return k < special.length ? special[k] : usual;
    }

    private static String word(Random r) {
        return WORDS[r.nextInt(WORDS.length)] + (r.nextInt(3) == 0 ? r.nextInt(1000) : "");
    }

    private static byte[] bytes(Random r) {
        byte[] b = new byte[r.nextInt(20)];
        r.nextBytes(b);
        return b;
    }

    private static LocalDate date(Random r) {
        return LocalDate.of(1900, 1, 1).plusDays(r.nextInt(80_000));
    }

    private static LocalTime time(Random r) {
        return LocalTime.ofSecondOfDay(r.nextInt(86_400));
    }

    private static List<Object> list(Random r, Function<Random, Object> element) {
        int n = r.nextInt(5);
        List<Object> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(element.apply(r));
        }
        return l;
    }

    /**
     * The schema of {@link #allTypes}.
     *
     * @return the schema
     */
    static Schema allTypesSchema() {
        return new Schema(columns().stream().map(Column::field).toList(), Map.of("origin", "quiver test"),
                dev.quiver.core.type.Endianness.LITTLE);
    }

    /**
     * A batch of every type, about one value in eight null (none in non-nullable fields).
     *
     * @param rows the rows
     * @param seed the random seed
     * @return the batch
     */
    static RecordBatch allTypes(int rows, long seed) {
        Random r = new Random(seed);
        List<Column> columns = columns();
        List<List<?>> data = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            List<Object> row = new ArrayList<>();
            for (Column c : columns) {
                boolean isNull = c.field().nullable() && r.nextInt(8) == 0;
                row.add(isNull ? null : c.value().apply(r));
            }
            data.add(row);
        }
        return RecordBatch.ofRows(allTypesSchema(), data);
    }

    /**
     * A batch of a random schema: some of the columns of {@link #allTypes} (none of {@code excluded}), each
     * perhaps wrapped in lists and structs (up to two levels), nullable or not, about one value in eight null.
     *
     * @param random the source of the schema and the data
     * @param rows the rows
     * @param excluded names of columns left out
     * @return the batch
     */
    static RecordBatch randomBatch(Random random, int rows, java.util.Set<String> excluded) {
        List<Column> base = columns().stream().filter(c -> !excluded.contains(c.field().name())).toList();
        int n = 1 + random.nextInt(6);
        List<Column> chosen = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            Column c = base.get(random.nextInt(base.size()));
            int wraps = random.nextInt(3);
            for (int w = 0; w < wraps; w++) {
                c = wrap(c, random);
            }
            chosen.add(new Column(c.field().withName("c" + k), c.value()));
        }
        List<List<?>> data = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            List<Object> row = new ArrayList<>();
            for (Column c : chosen) {
                boolean isNull = c.field().nullable() && random.nextInt(8) == 0;
                row.add(isNull ? null : c.value().apply(random));
            }
            data.add(row);
        }
        return RecordBatch.ofRows(new Schema(chosen.stream().map(Column::field).toList()), data);
    }

    private static Column wrap(Column inner, Random random) {
        boolean nullable = random.nextBoolean();
        Function<Random, Object> value = r -> inner.field().nullable() && r.nextInt(8) == 0 ? null
                : inner.value().apply(r);
        if (random.nextBoolean()) {
            Field element = inner.field().withName("item");
            return new Column(new Field("l", new ArrowType.List(element), nullable), r -> list(r, value));
        }
        Field child = inner.field().withName("f");
        Field other = Field.nullable("g", ArrowType.INT16);
        return new Column(new Field("s", new ArrowType.Struct(List.of(child, other)), nullable), r -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("f", value.apply(r));
            m.put("g", r.nextBoolean() ? null : (short) r.nextInt());
            return m;
        });
    }
}
