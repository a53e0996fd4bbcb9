// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.builder.DecimalBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.ValueOutOfRangeException;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Turns the fields of one column of a block into an array of the column's type, parsing each field's
 * bytes in place. One parser per column and block; not thread-safe.
 */
abstract sealed class ColumnParser permits ColumnParser.Fixed, ColumnParser.Decimals, ColumnParser.Text,
        ColumnParser.DictionaryText {
    final NullMarkers nulls;
    final String typeName;
    private boolean nullsFirst = true;
    /**
     * Whether the column's type was inferred from the first block: a value the first block would have read
     * as another type (a leading zero of an integer, digits a float64 would round, ...) is then refused,
     * never read with a changed value.
     */
    boolean inferred;

    ColumnParser(NullMarkers nulls, ArrowType type) {
        this.nulls = nulls;
        this.typeName = type.toString();
    }

    /**
     * The parser of a column of {@code type}.
     *
     * @param stringsCanBeNull whether every null marker applies to text (else only the empty field)
     * @param arrays where the parser takes its heap arrays from, and gives them back to once built
     * @param inferred whether the type was inferred, so values that would have made another are refused
     */
    static ColumnParser of(ArrowType type, NullMarkers nulls, boolean stringsCanBeNull, int rows,
            BufferAllocator allocator, boolean nullsFirst, ArrayPool arrays, boolean inferred) {
        ColumnParser parser = switch (type) {
            case ArrowType.Int t -> new Ints(t, nulls, allocator, rows, arrays);
            case ArrowType.FloatingPoint t -> new Floats(t, nulls, allocator, rows, arrays);
            case ArrowType.Bool t -> new Bools(nulls, allocator, rows, arrays);
            case ArrowType.Date t -> new Temporals(t, nulls, allocator, rows, arrays);
            case ArrowType.Time t -> new Temporals(t, nulls, allocator, rows, arrays);
            case ArrowType.Timestamp t -> new Temporals(t, nulls, allocator, rows, arrays);
            case ArrowType.Decimal t -> new Decimals(t, nulls, allocator);
            case ArrowType.Dictionary t -> new DictionaryText(t, textNulls(nulls, stringsCanBeNull), allocator);
            default -> new Text(type, textNulls(nulls, stringsCanBeNull), allocator, rows, arrays);
        };
        parser.nullsFirst = nullsFirst;
        parser.inferred = inferred;
        return parser;
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
        if (quoted) {
            appendValue(b, s, e);
        } else if (nullsFirst || s == e) {
            if (nulls.isNull(b, s, e)) {
                appendNull();
            } else {
                appendValue(b, s, e);
            }
        } else {
            try {
                appendValue(b, s, e);
            } catch (BadValue bad) {
                if (!nulls.isNull(b, s, e)) {
                    throw bad;
                }
                appendNull();
            }
        }
    }

    /**
     * Whether an unquoted field must be tested against the null markers before it is parsed: for text
     * and floats ({@code NaN} parses), and for any type some marker is a value of. Otherwise a field is
     * parsed first and tested only when it does not parse.
     */
    static boolean nullsFirst(ArrowType type, Set<String> markers) {
        if (!(type instanceof ArrowType.Int || type instanceof ArrowType.Date || type instanceof ArrowType.Time
                || type instanceof ArrowType.Timestamp || type instanceof ArrowType.Decimal
                || type instanceof ArrowType.Bool)) {
            return true;
        }
        for (String marker : markers) {
            byte[] bytes = marker.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            ColumnParser probe = of(type, new NullMarkers(Set.of()), false, 1, BufferAllocator.managed(), true,
                    new ArrayPool(), false);
            try {
                probe.appendValue(bytes, 0, bytes.length);
                return true;
            } catch (BadValue notAValue) {
                // this marker is no value of the type
            }
        }
        return false;
    }

    /**
     * Appends {@code count} fields of a tokenized block: {@code k}, {@code k + columns}, ... (one column
     * of consecutive records), unescaping those that need it into {@code scratch}.
     *
     * @throws BadValue if a text is not a value of the type; its {@link BadValue#field} says which
     */
    abstract void appendFields(Tokens tokens, int k, int count, Dialect dialect, Scratch scratch);

    /**
     * The loop of {@link #appendFields}. Each concrete parser calls it from its own override, where the
     * JIT knows the exact class of {@code this}: the calls of {@link #appendValue} in it are then bound
     * and inlined, not one virtual call per value.
     */
    final void appendEach(Tokens tokens, int k, int count, Dialect dialect, Scratch scratch) {
        byte[] b = tokens.bytes;
        int[] starts = tokens.starts;
        int[] ends = tokens.ends;
        byte[] flags = tokens.flags;
        int step = tokens.columns;
        for (int r = 0; r < count; r++, k += step) {
            byte flag = flags[k];
            try {
                if ((flag & Tokens.ESCAPED) != 0) {
                    byte[] unescaped = scratch.unescape(b, starts[k], ends[k], dialect);
                    appendValue(unescaped, 0, scratch.length);
                } else {
                    append(b, starts[k], ends[k], flag != 0);
                }
            } catch (BadValue bad) {
                bad.field = k;
                throw bad;
            }
        }
    }

    abstract void appendNull();

    abstract void appendValue(byte[] b, int s, int e);

    abstract Array build();

    BadValue notA() {
        return new BadValue("is not " + typeName);
    }

    /** Whether a number has a leading zero ({@code 007}, {@code -01}, {@code 00.5}): text to inference. */
    static boolean leadingZero(byte[] b, int s, int e) {
        int i = s < e && (b[s] == '-' || b[s] == '+') ? s + 1 : s;
        return i + 1 < e && b[i] == '0' && Numbers.isDigit(b[i + 1]);
    }

    /** The refusal of a late value the first block would have read as another type. */
    static BadValue wouldChangeType(String what) {
        return new BadValue(what + " (in the first block it would have made the column another type)");
    }

    /**
     * The common part of fixed-width columns: values and validity written into heap arrays sized for the
     * block's rows (no growth, no per-value checks of a general builder), copied once into Arrow buffers.
     */
    abstract static sealed class Fixed extends ColumnParser permits Ints, Floats, Bools, Temporals {
        private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class,
                ByteOrder.LITTLE_ENDIAN);
        private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class,
                ByteOrder.LITTLE_ENDIAN);

        private final ArrowType type;
        private final BufferAllocator allocator;
        private final ArrayPool arrays;
        /** Bytes per value; 0 for bits. */
        private final int width;
        private final byte[] values;
        private final byte[] validity;
        private int length;
        private int nullCount;

        Fixed(ArrowType type, NullMarkers nulls, BufferAllocator allocator, int rows, int bitWidth, ArrayPool arrays) {
            super(nulls, type);
            this.type = type;
            this.allocator = allocator;
            this.arrays = arrays;
            this.width = bitWidth >>> 3;
            int bitmapBytes = (rows + 7) >>> 3;
            this.values = arrays.bytes(width == 0 ? bitmapBytes : rows * width);
            this.validity = arrays.bytes(bitmapBytes);
            Arrays.fill(validity, 0, bitmapBytes, (byte) 0);
            if (width == 0) {
                Arrays.fill(values, 0, bitmapBytes, (byte) 0);
            }
        }

        /**
         * Appends a null. The validity bits are written from the first null on (those of the values before
         * it set at once), so a column without nulls writes none.
         */
        @Override
        final void appendNull() {
            if (nullCount == 0) {
                Arrays.fill(validity, 0, length >>> 3, (byte) -1);
                for (int i = length & ~7; i < length; i++) {
                    validity[i >>> 3] |= (byte) (1 << (i & 7));
                }
            }
            if (width > 0) {
                Arrays.fill(values, length * width, (length + 1) * width, (byte) 0);
            }
            length++;
            nullCount++;
        }

        private void valid() {
            if (nullCount != 0) {
                validity[length >>> 3] |= (byte) (1 << (length & 7));
            }
            length++;
        }

        /** Appends a value of the column's width from the low bits of {@code v}. */
        final void put(long v) {
            switch (width) {
                case 8 -> LONG.set(values, length << 3, v);
                case 4 -> INT.set(values, length << 2, (int) v);
                case 2 -> {
                    values[length << 1] = (byte) v;
                    values[(length << 1) + 1] = (byte) (v >> 8);
                }
                case 1 -> values[length] = (byte) v;
                default -> {
                    if (v != 0) {
                        values[length >>> 3] |= (byte) (1 << (length & 7));
                    }
                }
            }
            valid();
        }

        private ArrowBuffer copy(byte[] bytes, int n) {
            ArrowBuffer buffer = allocator.allocateForOverwrite(n);
            MemorySegment.copy(MemorySegment.ofArray(bytes), 0, buffer.segment(), 0, n);
            return buffer;
        }

        @Override
        final Array build() {
            int valueBytes = width == 0 ? (length + 7) >>> 3 : length * width;
            ArrowBuffer validityBuffer = nullCount == 0 ? null : copy(validity, (length + 7) >>> 3);
            ArrayData data = new ArrayData(type, length, 0, nullCount,
                    Arrays.asList(validityBuffer, copy(values, valueBytes)), List.of(), null);
            arrays.give(values);
            arrays.give(validity);
            return Array.ofUnchecked(data);
        }
    }

    static final class Ints extends Fixed {
        private final boolean unsigned64;
        private final long min;
        private final long max;

        Ints(ArrowType.Int type, NullMarkers nulls, BufferAllocator allocator, int rows, ArrayPool arrays) {
            super(type, nulls, allocator, rows, type.bitWidth(), arrays);
            this.unsigned64 = !type.signed() && type.bitWidth() == 64;
            int bits = type.bitWidth();
            this.min = type.signed() ? (bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1))) : 0;
            this.max = type.signed() ? (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1)
                    : bits == 64 ? Long.MAX_VALUE : (1L << bits) - 1;
        }

        @Override
        void appendFields(Tokens tokens, int k, int count, Dialect dialect, Scratch scratch) {
            appendEach(tokens, k, count, dialect, scratch);
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            if (unsigned64) {
                put(Numbers.parseUnsignedLong(b, s, e, typeName));
                return;
            }
            long v = Numbers.parseLong(b, s, e, typeName, inferred);
            if (v < min || v > max) {
                throw new BadValue("is out of the range of " + typeName);
            }
            put(v);
        }
    }

    static final class Floats extends Fixed {
        private final boolean single;

        Floats(ArrowType.FloatingPoint type, NullMarkers nulls, BufferAllocator allocator, int rows, ArrayPool arrays) {
            super(type, nulls, allocator, rows, type.precision() == Precision.SINGLE ? 32 : 64, arrays);
            this.single = type.precision() == Precision.SINGLE;
        }

        @Override
        void appendFields(Tokens tokens, int k, int count, Dialect dialect, Scratch scratch) {
            appendEach(tokens, k, count, dialect, scratch);
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            double v = Numbers.parseDouble(b, s, e, typeName, inferred);
            put(single ? Float.floatToRawIntBits((float) v) : Double.doubleToRawLongBits(v));
        }
    }

    static final class Bools extends Fixed {
        private static final int TRUE = word("true");
        private static final int TRUE_CAPITALIZED = word("True");
        private static final int TRUE_UPPER = word("TRUE");
        private static final int ALSE = word("alse");
        private static final int ALSE_UPPER = word("ALSE");

        Bools(NullMarkers nulls, BufferAllocator allocator, int rows, ArrayPool arrays) {
            super(ArrowType.BOOL, nulls, allocator, rows, 1, arrays);
        }

        @Override
        void appendFields(Tokens tokens, int k, int count, Dialect dialect, Scratch scratch) {
            appendEach(tokens, k, count, dialect, scratch);
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            if (inferred && e - s == 1) {
                throw wouldChangeType("is not true or false");
            }
            int value = bool(b, s, e);
            if (value < 0) {
                throw notA();
            }
            put(value);
        }

        /** 1 for {@code true}, {@code True}, {@code TRUE}, {@code 1}; 0 for the false ones; else -1. */
        static int bool(byte[] b, int s, int e) {
            int n = e - s;
            if (n == 1) {
                return b[s] == '1' ? 1 : b[s] == '0' ? 0 : -1;
            }
            if (n == 4) {
                int word = (int) Fixed.INT.get(b, s);
                return word == TRUE || word == TRUE_CAPITALIZED || word == TRUE_UPPER ? 1 : -1;
            }
            if (n == 5) {
                int rest = (int) Fixed.INT.get(b, s + 1);
                byte first = b[s];
                return first == 'f' && rest == ALSE || first == 'F' && (rest == ALSE || rest == ALSE_UPPER) ? 0 : -1;
            }
            return -1;
        }

        /** The four ASCII characters of {@code text} as a little-endian int. */
        private static int word(String text) {
            return text.charAt(0) | text.charAt(1) << 8 | text.charAt(2) << 16 | text.charAt(3) << 24;
        }
    }

    /** Dates, times of day and timestamps: ISO 8601 text to a count of units. */
    static final class Temporals extends Fixed {
        private static final int DATE32 = 0;
        private static final int DATE64 = 1;
        private static final int TIME = 2;
        private static final int TIMESTAMP = 3;

        private final int kind;
        private final TimeUnit unit;
        private final boolean zoned;
        private final Temporal parsed = new Temporal();

        Temporals(ArrowType type, NullMarkers nulls, BufferAllocator allocator, int rows, ArrayPool arrays) {
            super(type, nulls, allocator, rows, switch (type) {
                case ArrowType.Date t -> t.bitWidth();
                case ArrowType.Time t -> t.bitWidth();
                default -> 64;
            }, arrays);
            switch (type) {
                case ArrowType.Date t -> {
                    kind = t.unit() == DateUnit.DAY ? DATE32 : DATE64;
                    unit = null;
                    zoned = false;
                }
                case ArrowType.Time t -> {
                    kind = TIME;
                    unit = t.unit();
                    zoned = false;
                }
                case ArrowType.Timestamp t -> {
                    kind = TIMESTAMP;
                    unit = t.unit();
                    zoned = t.timezone() != null;
                }
                default -> throw new IllegalArgumentException("not temporal: " + type);
            }
        }

        @Override
        void appendFields(Tokens tokens, int k, int count, Dialect dialect, Scratch scratch) {
            appendEach(tokens, k, count, dialect, scratch);
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            if (kind == TIMESTAMP) {
                if (!parsed.timestamp(b, s, e)) {
                    throw notA();
                }
                if (parsed.zoned && !zoned) {
                    throw new BadValue("has a time zone, but the column is " + typeName
                            + " (give the column a zone, e.g. timestamp[us, UTC])");
                }
                if (inferred && zoned && !parsed.zoned) {
                    throw wouldChangeType("has no time zone");
                }
                refuseFinerFraction();
                put(parsed.in(unit, typeName));
            } else if (kind == TIME) {
                if (!parsed.time(b, s, e, inferred)) {
                    throw notA();
                }
                refuseFinerFraction();
                put(parsed.in(unit, typeName));
            } else {
                long day = e - s == 10 ? Temporal.date(b, s) : Long.MIN_VALUE;
                if (day == Long.MIN_VALUE) {
                    throw notA();
                }
                put(kind == DATE64 ? day * 86_400_000L : day);
            }
        }

        /**
         * For an inferred type, refuses more fraction digits than it has (zeros too: the first block would
         * have inferred a finer unit, the value is kept but its type would differ).
         */
        private void refuseFinerFraction() {
            if (inferred && parsed.fractionDigits > (unit == TimeUnit.SECOND ? 0 : unit == TimeUnit.MILLISECOND ? 3
                    : unit == TimeUnit.MICROSECOND ? 6 : 9)) {
                throw wouldChangeType("has more fraction digits than " + typeName + " holds");
            }
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
        void appendFields(Tokens tokens, int k, int count, Dialect dialect, Scratch scratch) {
            appendEach(tokens, k, count, dialect, scratch);
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            if (inferred) {
                refuseWider(b, s, e);
            }
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

        /** Refuses a leading zero, or more fraction digits than the scale (zeros too), for an inferred type. */
        private void refuseWider(byte[] b, int s, int e) {
            if (leadingZero(b, s, e)) {
                throw wouldChangeType("has a leading zero");
            }
            for (int i = s; i < e; i++) {
                if (b[i] == '.' && e - i - 1 > scale) {
                    throw wouldChangeType("has more fraction digits than " + typeName + " holds");
                }
            }
        }

        @Override
        Array build() {
            return builder.build();
        }
    }

    /** utf8 and large_utf8: offsets, data and validity in heap arrays, copied once into Arrow buffers. */
    static final class Text extends ColumnParser {
        private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
        private static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG_UNALIGNED
                .withOrder(ByteOrder.LITTLE_ENDIAN);
        private final ArrowType type;
        private final BufferAllocator allocator;
        private final ArrayPool arrays;
        private final boolean large;
        private final long[] offsets;
        private final byte[] validity;
        private byte[] data;
        private int length;
        private int nullCount;
        private long size;

        Text(ArrowType type, NullMarkers nulls, BufferAllocator allocator, int rows, ArrayPool arrays) {
            super(nulls, type);
            this.type = type;
            this.allocator = allocator;
            this.arrays = arrays;
            this.large = type instanceof ArrowType.LargeUtf8;
            this.offsets = arrays.longs(rows + 1);
            offsets[0] = 0;
            this.validity = arrays.bytes((rows + 7) >>> 3);
            Arrays.fill(validity, 0, (rows + 7) >>> 3, (byte) 0);
            this.data = arrays.bytes(Math.max(64, rows * 8));
        }

        @Override
        void appendNull() {
            length++;
            offsets[length] = size;
            nullCount++;
        }

        @Override
        void appendFields(Tokens tokens, int k, int count, Dialect dialect, Scratch scratch) {
            appendEach(tokens, k, count, dialect, scratch);
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            int n = e - s;
            if (size + n > data.length) {
                if (!large && size + n > Integer.MAX_VALUE) {
                    throw new BadValue("does not fit: a utf8 column of one block holds at most 2 GiB (use large_utf8)");
                }
                byte[] grown = arrays.bytes((int) Math.min(Integer.MAX_VALUE - 8, Math.max(size + n, data.length * 2L)));
                System.arraycopy(data, 0, grown, 0, (int) size);
                arrays.give(data);
                data = grown;
            }
            System.arraycopy(b, s, data, (int) size, n);
            size += n;
            validity[length >>> 3] |= (byte) (1 << (length & 7));
            length++;
            offsets[length] = size;
        }

        @Override
        Array build() {
            ArrowBuffer offsetBuffer;
            if (large) {
                offsetBuffer = allocator.allocateForOverwrite((long) (length + 1) * 8);
                MemorySegment.copy(MemorySegment.ofArray(offsets), ValueLayout.JAVA_LONG, 0, offsetBuffer.segment(),
                        LE_LONG, 0, length + 1);
            } else {
                offsetBuffer = allocator.allocateForOverwrite((long) (length + 1) * 4);
                MemorySegment segment = offsetBuffer.segment();
                for (int i = 0; i <= length; i++) {
                    segment.set(LE_INT, 4L * i, (int) offsets[i]);
                }
            }
            ArrowBuffer dataBuffer = allocator.allocateForOverwrite(size);
            MemorySegment.copy(MemorySegment.ofArray(data), 0, dataBuffer.segment(), 0, size);
            ArrowBuffer validityBuffer = null;
            if (nullCount > 0) {
                validityBuffer = allocator.allocateForOverwrite((length + 7) >>> 3);
                MemorySegment.copy(MemorySegment.ofArray(validity), 0, validityBuffer.segment(), 0, (length + 7) >>> 3);
            }
            ArrayData arrayData = new ArrayData(type, length, 0, nullCount,
                    Arrays.asList(validityBuffer, offsetBuffer, dataBuffer), List.of(), null);
            arrays.give(offsets);
            arrays.give(validity);
            arrays.give(data);
            return Array.ofUnchecked(arrayData);
        }
    }

    /** Dictionary-encoded text: distinct values hashed by their bytes, no String per value. */
    static final class DictionaryText extends ColumnParser {
        private final ArrowType.Dictionary type;
        private final IntBuilder<?> indices;
        private final BufferAllocator allocator;
        private final DistinctValues values = new DistinctValues();

        DictionaryText(ArrowType.Dictionary type, NullMarkers nulls, BufferAllocator allocator) {
            super(nulls, type);
            this.type = type;
            this.allocator = allocator;
            this.indices = IntBuilder.of(type.indexType(), allocator);
        }

        @Override
        void appendNull() {
            indices.appendNull();
        }

        @Override
        void appendFields(Tokens tokens, int k, int count, Dialect dialect, Scratch scratch) {
            appendEach(tokens, k, count, dialect, scratch);
        }

        @Override
        void appendValue(byte[] b, int s, int e) {
            indices.append(values.indexOf(b, s, e));
        }

        @Override
        Array build() {
            ArrayData indexData = indices.build().data();
            ArrayData data = new ArrayData(type, indexData.length(), 0, indexData.nullCount(), indexData.buffers(),
                    List.of(), values.build(type.valueType(), allocator));
            return DictionaryArray.ofUnchecked(data);
        }
    }
}
