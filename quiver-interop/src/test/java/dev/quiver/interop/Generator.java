// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.IntervalDayTime;
import dev.quiver.core.array.IntervalMonthDayNano;
import dev.quiver.core.array.UnionValue;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded random types and values of every Arrow type, in the plain-value representation that
 * {@link ArrayBuilder#appendObject} takes. Dictionary-encoded and run-end encoded values come from a
 * small pool so that they repeat. With {@code finiteFloats}, floats are finite (the JSON format has no
 * NaN or infinity).
 */
final class Generator {
    private static final String[] WORDS = {"", "a", "quiver", "arrow", "é", "漢字", "🏹 bow", "twelve bytes",
        "a string longer than twelve bytes", "x\ny", "tab\there"};

    private final Random random;
    private final boolean finiteFloats;
    private long nextDictionaryId;

    Generator(long seed, boolean finiteFloats) {
        this.random = new Random(seed);
        this.finiteFloats = finiteFloats;
    }

    /** A batch of {@code rows} random rows of the schema. */
    RecordBatch batch(Schema schema, int rows) {
        List<ArrayBuilder> builders = new ArrayList<>();
        for (Field field : schema.fields()) {
            builders.add(ArrayBuilder.of(field.type()));
        }
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < builders.size(); c++) {
                builders.get(c).appendObject(value(schema.field(c)));
            }
        }
        List<Array> columns = new ArrayList<>();
        for (ArrayBuilder builder : builders) {
            columns.add(builder.build());
        }
        return new RecordBatch(schema, columns, rows);
    }

    /** A random value of the field: null now and then when it is nullable. */
    Object value(Field field) {
        if (field.type() instanceof ArrowType.Null || field.nullable() && random.nextInt(5) == 0) {
            return null;
        }
        return nonNull(field.type());
    }

    private Object nonNull(ArrowType type) {
        return switch (type) {
            case ArrowType.Null t -> null;
            case ArrowType.Bool t -> random.nextBoolean();
            case ArrowType.Int t -> integer(t.bitWidth(), t.signed());
            case ArrowType.FloatingPoint t -> floating(t.precision());
            case ArrowType.Decimal t -> decimal(t);
            case ArrowType.Date t -> t.unit() == DateUnit.DAY ? (Object) (random.nextInt(40000) - 20000)
                    : (Object) ((random.nextInt(40000) - 20000) * 86_400_000L);
            case ArrowType.Time t -> time(t.unit());
            case ArrowType.Timestamp t -> random.nextLong() >> random.nextInt(64);
            case ArrowType.Duration t -> random.nextLong() >> random.nextInt(64);
            case ArrowType.Interval t -> interval(t.unit());
            case ArrowType.Binary t -> bytes(random.nextInt(20));
            case ArrowType.LargeBinary t -> bytes(random.nextInt(20));
            case ArrowType.BinaryView t -> bytes(random.nextInt(30));
            case ArrowType.FixedSizeBinary t -> bytes(t.byteWidth());
            case ArrowType.Utf8 t -> string();
            case ArrowType.LargeUtf8 t -> string();
            case ArrowType.Utf8View t -> string();
            case ArrowType.List t -> list(t.valueField(), random.nextInt(5));
            case ArrowType.LargeList t -> list(t.valueField(), random.nextInt(5));
            case ArrowType.ListView t -> list(t.valueField(), random.nextInt(5));
            case ArrowType.LargeListView t -> list(t.valueField(), random.nextInt(5));
            case ArrowType.FixedSizeList t -> list(t.valueField(), t.listSize());
            case ArrowType.Struct t -> {
                Map<String, Object> values = new LinkedHashMap<>();
                for (Field f : t.fields()) {
                    values.put(f.name(), value(f));
                }
                yield values;
            }
            case ArrowType.Map t -> {
                List<Map.Entry<Object, Object>> entries = new ArrayList<>();
                for (int n = random.nextInt(4); n > 0; n--) {
                    entries.add(new AbstractMap.SimpleEntry<>(value(t.keyField()), value(t.valueField())));
                }
                yield entries;
            }
            case ArrowType.Union t -> {
                int k = random.nextInt(t.fields().size());
                yield new UnionValue(t.typeIds().get(k), value(t.fields().get(k)));
            }
            case ArrowType.RunEndEncoded t -> pooled(t.values().type());
            case ArrowType.Dictionary t -> pooled(t.valueType());
            case ArrowType.Extension t -> nonNull(t.storageType());
        };
    }

    /** One of four values of the type, so that values repeat. */
    private Object pooled(ArrowType type) {
        Generator pool = new Generator(random.nextInt(4) + type.hashCode() * 31L, finiteFloats);
        return pool.nonNull(type);
    }

    private Object integer(int bitWidth, boolean signed) {
        BigInteger v = new BigInteger(bitWidth, random);
        if (random.nextInt(8) == 0) {
            v = BigInteger.ONE.shiftLeft(bitWidth).subtract(BigInteger.ONE);
        }
        if (signed) {
            v = v.subtract(BigInteger.ONE.shiftLeft(bitWidth - 1));
        }
        return bitWidth == 64 && !signed ? v : (Object) v.longValue();
    }

    private Object floating(Precision precision) {
        return switch (precision) {
            case HALF -> {
                short bits;
                do {
                    bits = (short) random.nextInt(1 << 16);
                } while (finiteFloats && (bits & 0x7c00) == 0x7c00);
                yield HalfFloat.toFloat(bits);
            }
            case SINGLE -> {
                float f;
                do {
                    f = Float.intBitsToFloat(random.nextInt());
                } while (finiteFloats && !Float.isFinite(f) || Float.isNaN(f) && random.nextBoolean());
                yield f;
            }
            case DOUBLE -> {
                double d;
                do {
                    d = random.nextBoolean() ? Double.longBitsToDouble(random.nextLong()) : random.nextGaussian() * 1e6;
                } while (finiteFloats && !Double.isFinite(d));
                yield d;
            }
        };
    }

    private BigDecimal decimal(ArrowType.Decimal type) {
        BigInteger limit = BigInteger.TEN.pow(type.precision());
        BigInteger unscaled = new BigInteger(limit.bitLength() + 8, random).mod(limit);
        if (random.nextInt(8) == 0) {
            unscaled = limit.subtract(BigInteger.ONE);
        }
        return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), type.scale());
    }

    private Object time(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> random.nextInt(86_400);
            case MILLISECOND -> random.nextInt(86_400_000);
            case MICROSECOND -> (long) (random.nextDouble() * 86_400_000_000L);
            case NANOSECOND -> (long) (random.nextDouble() * 86_400_000_000_000L);
        };
    }

    private Object interval(IntervalUnit unit) {
        return switch (unit) {
            case YEAR_MONTH -> random.nextInt();
            case DAY_TIME -> new IntervalDayTime(random.nextInt(), random.nextInt());
            case MONTH_DAY_NANO -> new IntervalMonthDayNano(random.nextInt(), random.nextInt(), random.nextLong());
        };
    }

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private String string() {
        StringBuilder sb = new StringBuilder();
        for (int n = random.nextInt(3); n >= 0; n--) {
            sb.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return sb.toString();
    }

    private List<Object> list(Field element, int n) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add(value(element));
        }
        return values;
    }

    /** A random type of nesting depth at most {@code depth}; dictionary fields get fresh ids. */
    ArrowType type(int depth) {
        int kinds = depth > 0 ? 34 : 24;
        int k = random.nextInt(kinds);
        return switch (k) {
            case 0 -> ArrowType.NULL;
            case 1 -> ArrowType.BOOL;
            case 2 -> new ArrowType.Int(8 << random.nextInt(4), random.nextBoolean());
            case 3 -> new ArrowType.FloatingPoint(Precision.values()[random.nextInt(3)]);
            case 4 -> decimalType();
            case 5 -> new ArrowType.Date(DateUnit.values()[random.nextInt(2)]);
            case 6 -> new ArrowType.Time(TimeUnit.values()[random.nextInt(4)]);
            case 7 -> new ArrowType.Timestamp(TimeUnit.values()[random.nextInt(4)],
                    random.nextBoolean() ? null : "UTC");
            case 8 -> new ArrowType.Duration(TimeUnit.values()[random.nextInt(4)]);
            case 9 -> new ArrowType.Interval(IntervalUnit.values()[random.nextInt(3)]);
            case 10 -> ArrowType.BINARY;
            case 11 -> ArrowType.LARGE_BINARY;
            case 12 -> ArrowType.BINARY_VIEW;
            case 13 -> new ArrowType.FixedSizeBinary(1 + random.nextInt(20));
            case 14 -> ArrowType.UTF8;
            case 15 -> ArrowType.LARGE_UTF8;
            case 16 -> ArrowType.UTF8_VIEW;
            case 17 -> new ArrowType.Int(8 << random.nextInt(4), true);
            case 18 -> ArrowType.FLOAT64;
            case 19 -> new ArrowType.Extension("quiver.test", ArrowType.UTF8, "meta");
            case 20 -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris");
            case 21 -> ArrowType.INT32;
            case 22 -> ArrowType.UTF8;
            case 23 -> ArrowType.BOOL;
            case 24 -> new ArrowType.List(field(depth - 1));
            case 25 -> new ArrowType.LargeList(field(depth - 1));
            case 26 -> new ArrowType.ListView(field(depth - 1));
            case 27 -> new ArrowType.LargeListView(field(depth - 1));
            case 28 -> new ArrowType.FixedSizeList(field(depth - 1), random.nextInt(4));
            case 29 -> structType(depth);
            case 30 -> new ArrowType.Map(Field.notNull("entries", ArrowType.Struct.of(
                    Field.notNull("key", mapKeyType()), field("value", type(depth - 1)))), random.nextBoolean());
            case 31 -> unionType(depth);
            case 32 -> ArrowType.RunEndEncoded.of(new ArrowType.Int(16 << random.nextInt(3), true),
                    encodedValueType(depth - 1));
            default -> new ArrowType.Dictionary(new ArrowType.Int(8 << random.nextInt(4), random.nextBoolean()),
                    encodedValueType(depth - 1), random.nextBoolean());
        };
    }

    /** The value type of a dictionary or run-end encoded type: neither of those, nor null. */
    private ArrowType encodedValueType(int depth) {
        ArrowType t;
        do {
            t = type(depth);
        } while (t instanceof ArrowType.Dictionary || t instanceof ArrowType.RunEndEncoded
                || t instanceof ArrowType.Null);
        return t;
    }

    /** A nullable (mostly) field named {@code f} of a random type. */
    Field field(int depth) {
        return field("f", type(depth));
    }

    /** A field of the type; a dictionary type gets a fresh dictionary id. */
    Field field(String name, ArrowType type) {
        boolean nullable = type instanceof ArrowType.Null || random.nextInt(4) != 0;
        Field f = new Field(name, type, nullable);
        return type instanceof ArrowType.Dictionary ? f.withDictionaryId(nextDictionaryId++) : f;
    }

    private ArrowType decimalType() {
        int bitWidth = 32 << random.nextInt(4);
        int precision = 1 + random.nextInt(ArrowType.Decimal.maxPrecision(bitWidth));
        return new ArrowType.Decimal(precision, random.nextInt(precision + 1), bitWidth);
    }

    private ArrowType mapKeyType() {
        return random.nextBoolean() ? ArrowType.UTF8 : ArrowType.INT32;
    }

    private ArrowType structType(int depth) {
        List<Field> fields = new ArrayList<>();
        for (int i = random.nextInt(4); i >= 0; i--) {
            fields.add(field("s" + fields.size(), type(depth - 1)));
        }
        return new ArrowType.Struct(fields);
    }

    private ArrowType unionType(int depth) {
        List<Field> fields = new ArrayList<>();
        List<Integer> ids = new ArrayList<>();
        for (int i = random.nextInt(3); i >= 0; i--) {
            fields.add(field("u" + fields.size(), type(depth - 1)));
            ids.add(fields.size() * 3 + random.nextInt(3));
        }
        return new ArrowType.Union(random.nextBoolean() ? UnionMode.SPARSE : UnionMode.DENSE, fields, ids);
    }
}
