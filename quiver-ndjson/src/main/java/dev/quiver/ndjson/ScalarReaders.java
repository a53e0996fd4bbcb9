// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.QuiverException;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.BooleanBuilder;
import dev.quiver.core.builder.DecimalBuilder;
import dev.quiver.core.builder.FloatBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Precision;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/** The readers of null, boolean, number and binary fields, and of dictionary and run-end encoded values. */
final class ScalarReaders {
    private static final BigInteger UINT64_LIMIT = BigInteger.ONE.shiftLeft(64);

    private ScalarReaders() {
    }

    /** A field of the null type: only nulls. */
    static final class NullReader extends ValueReader {
        private final ArrayBuilder builder;

        NullReader(String path, ArrayBuilder builder) {
            super(path);
            this.builder = builder;
        }

        @Override
        void read(JsonParser p, JsonToken t) {
            if (t != JsonToken.VALUE_NULL) {
                throw mismatch(p, t, "null (the field's type is null)");
            }
            builder.appendNull();
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }

    /** Booleans. */
    static final class BoolReader extends ValueReader {
        private final BooleanBuilder builder;

        BoolReader(String path, BooleanBuilder builder) {
            super(path);
            this.builder = builder;
        }

        @Override
        void read(JsonParser p, JsonToken t) {
            switch (t) {
                case VALUE_TRUE -> builder.append(true);
                case VALUE_FALSE -> builder.append(false);
                case VALUE_NULL -> builder.appendNull();
                default -> throw mismatch(p, t, "a boolean");
            }
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }

    /** Integers of any width; JSON integers only, in the type's range. */
    static final class IntReader extends ValueReader {
        private final ArrowType.Int type;
        private final IntBuilder<?> builder;
        private final boolean uint64;

        IntReader(String path, ArrowType.Int type, IntBuilder<?> builder) {
            super(path);
            this.type = type;
            this.builder = builder;
            this.uint64 = type.bitWidth() == 64 && !type.signed();
        }

        @Override
        void read(JsonParser p, JsonToken t) throws IOException {
            if (t == JsonToken.VALUE_NULL) {
                builder.appendNull();
                return;
            }
            if (t != JsonToken.VALUE_NUMBER_INT) {
                throw mismatch(p, t, "an integer (" + type + ")");
            }
            if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                BigInteger big = p.getBigIntegerValue();
                if (!uint64 || big.signum() < 0 || big.compareTo(UINT64_LIMIT) >= 0) {
                    throw failure(p, "the integer " + big + " is outside the range of " + type, null);
                }
                builder.appendUnsignedBits(big.longValue());
                return;
            }
            long value = p.getLongValue();
            if (uint64) {
                if (value < 0) {
                    throw failure(p, "the integer " + value + " is outside the range of " + type, null);
                }
                builder.appendUnsignedBits(value);
                return;
            }
            try {
                builder.append(value);
            } catch (QuiverException e) {
                throw failure(p, "the integer " + value + " is outside the range of " + type, e);
            }
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }

    /**
     * Floats: JSON numbers, and the strings {@code NaN}, {@code Infinity} and {@code -Infinity}. An integer
     * must convert exactly (float64 holds every integer up to 2^53).
     */
    static final class FloatReader extends ValueReader {
        private final ArrowType.FloatingPoint type;
        private final FloatBuilder<?> builder;
        private final boolean dbl;

        FloatReader(String path, ArrowType.FloatingPoint type, FloatBuilder<?> builder) {
            super(path);
            this.type = type;
            this.builder = builder;
            this.dbl = type.precision() == Precision.DOUBLE;
        }

        @Override
        void read(JsonParser p, JsonToken t) throws IOException {
            double value = switch (t) {
                case VALUE_NULL -> {
                    builder.appendNull();
                    yield 0;
                }
                case VALUE_NUMBER_FLOAT -> dbl ? p.getDoubleValue() : p.getFloatValue();
                case VALUE_NUMBER_INT -> exactInteger(p);
                case VALUE_STRING -> special(p, t);
                default -> throw mismatch(p, t, "a number (" + type + ")");
            };
            if (t != JsonToken.VALUE_NULL) {
                try {
                    builder.append(value);
                } catch (QuiverException e) {
                    throw failure(p, "the number " + p.getText() + " is outside the range of " + type, e);
                }
            }
        }

        private double exactInteger(JsonParser p) throws IOException {
            if (p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
                long v = p.getLongValue();
                double d = v;
                if (d != 0x1p63 && (long) d == v && (dbl || (float) d == d)) {
                    return d;
                }
            } else {
                BigInteger big = p.getBigIntegerValue();
                double d = big.doubleValue();
                if (Double.isFinite(d) && new BigDecimal(d).toBigIntegerExact().equals(big) && (dbl || (float) d == d)) {
                    return d;
                }
            }
            throw failure(p, "the integer " + p.getText() + " has no exact " + type + " value", null);
        }

        private double special(JsonParser p, JsonToken t) throws IOException {
            return switch (p.getText()) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> throw mismatch(p, t, "a number (" + type + ")");
            };
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }

    /** Decimals: JSON numbers or numeric strings, exactly at the type's scale and within its precision. */
    static final class DecimalReader extends ValueReader {
        private final ArrowType.Decimal type;
        private final DecimalBuilder builder;

        DecimalReader(String path, ArrowType.Decimal type, DecimalBuilder builder) {
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
            builder.append(decimal(this, p, t, type));
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }

    /** The decimal of a number or numeric string, at the type's scale and within its precision. */
    static BigDecimal decimal(ValueReader reader, JsonParser p, JsonToken t, ArrowType.Decimal type)
            throws IOException {
        BigDecimal value;
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            value = p.getDecimalValue();
        } else if (t == JsonToken.VALUE_STRING) {
            try {
                value = new BigDecimal(p.getText());
            } catch (NumberFormatException e) {
                throw reader.mismatch(p, t, "a decimal number (" + type + ")");
            }
        } else {
            throw reader.mismatch(p, t, "a decimal number (" + type + ")");
        }
        try {
            value = value.setScale(type.scale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw reader.failure(p, "the number " + p.getText() + " has more fraction digits than the scale of "
                    + type, e);
        }
        if (value.precision() > type.precision() && value.signum() != 0) {
            throw reader.failure(p, "the number " + p.getText() + " has more digits than the precision of " + type,
                    null);
        }
        return value;
    }

    /** Binary values: base64 strings (the standard alphabet, padded). */
    static final class BinaryReader extends ValueReader {
        /** Where the decoded bytes go. */
        interface Sink {
            void append(byte[] bytes);
        }

        private final ArrayBuilder builder;
        private final Sink sink;

        BinaryReader(String path, ArrayBuilder builder, Sink sink) {
            super(path);
            this.builder = builder;
            this.sink = sink;
        }

        @Override
        void read(JsonParser p, JsonToken t) throws IOException {
            if (t == JsonToken.VALUE_NULL) {
                builder.appendNull();
                return;
            }
            byte[] bytes = binary(this, p, t);
            try {
                sink.append(bytes);
            } catch (IllegalArgumentException e) {
                throw failure(p, e.getMessage(), e);
            }
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }

    /** The bytes of a base64 string. */
    static byte[] binary(ValueReader reader, JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.VALUE_STRING) {
            throw reader.mismatch(p, t, "a base64 string");
        }
        try {
            return p.getBinaryValue();
        } catch (JsonProcessingException e) {
            throw reader.failure(p, "not base64: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Dictionary-encoded and run-end encoded fields: each value read as a plain object of the value type
     * (booleans, integers, floats, decimals, strings, binary) and appended through
     * {@link ArrayBuilder#appendObject}, which encodes it.
     */
    static final class ObjectReader extends ValueReader {
        private final ArrowType valueType;
        private final ArrayBuilder builder;

        ObjectReader(String path, ArrowType valueType, ArrayBuilder builder) {
            super(path);
            switch (valueType) {
                case ArrowType.Bool b -> { }
                case ArrowType.Int i -> { }
                case ArrowType.FloatingPoint f -> { }
                case ArrowType.Decimal d -> { }
                case ArrowType.Utf8 u -> { }
                case ArrowType.LargeUtf8 u -> { }
                case ArrowType.Utf8View u -> { }
                case ArrowType.Binary b -> { }
                case ArrowType.LargeBinary b -> { }
                case ArrowType.BinaryView b -> { }
                default -> throw new NdjsonException(0, path, "encoded values of type " + valueType
                        + " cannot be read from NDJSON (only booleans, numbers, strings and binary)");
            }
            this.valueType = valueType;
            this.builder = builder;
        }

        @Override
        void read(JsonParser p, JsonToken t) throws IOException {
            if (t == JsonToken.VALUE_NULL) {
                builder.appendNull();
                return;
            }
            Object value = switch (valueType) {
                case ArrowType.Bool b when t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE -> t.isBoolean()
                        && t == JsonToken.VALUE_TRUE;
                case ArrowType.Int i when t == JsonToken.VALUE_NUMBER_INT -> p.getNumberType()
                        == JsonParser.NumberType.BIG_INTEGER ? p.getBigIntegerValue() : (Object) p.getLongValue();
                case ArrowType.FloatingPoint f when t.isNumeric() -> p.getDoubleValue();
                case ArrowType.Decimal d -> decimal(this, p, t, d);
                case ArrowType.Binary b -> binary(this, p, t);
                case ArrowType.LargeBinary b -> binary(this, p, t);
                case ArrowType.BinaryView b -> binary(this, p, t);
                case ArrowType.Utf8 u when t == JsonToken.VALUE_STRING -> p.getText();
                case ArrowType.LargeUtf8 u when t == JsonToken.VALUE_STRING -> p.getText();
                case ArrowType.Utf8View u when t == JsonToken.VALUE_STRING -> p.getText();
                default -> throw mismatch(p, t, "a value of type " + valueType);
            };
            try {
                builder.appendObject(value);
            } catch (QuiverException | IllegalArgumentException e) {
                throw failure(p, "the value " + p.getText() + " does not fit " + valueType + ": " + e.getMessage(), e);
            }
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }
}
