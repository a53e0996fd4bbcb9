// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.builder.BooleanBuilder;
import dev.quiver.core.builder.DateBuilder;
import dev.quiver.core.builder.DecimalBuilder;
import dev.quiver.core.builder.FloatBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.TimeBuilder;
import dev.quiver.core.builder.TimestampBuilder;
import dev.quiver.core.builder.ValueOutOfRangeException;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

/**
 * Turns the fields of one column of a block into an array of the column's type, parsing each field's
 * bytes in place. One parser per column and block; not thread-safe.
 */
abstract sealed class ColumnParser {
    final NullMarkers nulls;
    final String typeName;

    ColumnParser(NullMarkers nulls, ArrowType type) {
        this.nulls = nulls;
        this.typeName = type.toString();
    }

    /**
     * The parser of a column of {@code type}.
     *
     * @param stringsCanBeNull whether every null marker applies to text (else only the empty field)
     */
    static ColumnParser of(ArrowType type, NullMarkers nulls, boolean stringsCanBeNull) {
        BufferAllocator allocator = BufferAllocator.managed();
        return switch (type) {
            case ArrowType.Int t -> new Ints(t, nulls, allocator);
            case ArrowType.FloatingPoint t -> new Floats(t, nulls, allocator);
            case ArrowType.Bool t -> new Bools(nulls, allocator);
            case ArrowType.Date t -> new Dates(t, nulls, allocator);
            case ArrowType.Time t -> new Times(t, nulls, allocator);
            case ArrowType.Timestamp t -> new Timestamps(t, nulls, allocator);
            case ArrowType.Decimal t -> new Decimals(t, nulls, allocator);
            case ArrowType.Dictionary t -> new DictionaryText(t, textNulls(nulls, stringsCanBeNull), allocator);
            default -> new Text(type, textNulls(nulls, stringsCanBeNull), allocator);
        };
    }

    private static NullMarkers textNulls(NullMarkers nulls, boolean stringsCanBeNull) {
        return stringsCanBeNull ? nulls : new NullMarkers(nulls.emptyIsNull() ? java.util.Set.of("")
                : java.util.Set.of());
    }

    /**
     * Appends one field: null when unquoted and a null marker, else its parsed value.
     *
     * @throws BadValue if the text is not a value of the type
     */
    final void append(byte[] b, int s, int e, boolean quoted) {
        if (!quoted && nulls.isNull(b, s, e)) {
            appendNull();
        } else {
            appendValue(b, s, e);
        }
    }

    abstract void appendNull();

    abstract void appendValue(byte[] b, int s, int e);

    abstract Array build();

    BadValue notA() {
        return new BadValue("is not " + typeName);
    }

    static final class Ints extends ColumnParser {
        private final IntBuilder<?> builder;
        private final boolean unsigned64;

        Ints(ArrowType.Int type, NullMarkers nulls, BufferAllocator allocator) {
            super(nulls, type);
            this.builder = IntBuilder.of(type, allocator);
            this.unsigned64 = !type.signed() && type.bitWidth() == 64;
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            if (unsigned64) {
                builder.appendUnsignedBits(Numbers.parseUnsignedLong(b, s, e, typeName));
                return;
            }
            long v = Numbers.parseLong(b, s, e, typeName);
            try {
                builder.append(v);
            } catch (ValueOutOfRangeException e2) {
                throw new BadValue("is out of the range of " + typeName);
            }
        }

        @Override
        Array build() {
            return builder.build();
        }
    }

    static final class Floats extends ColumnParser {
        private final FloatBuilder<?> builder;

        Floats(ArrowType.FloatingPoint type, NullMarkers nulls, BufferAllocator allocator) {
            super(nulls, type);
            this.builder = FloatBuilder.of(type, allocator);
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            builder.append(Numbers.parseDouble(b, s, e, typeName));
        }

        @Override
        Array build() {
            return builder.build();
        }
    }

    static final class Bools extends ColumnParser {
        private final BooleanBuilder builder;

        Bools(NullMarkers nulls, BufferAllocator allocator) {
            super(nulls, ArrowType.BOOL);
            this.builder = new BooleanBuilder(allocator);
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            int value = bool(b, s, e);
            if (value < 0) {
                throw notA();
            }
            builder.append(value == 1);
        }

        /** 1 for {@code true}, {@code True}, {@code TRUE}, {@code 1}; 0 for the false ones; else -1. */
        static int bool(byte[] b, int s, int e) {
            int n = e - s;
            if (n == 1) {
                return b[s] == '1' ? 1 : b[s] == '0' ? 0 : -1;
            }
            if (n == 4 && matches(b, s, "true")) {
                return 1;
            }
            if (n == 5 && matches(b, s, "false")) {
                return 0;
            }
            return -1;
        }

        /** Whether the bytes are {@code word} in lower case, capitalized, or upper case. */
        private static boolean matches(byte[] b, int s, String word) {
            boolean lower = true;
            boolean upper = true;
            for (int k = 0; k < word.length(); k++) {
                char w = word.charAt(k);
                byte c = b[s + k];
                lower &= c == w || k == 0 && c == w - 32;
                upper &= c == w - 32;
            }
            return lower || upper;
        }

        @Override
        Array build() {
            return builder.build();
        }
    }

    static final class Dates extends ColumnParser {
        private final DateBuilder builder;
        private final boolean millis;

        Dates(ArrowType.Date type, NullMarkers nulls, BufferAllocator allocator) {
            super(nulls, type);
            this.builder = new DateBuilder(type, allocator);
            this.millis = type.unit() == DateUnit.MILLISECOND;
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            long day = e - s == 10 ? Temporal.date(b, s) : Long.MIN_VALUE;
            if (day == Long.MIN_VALUE) {
                throw notA();
            }
            builder.append(millis ? day * 86_400_000L : day);
        }

        @Override
        Array build() {
            return builder.build();
        }
    }

    static final class Times extends ColumnParser {
        private final TimeBuilder builder;
        private final ArrowType.Time type;
        private final Temporal parsed = new Temporal();

        Times(ArrowType.Time type, NullMarkers nulls, BufferAllocator allocator) {
            super(nulls, type);
            this.type = type;
            this.builder = new TimeBuilder(type, allocator);
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            if (!parsed.time(b, s, e, false)) {
                throw notA();
            }
            builder.append(parsed.in(type.unit(), typeName));
        }

        @Override
        Array build() {
            return builder.build();
        }
    }

    static final class Timestamps extends ColumnParser {
        private final TimestampBuilder builder;
        private final ArrowType.Timestamp type;
        private final Temporal parsed = new Temporal();

        Timestamps(ArrowType.Timestamp type, NullMarkers nulls, BufferAllocator allocator) {
            super(nulls, type);
            this.type = type;
            this.builder = new TimestampBuilder(type, allocator);
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            if (!parsed.timestamp(b, s, e)) {
                throw notA();
            }
            if (parsed.zoned && type.timezone() == null) {
                throw new BadValue("has a time zone, but the column is " + typeName
                        + " (give the column a zone, e.g. timestamp[us, UTC])");
            }
            builder.append(parsed.in(type.unit(), typeName));
        }

        @Override
        Array build() {
            return builder.build();
        }
    }

    static final class Decimals extends ColumnParser {
        private final DecimalBuilder builder;
        private final int scale;
        private final BigInteger[] wide = new BigInteger[1];

        Decimals(ArrowType.Decimal type, NullMarkers nulls, BufferAllocator allocator) {
            super(nulls, type);
            this.scale = type.scale();
            this.builder = new DecimalBuilder(type, allocator);
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            wide[0] = null;
            long unscaled = Numbers.parseDecimal(b, s, e, scale, typeName, wide);
            try {
                if (wide[0] != null) {
                    builder.appendUnscaled(wide[0]);
                } else {
                    builder.appendUnscaled(unscaled);
                }
            } catch (ValueOutOfRangeException tooManyDigits) {
                throw new BadValue("has more digits than " + typeName + " holds");
            }
        }

        @Override
        Array build() {
            return builder.build();
        }
    }

    static final class Text extends ColumnParser {
        private final VarBinaryBuilder builder;

        Text(ArrowType type, NullMarkers nulls, BufferAllocator allocator) {
            super(nulls, type);
            this.builder = new VarBinaryBuilder(type, allocator);
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            builder.append(b, s, e - s);
        }

        @Override
        Array build() {
            return builder.build();
        }
    }

    /** Dictionary-encoded text: distinct values hashed by their bytes, no String per value. */
    static final class DictionaryText extends ColumnParser {
        private final ArrowType.Dictionary type;
        private final IntBuilder<?> indices;
        private final BufferAllocator allocator;
        private byte[] pool = new byte[1024];
        private int poolLength;
        private int[] offsets = new int[65];
        private int count;
        private int[] table = new int[128];

        DictionaryText(ArrowType.Dictionary type, NullMarkers nulls, BufferAllocator allocator) {
            super(nulls, type);
            this.type = type;
            this.allocator = allocator;
            this.indices = IntBuilder.of(type.indexType(), allocator);
            Arrays.fill(table, -1);
        }

        @Override
        void appendNull() {
            indices.appendNull();
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            int hash = hash(b, s, e);
            int mask = table.length - 1;
            int slot = hash & mask;
            while (true) {
                int index = table[slot];
                if (index < 0) {
                    index = add(b, s, e);
                    table[slot] = index;
                    if (count * 2 > table.length) {
                        rehash();
                    }
                    indices.append(index);
                    return;
                }
                if (Arrays.equals(pool, offsets[index], offsets[index + 1], b, s, e)) {
                    indices.append(index);
                    return;
                }
                slot = (slot + 1) & mask;
            }
        }

        private static int hash(byte[] b, int s, int e) {
            int h = 0x9E3779B9;
            for (int i = s; i < e; i++) {
                h = 31 * h + b[i];
            }
            return h ^ (h >>> 16);
        }

        private int add(byte[] b, int s, int e) {
            int n = e - s;
            if (poolLength + n > pool.length) {
                pool = Arrays.copyOf(pool, Math.max(poolLength + n, pool.length * 2));
            }
            System.arraycopy(b, s, pool, poolLength, n);
            poolLength += n;
            if (count + 2 > offsets.length) {
                offsets = Arrays.copyOf(offsets, offsets.length * 2);
            }
            offsets[++count] = poolLength;
            return count - 1;
        }

        private void rehash() {
            table = new int[table.length * 2];
            Arrays.fill(table, -1);
            int mask = table.length - 1;
            for (int index = 0; index < count; index++) {
                int slot = hash(pool, offsets[index], offsets[index + 1]) & mask;
                while (table[slot] >= 0) {
                    slot = (slot + 1) & mask;
                }
                table[slot] = index;
            }
        }

        @Override
        Array build() {
            VarBinaryBuilder values = new VarBinaryBuilder(type.valueType(), allocator);
            for (int index = 0; index < count; index++) {
                values.append(pool, offsets[index], offsets[index + 1] - offsets[index]);
            }
            ArrayData indexData = indices.build().data();
            ArrayData data = new ArrayData(type, indexData.length(), 0, indexData.nullCount(), indexData.buffers(),
                    List.of(), values.build().data());
            return DictionaryArray.ofUnchecked(data);
        }
    }
}
