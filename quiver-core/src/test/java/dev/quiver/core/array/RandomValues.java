// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.Types;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.LocalDate;
import java.time.Period;
import java.time.temporal.ChronoUnit;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;

/**
 * Random values of any type, in the representation {@link ArrayBuilder#appendObject} takes, with nulls
 * where the field is nullable; {@link #expected} turns such a value into what {@link Array#getObject}
 * returns, and {@link #deepEquals} compares those. Union values are {@link UnionValue}s (the type id
 * chooses the child), read back as the plain child value. Lists repeat their previous element now and
 * then, so that run-end encoding and dictionaries have runs and duplicates to find.
 */
final class RandomValues {
    private static final float[] FLOAT_SPECIALS = {0f, -0f, Float.NaN, Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE, 1f, -1.5f};
    private static final double[] DOUBLE_SPECIALS = {0d, -0d, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 1d, -2.25d};
    private static final int[] CODE_POINTS = {'a', 'Z', '0', ' ', '"', '\\', 0, 0x7F, 0xE9, 0x7FF, 0x800, 0x4E2D,
        0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF};

    private final java.util.Map<ArrowType, List<Object>> dictionaryPools = new java.util.HashMap<>();
    private final Random random;

    RandomValues(long seed) {
        this.random = new Random(seed);
    }

    Random random() {
        return random;
    }

    /** {@code n} values of {@code type}, null only when {@code nullable}; often repeating the previous one. */
    List<Object> list(ArrowType type, boolean nullable, int n) {
        List<Object> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            boolean repeat = k > 0 && random.nextInt(3) == 0;
            out.add(repeat ? out.get(k - 1) : value(type, nullable));
        }
        return out;
    }

    /** A value of the field's type, null only when the field is nullable. */
    Object value(Field field) {
        return value(field.type(), field.nullable());
    }

    /** A value of {@code type}: null (one time in five) only when {@code nullable}. */
    Object value(ArrowType type, boolean nullable) {
        if (!canBeValid(type) || nullable && random.nextInt(5) == 0) {
            return type instanceof ArrowType.Union u && random.nextBoolean()
                    ? new UnionValue(u.typeIds().get(random.nextInt(u.typeIds().size())), null)
                    : null;
        }
        return nonNull(type);
    }

    /** Whether a slot of {@code type} can be valid (not for the null type, and what only holds it). */
    static boolean canBeValid(ArrowType type) {
        return switch (type) {
            case ArrowType.Null t -> false;
            case ArrowType.Union t -> t.fields().stream().anyMatch(f -> canBeValid(f.type()));
            case ArrowType.RunEndEncoded t -> canBeValid(t.values().type());
            case ArrowType.Extension t -> canBeValid(t.storageType());
            default -> true;
        };
    }

    /** A valid (non-null) value of {@code type}; children may be null where their fields allow. */
    Object nonNull(ArrowType type) {
        return switch (type) {
            case ArrowType.Null t -> throw new IllegalArgumentException("the null type has no valid values");
            case ArrowType.Bool t -> random.nextBoolean();
            case ArrowType.Int t -> integer(t);
            case ArrowType.FloatingPoint t -> switch (t.precision()) {
                case HALF -> Float.float16ToFloat((short) random.nextInt());
                case SINGLE -> random.nextInt(3) == 0 ? FLOAT_SPECIALS[random.nextInt(FLOAT_SPECIALS.length)]
                        : random.nextBoolean() ? Float.intBitsToFloat(random.nextInt())
                        : (random.nextFloat() - 0.5f) * 1000;
                case DOUBLE -> random.nextInt(3) == 0 ? DOUBLE_SPECIALS[random.nextInt(DOUBLE_SPECIALS.length)]
                        : random.nextBoolean() ? Double.longBitsToDouble(random.nextLong())
                        : (random.nextDouble() - 0.5) * 1e6;
            };
            case ArrowType.Decimal t -> decimal(t);
            case ArrowType.Date t -> LocalDate.ofEpochDay(t.bitWidth() == 32 ? random.nextInt()
                    : random.nextLong(-106_751_991_167L, 106_751_991_167L)); // days whose milliseconds fit 64 bits
            case ArrowType.Time t -> ArrayBuilder.of(t).appendObject(random.nextLong(unitsPerDay(t.unit())))
                    .build().getObject(0);
            // seconds stay within java.time's range; finer units read any 64-bit count
            case ArrowType.Timestamp t -> ArrayBuilder.of(t).appendObject(t.unit() == TimeUnit.SECOND
                    ? random.nextLong(-31_000_000_000_000_000L, 31_000_000_000_000_000L) : random.nextLong())
                    .build().getObject(0);
            case ArrowType.Duration t -> Duration.of(random.nextLong(), chronoUnit(t.unit()));
            case ArrowType.Interval t -> switch (t.unit()) {
                case YEAR_MONTH -> Period.ofMonths(random.nextInt()).normalized();
                case DAY_TIME -> new IntervalDayTime(random.nextInt(), random.nextInt());
                case MONTH_DAY_NANO -> new IntervalMonthDayNano(random.nextInt(), random.nextInt(), random.nextLong());
            };
            case ArrowType.FixedSizeBinary t -> bytes(t.byteWidth());
            case ArrowType.Binary t -> bytes(length());
            case ArrowType.LargeBinary t -> bytes(length());
            case ArrowType.BinaryView t -> bytes(length());
            case ArrowType.Utf8 t -> string();
            case ArrowType.LargeUtf8 t -> string();
            case ArrowType.Utf8View t -> string();
            case ArrowType.List t -> list(t.valueField().type(), t.valueField().nullable(), random.nextInt(5));
            case ArrowType.LargeList t -> list(t.valueField().type(), t.valueField().nullable(), random.nextInt(5));
            case ArrowType.ListView t -> list(t.valueField().type(), t.valueField().nullable(), random.nextInt(5));
            case ArrowType.LargeListView t ->
                    list(t.valueField().type(), t.valueField().nullable(), random.nextInt(5));
            case ArrowType.FixedSizeList t -> list(t.valueField().type(), t.valueField().nullable(), t.listSize());
            case ArrowType.Struct t -> {
                Map<String, Object> out = new LinkedHashMap<>();
                for (Field f : t.fields()) {
                    if (!out.containsKey(f.name())) {
                        out.put(f.name(), value(f));
                    }
                }
                yield out;
            }
            case ArrowType.Map t -> {
                int n = random.nextInt(4);
                List<Map.Entry<Object, Object>> out = new ArrayList<>(n);
                for (int k = 0; k < n; k++) {
                    out.add(new AbstractMap.SimpleImmutableEntry<>(nonNull(t.keyField().type()),
                            value(t.valueField())));
                }
                yield out;
            }
            case ArrowType.Union t -> {
                List<Integer> valid = new ArrayList<>();
                for (int k = 0; k < t.fields().size(); k++) {
                    if (canBeValid(t.fields().get(k).type())) {
                        valid.add(k);
                    }
                }
                int k = valid.get(random.nextInt(valid.size()));
                yield new UnionValue(t.typeIds().get(k), nonNull(t.fields().get(k).type()));
            }
            case ArrowType.RunEndEncoded t -> nonNull(t.values().type());
            case ArrowType.Dictionary t -> dictionaryValue(t);
            case ArrowType.Extension t -> nonNull(t.storageType());
        };
    }

    /**
     * A value from a pool of at most 16 per dictionary type, so that nested dictionary columns never
     * need more distinct values than the smallest index type holds (int8: 128).
     */
    private Object dictionaryValue(ArrowType.Dictionary t) {
        List<Object> pool = dictionaryPools.computeIfAbsent(t, k -> new ArrayList<>());
        if (pool.size() < 16 && (pool.isEmpty() || random.nextBoolean())) {
            pool.add(nonNull(t.valueType()));
        }
        return pool.get(random.nextInt(pool.size()));
    }

    private Object integer(ArrowType.Int t) {
        long bits = switch (random.nextInt(6)) {
            case 0 -> 0;
            case 1 -> -1;
            case 2 -> Long.MIN_VALUE >>> (64 - t.bitWidth());
            default -> random.nextLong();
        };
        if (t.signed()) {
            long v = bits << (64 - t.bitWidth()) >> (64 - t.bitWidth());
            return t.bitWidth() == 64 ? (Object) v : (Object) (int) v;
        }
        return switch (t.bitWidth()) {
            case 8 -> (int) (bits & 0xFF);
            case 16 -> (int) (bits & 0xFFFF);
            case 32 -> bits & 0xFFFF_FFFFL;
            default -> new BigInteger(Long.toUnsignedString(bits));
        };
    }

    private BigDecimal decimal(ArrowType.Decimal t) {
        int digits = 1 + random.nextInt(t.precision());
        BigInteger bound = BigInteger.TEN.pow(digits);
        BigInteger unscaled = random.nextInt(8) == 0 ? bound.subtract(BigInteger.ONE)
                : new BigInteger(bound.bitLength() + 8, random).mod(bound);
        return new BigDecimal(random.nextBoolean() ? unscaled.negate() : unscaled, t.scale());
    }

    /**
     * A length for a variable-size value: mostly short, often past the 12 bytes a view inlines, and now
     * and then long enough that view builders start new data blocks.
     */
    private int length() {
        return switch (random.nextInt(40)) {
            case 0 -> 4000 + random.nextInt(30000);
            case 1, 2, 3, 4, 5, 6, 7, 8, 9 -> 13 + random.nextInt(30);
            default -> random.nextInt(13);
        };
    }

    private byte[] bytes(int n) {
        byte[] out = new byte[n];
        random.nextBytes(out);
        return out;
    }

    private String string() {
        int n = length() / 2;
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < n; k++) {
            sb.appendCodePoint(random.nextBoolean() ? 'a' + random.nextInt(26)
                    : CODE_POINTS[random.nextInt(CODE_POINTS.length)]);
        }
        return sb.toString();
    }

    /** What {@link Array#getObject} returns for the slot built from {@code source}. */
    static Object expected(ArrowType type, Object source) {
        if (source == null) {
            return null;
        }
        return switch (type) {
            case ArrowType.List t -> expectedList(t.valueField(), source);
            case ArrowType.LargeList t -> expectedList(t.valueField(), source);
            case ArrowType.ListView t -> expectedList(t.valueField(), source);
            case ArrowType.LargeListView t -> expectedList(t.valueField(), source);
            case ArrowType.FixedSizeList t -> expectedList(t.valueField(), source);
            case ArrowType.Struct t -> {
                Map<?, ?> map = (Map<?, ?>) source;
                Map<String, Object> out = new LinkedHashMap<>();
                for (Field f : t.fields()) {
                    out.put(f.name(), expected(f.type(), map.get(f.name())));
                }
                yield out;
            }
            case ArrowType.Map t -> {
                List<Object> out = new ArrayList<>();
                for (Object o : (List<?>) source) {
                    Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                    out.add(new AbstractMap.SimpleImmutableEntry<>(expected(t.keyField().type(), e.getKey()),
                            expected(t.valueField().type(), e.getValue())));
                }
                yield out;
            }
            case ArrowType.Union t -> {
                UnionValue u = (UnionValue) source;
                yield expected(t.fields().get(t.childIndex(u.typeId())).type(), u.value());
            }
            case ArrowType.RunEndEncoded t -> expected(t.values().type(), source);
            case ArrowType.Dictionary t -> expected(t.valueType(), source);
            case ArrowType.Extension t -> expected(t.storageType(), source);
            default -> source;
        };
    }

    private static List<Object> expectedList(Field field, Object source) {
        List<Object> out = new ArrayList<>();
        for (Object o : (List<?>) source) {
            out.add(expected(field.type(), o));
        }
        return out;
    }

    /** Whether a slot built from {@code source} reads as null. */
    static boolean isNullSlot(ArrowType type, Object source) {
        return expected(type, source) == null || Types.storage(type) instanceof ArrowType.Null;
    }

    /**
     * Deep equality of generic values: byte arrays by content, floats by {@code equals} (bitwise, every
     * NaN equal), BigDecimal by {@code equals} (the scale is the type's), maps in iteration order, and the
     * same Java classes throughout.
     */
    static boolean deepEquals(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        return switch (a) {
            case byte[] x -> b instanceof byte[] y && Arrays.equals(x, y);
            case List<?> x -> b instanceof List<?> y && x.size() == y.size() && allEqual(x.iterator(), y.iterator());
            case Map<?, ?> x -> b instanceof Map<?, ?> y && x.size() == y.size()
                    && allEqual(x.entrySet().iterator(), y.entrySet().iterator());
            case Map.Entry<?, ?> x -> b instanceof Map.Entry<?, ?> y && deepEquals(x.getKey(), y.getKey())
                    && deepEquals(x.getValue(), y.getValue());
            default -> a.getClass() == b.getClass() && Objects.equals(a, b);
        };
    }

    private static boolean allEqual(Iterator<?> x, Iterator<?> y) {
        while (x.hasNext()) {
            if (!deepEquals(x.next(), y.next())) {
                return false;
            }
        }
        return true;
    }

    /** Whether a union occurs anywhere in {@code type}. */
    static boolean hasUnion(ArrowType type) {
        return switch (type) {
            case ArrowType.Union t -> true;
            case ArrowType.Dictionary t -> hasUnion(t.valueType());
            case ArrowType.Extension t -> hasUnion(t.storageType());
            default -> type.children().stream().anyMatch(f -> hasUnion(f.type()));
        };
    }

    /**
     * As {@link #deepEquals}, but floats compare by their raw bits, so that values read from two arrays
     * are equal exactly when the arrays store the same bits.
     */
    static boolean strictEquals(Object a, Object b) {
        if (a instanceof Float x && b instanceof Float y) {
            return Float.floatToRawIntBits(x) == Float.floatToRawIntBits(y);
        }
        if (a instanceof Double x && b instanceof Double y) {
            return Double.doubleToRawLongBits(x) == Double.doubleToRawLongBits(y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int k = 0; k < x.size(); k++) {
                if (!strictEquals(x.get(k), y.get(k))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            return strictEquals(new ArrayList<>(x.entrySet()), new ArrayList<>(y.entrySet()));
        }
        if (a instanceof Map.Entry<?, ?> x && b instanceof Map.Entry<?, ?> y) {
            return strictEquals(x.getKey(), y.getKey()) && strictEquals(x.getValue(), y.getValue());
        }
        return deepEquals(a, b);
    }

    /** Values as text for assertion messages (byte arrays in hex). */
    static String describe(Object value) {
        return Values.format(value);
    }

    private static long unitsPerDay(TimeUnit unit) {
        return 86_400L * unit.perSecond();
    }

    private static ChronoUnit chronoUnit(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> ChronoUnit.SECONDS;
            case MILLISECOND -> ChronoUnit.MILLIS;
            case MICROSECOND -> ChronoUnit.MICROS;
            case NANOSECOND -> ChronoUnit.NANOS;
        };
    }
}
