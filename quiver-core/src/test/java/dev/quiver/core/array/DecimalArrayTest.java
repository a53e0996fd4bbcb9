// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertInvalid;
import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static dev.quiver.core.array.ArrayTestSupport.concat;
import static dev.quiver.core.array.ArrayTestSupport.int32s;
import static dev.quiver.core.array.ArrayTestSupport.int64s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.DecimalBuilder;
import dev.quiver.core.builder.ValueOutOfRangeException;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class DecimalArrayTest {

    private static DecimalBuilder builder(int precision, int scale, int bitWidth) {
        return new DecimalBuilder(new ArrowType.Decimal(precision, scale, bitWidth), BufferAllocator.managed());
    }

    private static BigDecimal dec(String s) {
        return new BigDecimal(s);
    }

    @Test
    void decimal128StoresUnscaledTwosComplementLittleEndian() {
        DecimalArray array = builder(5, 2, 128).append(dec("123.45")).appendNull().append(dec("-0.01"))
                .append(dec("1.5")).build();
        assertPrefix(bytes(0b1101), array.data().validity());
        assertPrefix(concat(int64s(12345, 0), int64s(0, 0), int64s(-1, -1), int64s(150, 0)), array.valuesBuffer());
        array.validateFull();
        assertEquals(dec("123.45"), array.getBigDecimal(0));
        assertEquals(dec("-0.01"), array.getObject(2));
        assertEquals(dec("1.50"), array.getObject(3));
        assertEquals(BigInteger.valueOf(150), array.getUnscaled(3));
        assertEquals(-1, array.getUnscaledLong(2));
        assertEquals("[123.45, null, -0.01, 1.50]", array.toString());
    }

    @Test
    void everyWidthRoundTrips() {
        DecimalArray d32 = builder(9, 3, 32).append(dec("-999999.999")).appendUnscaled(42).appendNull().build();
        assertPrefix(int32s(-999999999, 42, 0), d32.valuesBuffer());
        assertEquals(dec("0.042"), d32.getBigDecimal(1));
        assertEquals(-999999999L, d32.getUnscaledLong(0));

        DecimalArray d64 = builder(18, 0, 64).append(dec("999999999999999999")).appendUnscaled(-7).build();
        assertPrefix(int64s(999999999999999999L, -7), d64.valuesBuffer());
        assertEquals(dec("-7"), d64.getObject(1));

        BigInteger big = BigInteger.TEN.pow(76).subtract(BigInteger.ONE).negate();
        DecimalArray d256 = builder(76, 10, 256).appendUnscaled(big).appendUnscaled(-3).append(dec("1e-10")).build();
        d256.validateFull();
        assertPrefix(int64s(-3, -1, -1, -1), d256.valuesBuffer().slice(32, 32));
        assertEquals(big, d256.getUnscaled(0));
        assertEquals(new BigDecimal(big, 10), d256.getBigDecimal(0));
        assertEquals(-3, d256.getUnscaledLong(1));
        assertEquals(1, d256.getUnscaledLong(2));
        assertThrows(ArithmeticException.class, () -> d256.getUnscaledLong(0));
        for (DecimalArray a : List.of(d32, d64, d256)) {
            a.validateFull();
        }
        DecimalArray d128 = builder(38, 0, 128).appendUnscaled(BigInteger.ONE.shiftLeft(64)).appendUnscaled(Long.MIN_VALUE)
                .build();
        assertThrows(ArithmeticException.class, () -> d128.getUnscaledLong(0));
        assertEquals(Long.MIN_VALUE, d128.getUnscaledLong(1));
        assertPrefix(int64s(Long.MIN_VALUE, -1), d128.valuesBuffer().slice(16, 16));
    }

    @Test
    void builderRescalesExactlyOrThrows() {
        DecimalBuilder builder = builder(5, 2, 128);
        builder.append(dec("1.2")).append(dec("7")).append(dec("1.200"));
        assertThrows(ValueOutOfRangeException.class, () -> builder.append(dec("1.234")));
        assertThrows(ValueOutOfRangeException.class, () -> builder.append(dec("1000.00")));
        assertThrows(ValueOutOfRangeException.class, () -> builder.appendUnscaled(100_000));
        assertThrows(ValueOutOfRangeException.class, () -> builder.appendUnscaled(-100_000));
        assertThrows(ValueOutOfRangeException.class, () -> builder.appendUnscaled(BigInteger.TEN.pow(30)));
        builder.appendUnscaled(99_999).appendUnscaled(-99_999);
        DecimalArray array = builder.build();
        assertEquals("[1.20, 7.00, 1.20, 999.99, -999.99]", array.toString());
        DecimalArray negativeScale = builder(5, -2, 64).append(dec("12300")).build();
        assertEquals(123, negativeScale.getUnscaledLong(0));
        assertEquals("[12300]", negativeScale.toString());
        assertThrows(ValueOutOfRangeException.class, () -> builder(5, -2, 64).append(dec("12345")));
        assertThrows(ValueOutOfRangeException.class, () -> builder(9, 0, 32).appendUnscaled(Integer.MAX_VALUE + 1L));
        assertThrows(ValueOutOfRangeException.class, () -> builder(38, 0, 128).appendUnscaled(BigInteger.TEN.pow(38)));
    }

    /** Data of one decimal type whose values are the given unscaled integers. */
    private static Array raw(ArrowType.Decimal type, byte[] validity, BigInteger... unscaled) {
        int width = type.bitWidth() / 8;
        MemorySegment values = MemorySegment.ofArray(new byte[unscaled.length * width]);
        for (int i = 0; i < unscaled.length; i++) {
            WideIntegers.write(values, (long) i * width, width, unscaled[i]);
        }
        return Array.ofUnchecked(new ArrayData(type, unscaled.length, 0, ArrayData.UNKNOWN_NULL_COUNT,
                Arrays.asList(validity == null ? null : ArrowBuffer.wrap(validity), ArrowBuffer.wrap(values)), List.of(),
                null));
    }

    private static void assertBeyondPrecision(long index, Array array) {
        array.validateFull();
        ValidationException e = assertThrows(ValidationException.class, ((DecimalArray) array)::validatePrecision);
        assertEquals(Rules.DECIMAL_PRECISION, e.rule());
        assertEquals(index, e.index());
    }

    @Test
    void valuesBeyondThePrecisionFailThePrecisionCheckAtEveryWidth() {
        for (int width : new int[] {32, 64, 128, 256}) {
            int max = ArrowType.Decimal.maxPrecision(width);
            for (int precision : new int[] {1, max / 2, max}) {
                ArrowType.Decimal type = new ArrowType.Decimal(precision, 0, width);
                BigInteger limit = BigInteger.TEN.pow(precision);
                BigInteger largest = limit.subtract(BigInteger.ONE);
                ((DecimalArray) raw(type, null, largest, largest.negate(), BigInteger.ZERO)).validatePrecision();
                assertBeyondPrecision(2, raw(type, null, largest, BigInteger.ONE, limit));
                assertBeyondPrecision(1, raw(type, null, largest, limit.negate(), BigInteger.ONE));
                // Ignored under a null slot; found at the right index in a slice.
                ((DecimalArray) raw(type, bytes(0b101), largest, limit, BigInteger.ONE)).validatePrecision();
                assertBeyondPrecision(0, raw(type, null, BigInteger.ONE, limit).slice(1, 1));
            }
            // The most negative value of the width (one more in magnitude than the most positive).
            BigInteger mostNegative = BigInteger.ONE.shiftLeft(width - 1).negate();
            assertBeyondPrecision(0, raw(new ArrowType.Decimal(max, 0, width), null, mostNegative));
        }
    }

    @Test
    void slicingAndEqualityIgnoringBytesUnderNulls() {
        List<BigDecimal> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.add(i % 4 == 0 ? null : BigDecimal.valueOf(i * 137 - 2000, 3));
        }
        ArrowType.Decimal type = new ArrowType.Decimal(20, 3, 128);
        DecimalArray inner = ((DecimalArray) ArrayTestSupport.build(type, source)).slice(3, 20).slice(2, 11);
        assertEquals(5, inner.offset());
        inner.validateFull();
        ArrayTestSupport.assertValues(source.subList(5, 16), inner);
        assertEquals(ArrayTestSupport.build(type, source.subList(5, 16)), inner);
        assertNotEquals(ArrayTestSupport.build(new ArrowType.Decimal(21, 3, 128), source.subList(5, 16)), inner);
        Array garbage = raw(new ArrowType.Decimal(3, 1, 64), bytes(0b10), BigInteger.valueOf(999_999_999L),
                BigInteger.valueOf(-15)).slice(0, 2);
        garbage.validateFull();
        assertEquals(ArrayTestSupport.build(new ArrowType.Decimal(3, 1, 64), Arrays.asList(null, dec("-1.5"))),
                garbage);
    }

    @Test
    void getObjectAndAppendObjectRoundTrip() {
        ArrowType.Decimal type = new ArrowType.Decimal(10, 2, 64);
        Array array = ArrayTestSupport.build(type, Arrays.asList(dec("3.14"), null, 5, 7L, 0.1, 2.5f, BigInteger.TEN,
                (short) -3));
        assertInstanceOf(BigDecimal.class, array.getObject(0));
        assertNull(array.getObject(1));
        ArrayTestSupport.assertValues(Arrays.asList(dec("3.14"), null, dec("5.00"), dec("7.00"), dec("0.10"),
                dec("2.50"), dec("10.00"), dec("-3.00")), array);
        ArrayBuilder copy = ArrayBuilder.of(type);
        for (long i = 0; i < array.length(); i++) {
            copy.appendObject(array.getObject(i));
        }
        assertEquals(array, copy.build());
        assertThrows(IllegalArgumentException.class, () -> ArrayBuilder.of(type).appendObject("1.0"));
    }

    @Test
    void builderGrowsPastManyReallocations() {
        DecimalBuilder builder = builder(38, 4, 128);
        for (int i = 0; i < 100_000; i++) {
            builder.appendUnscaled(BigInteger.valueOf(i).shiftLeft(i % 100));
        }
        DecimalArray array = builder.build();
        array.validateFull();
        for (int i = 0; i < 100_000; i++) {
            assertEquals(BigInteger.valueOf(i).shiftLeft(i % 100), array.getUnscaled(i));
        }
    }

    record Case(ArrowType.Decimal type, List<BigDecimal> values) {
    }

    @Property(tries = 300)
    void buildSliceValidate(@ForAll("cases") Case c, @ForAll("bound") int from, @ForAll("bound") int length,
            @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(c.type(), c.values(), from, length, from2, length2);
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<ArrowType.Decimal> types = Arbitraries.of(32, 64, 128, 256).flatMap(width -> Combinators.combine(
                Arbitraries.integers().between(1, ArrowType.Decimal.maxPrecision(width)),
                Arbitraries.integers().between(-5, 20)).as((p, s) -> new ArrowType.Decimal(p, s, width)));
        return types.flatMap(type -> {
            BigInteger limit = BigInteger.TEN.pow(type.precision());
            Arbitrary<BigDecimal> value = Arbitraries.bigIntegers().between(limit.negate().add(BigInteger.ONE),
                    limit.subtract(BigInteger.ONE)).map(u -> new BigDecimal(u, type.scale()));
            return ArrayTestSupport.withNulls(value).map(values -> new Case(type, values));
        });
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
