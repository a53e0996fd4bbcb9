// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.Float16Array;
import dev.quiver.core.array.Float32Array;
import dev.quiver.core.array.Int8Array;
import dev.quiver.core.array.UInt64Array;
import dev.quiver.core.array.UInt8Array;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Integer and float builders store exactly what they are given, or refuse it and store nothing. */
class IntBuilderRangePropertyTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();

    @Provide
    Arbitrary<ArrowType.Int> intTypes() {
        return Arbitraries.of(ArrowType.INT8, ArrowType.INT16, ArrowType.INT32, ArrowType.INT64, ArrowType.UINT8,
                ArrowType.UINT16, ArrowType.UINT32, ArrowType.UINT64);
    }

    @Provide
    Arbitrary<Long> longs() {
        return Arbitraries.oneOf(Arbitraries.longs().between(-70_000, 70_000), Arbitraries.longs(),
                Arbitraries.of(-1L << 31, (1L << 31) - 1, 1L << 31, 1L << 32, (1L << 32) - 1, -129L, 128L, 255L,
                        256L, 65_535L, 65_536L, -32_769L, 32_768L, Long.MIN_VALUE, Long.MAX_VALUE));
    }

    @Provide
    Arbitrary<BigInteger> bigIntegers() {
        return Arbitraries.oneOf(longs().map(BigInteger::valueOf),
                Arbitraries.bigIntegers().between(BigInteger.TWO.pow(65).negate(), BigInteger.TWO.pow(65)),
                Arbitraries.of(BigInteger.TWO.pow(64), BigInteger.TWO.pow(64).subtract(BigInteger.ONE),
                        BigInteger.TWO.pow(63)));
    }

    private static BigInteger min(ArrowType.Int t) {
        return t.signed() ? BigInteger.TWO.pow(t.bitWidth() - 1).negate() : BigInteger.ZERO;
    }

    private static BigInteger max(ArrowType.Int t) {
        return (t.signed() ? BigInteger.TWO.pow(t.bitWidth() - 1) : BigInteger.TWO.pow(t.bitWidth()))
                .subtract(BigInteger.ONE);
    }

    private static boolean fits(ArrowType.Int t, BigInteger v) {
        return v.compareTo(min(t)) >= 0 && v.compareTo(max(t)) <= 0;
    }

    /** The value of slot i as a BigInteger, whatever boxed class getObject uses for the width. */
    private static BigInteger valueAt(Array array, long i) {
        return new BigInteger(array.getObject(i).toString());
    }

    @Property(tries = 400)
    void longsInRangeRoundTripOthersAreRefused(@ForAll("intTypes") ArrowType.Int type, @ForAll("longs") long v) {
        IntBuilder<?> builder = IntBuilder.of(type, ALLOC).append(0);
        BigInteger value = BigInteger.valueOf(v);
        if (fits(type, value)) {
            builder.append(v);
        } else {
            ValueOutOfRangeException e = assertThrows(ValueOutOfRangeException.class, () -> builder.append(v));
            assertTrue(e.getMessage().contains(Long.toString(v)) && e.getMessage().contains(type.toString()),
                    e.getMessage());
            assertEquals(1, builder.length(), "nothing stored for a refused value");
        }
        builder.append(1);
        Array array = builder.build();
        array.validateFull();
        assertEquals(type, array.type());
        if (fits(type, value)) {
            assertEquals(3, array.length());
            assertEquals(value, valueAt(array, 1));
        } else {
            assertEquals(2, array.length());
        }
        assertEquals(BigInteger.ONE, valueAt(array, array.length() - 1), "the builder stays usable");
    }

    @Property(tries = 400)
    void objectsInRangeRoundTripOthersAreRefused(@ForAll("intTypes") ArrowType.Int type,
            @ForAll("bigIntegers") BigInteger value) {
        ArrayBuilder builder = ArrayBuilder.of(type, ALLOC);
        if (fits(type, value)) {
            builder.appendObject(value);
            assertEquals(value, valueAt(builder.build(), 0));
        } else {
            assertThrows(ValueOutOfRangeException.class, () -> builder.appendObject(value));
            assertEquals(0, builder.length());
            assertEquals(BigInteger.TWO, valueAt(builder.appendObject(2).build(), 0));
        }
    }

    @Test
    void theIssuesExamplesAreRefused() {
        assertThrows(ValueOutOfRangeException.class, () -> ArrayBuilder.of(ArrowType.INT8).appendObject(1000));
        assertThrows(ValueOutOfRangeException.class, () -> IntBuilder.uint8(ALLOC).append(-1));
        assertThrows(ValueOutOfRangeException.class, () -> IntBuilder.uint8(ALLOC).appendObject(300));
        assertThrows(ValueOutOfRangeException.class, () -> IntBuilder.uint64(ALLOC).append(-1));
        assertThrows(ValueOutOfRangeException.class, () -> IntBuilder.int32(ALLOC).appendObject(2.5));
        assertThrows(ValueOutOfRangeException.class, () -> IntBuilder.int32(ALLOC).appendObject(Double.NaN));
    }

    @Test
    void wrappingAndUnsignedBitsAreAskedForByName() {
        Int8Array wrapped = IntBuilder.int8(ALLOC).appendWrapping(1000).build();
        assertEquals(-24, wrapped.get(0));
        UInt8Array wrappedUnsigned = IntBuilder.uint8(ALLOC).appendWrapping(300).appendWrapping(-1).build();
        assertEquals("[44, 255]", wrappedUnsigned.toString());
        UInt64Array bits = IntBuilder.uint64(ALLOC).appendUnsignedBits(-1).build();
        assertEquals("18446744073709551615", bits.getUnsignedString(0));
        assertThrows(IllegalStateException.class, () -> IntBuilder.int64(ALLOC).appendUnsignedBits(-1));
        assertEquals((short) -3, IntBuilder.int16(ALLOC).appendObject(-3.0).build().get(0));
    }

    @Test
    void appendNullsAddsThatManyNullSlots() {
        Int8Array array = IntBuilder.int8(ALLOC).append(1).appendNulls(3).append(2).build();
        assertEquals("[1, null, null, null, 2]", array.toString());
        assertEquals(3, array.nullCount());
        assertThrows(IllegalArgumentException.class, () -> IntBuilder.int8(ALLOC).appendNulls(-1));
        assertEquals(4, ArrayBuilder.of(ArrowType.UTF8).appendNulls(4).build().nullCount());
    }

    @Property(tries = 300)
    void finiteFloatsBeyondTheLargestFloatAreRefused(@ForAll double v) {
        FloatBuilder<Float32Array> single = FloatBuilder.float32(ALLOC);
        if (Double.isFinite(v) && Float.isInfinite((float) v)) {
            assertThrows(ValueOutOfRangeException.class, () -> single.append(v));
            assertEquals(0, single.length());
        } else {
            Float32Array array = single.append(v).build();
            assertEquals(Float.floatToIntBits((float) v), Float.floatToIntBits(array.get(0)));
        }
        FloatBuilder<Float16Array> half = FloatBuilder.float16(ALLOC);
        if (Double.isFinite(v) && Math.abs(v) >= 65520) { // 65520 rounds up to infinity in binary16
            assertThrows(ValueOutOfRangeException.class, () -> half.append(v));
            assertEquals(0, half.length());
        } else {
            half.append(v);
            assertEquals(1, half.length());
        }
    }

    @Test
    void float16RefusesWhatWouldBecomeInfinite() {
        assertThrows(ValueOutOfRangeException.class, () -> FloatBuilder.float16(ALLOC).append(70_000.0));
        assertEquals(65504f, FloatBuilder.float16(ALLOC).append(65519.999).build().get(0));
        assertThrows(ValueOutOfRangeException.class, () -> FloatBuilder.float16(ALLOC).append(65520.0));
        assertEquals(Float.NEGATIVE_INFINITY,
                FloatBuilder.float16(ALLOC).append(Double.NEGATIVE_INFINITY).build().get(0));
    }
}
