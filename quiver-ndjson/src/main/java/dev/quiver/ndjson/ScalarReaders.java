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
    /** More integer digits than any decimal holds (checked before rescaling, which such exponents would stall). */
    private static final int MAX_INTEGER_DIGITS = 80;

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
            if (t == JsonToken.VALUE_NULL) {
                builder.appendNull();
                return;
            }
            double value = switch (t) {
                case VALUE_NUMBER_FLOAT -> finite(p, dbl ? p.getDoubleValue() : p.getFloatValue());
                case VALUE_NUMBER_INT -> exactInteger(p);
                case VALUE_STRING -> special(p, t);
                default -> throw mismatch(p, t, "a number (" + type + ")");
            };
            try {
                builder.append(value);
            } catch (QuiverException e) {
                throw failure(p, "the number " + p.getText() + " is outside the range of " + type, e);
            }
        }

        /** A finite number's value, which must not overflow to infinity. */
        private double finite(JsonParser p, double value) throws IOException {
            if (Double.isInfinite(value)) {
                throw failure(p, "the number " + p.getText() + " is outside the range of " + type, null);
            }
            return value;
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
            BigDecimal value = decimal(this, p, t, type);
            try {
                builder.append(value);
            } catch (QuiverException e) {
                throw failure(p, "the number " + p.getText() + " has more digits than the precision of " + type, e);
            }
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }

    /** The decimal of a number or numeric string, at the type's scale. */
    private static BigDecimal decimal(ValueReader reader, JsonParser p, JsonToken t, ArrowType.Decimal type)
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
        if (value.signum() == 0) {
            return BigDecimal.ZERO.setScale(type.scale());
        }
        BigDecimal stripped = value.stripTrailingZeros();
        if (stripped.scale() > type.scale()) {
            throw reader.failure(p, "the number " + p.getText() + " has more fraction digits than the scale of "
                    + type, null);
        }
        if (stripped.precision() - stripped.scale() > MAX_INTEGER_DIGITS) {
            throw reader.failure(p, "the number " + p.getText() + " has more digits than the precision of " + type,
                    null);
        }
        if ((long) stripped.precision() + type.scale() - stripped.scale() > type.precision()) {
            // Checked before scaling: a scale of 2^31 would otherwise make a number of 2^31 digits.
            throw reader.failure(p, "the number " + p.getText() + " has more digits than the precision of " + type,
                    null);
        }
        return stripped.setScale(type.scale(), RoundingMode.UNNECESSARY);
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
     * Dictionary-encoded and run-end encoded fields: each value read by the reader of the value type into a
     * scratch builder, and appended as the plain object it gives ({@link ArrayBuilder#appendObject}), which
     * the builder encodes. Slower than the direct readers, but for any value type.
     */
    static final class EncodedReader extends ValueReader {
        private final ArrayBuilder builder;
        private final ArrayBuilder scratch;
        private final ValueReader values;

        EncodedReader(String path, ArrowType valueType, ArrayBuilder builder, boolean ignoreUnknownKeys) {
            super(path);
            this.builder = builder;
            this.scratch = ArrayBuilder.of(valueType);
            this.values = ValueReader.of(valueType, scratch, path, ignoreUnknownKeys);
        }

        @Override
        void read(JsonParser p, JsonToken t) throws IOException {
            if (t == JsonToken.VALUE_NULL) {
                builder.appendNull();
                return;
            }
            values.read(p, t);
            try {
                builder.appendObject(scratch.build().getObject(0));
            } catch (QuiverException | IllegalArgumentException | IllegalStateException e) {
                throw failure(p, "the value cannot be encoded as " + builder.type() + ": " + e.getMessage(), e);
            }
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }
}
