// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Decimal builders of every width store a value exactly or refuse it and store nothing: a value whose
 * scale needs rounding, or whose unscaled value has more digits than the precision, is refused
 * (Schema.fbs: the precision is the most digits of the unscaled value).
 */
class DecimalBuilderRangePropertyTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();

    @Provide
    Arbitrary<ArrowType.Decimal> types() {
        return Arbitraries.of(32, 64, 128, 256).flatMap(width -> Combinators.combine(
                Arbitraries.integers().between(1, ArrowType.Decimal.maxPrecision(width)),
                Arbitraries.integers().between(-3, 12)).as((precision, scale) ->
                        new ArrowType.Decimal(precision, scale, width)));
    }

    /** Values around every width's limits: up to 80 digits, scales from -4 to 16. */
    @Provide
    Arbitrary<BigDecimal> values() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
                Arbitraries.integers().between(1, 80).flatMap(digits -> Arbitraries.bigIntegers()
                        .between(BigInteger.TEN.pow(digits).negate(), BigInteger.TEN.pow(digits))),
                Arbitraries.integers().between(1, 77).flatMap(digits -> Arbitraries.of(
                        BigInteger.TEN.pow(digits), BigInteger.TEN.pow(digits).subtract(BigInteger.ONE),
                        BigInteger.TEN.pow(digits).negate().add(BigInteger.ONE))));
        return Combinators.combine(unscaled, Arbitraries.integers().between(-4, 16)).as(BigDecimal::new);
    }

    /** The unscaled value at the type's scale, or null when that needs rounding. */
    private static BigInteger exactUnscaled(BigDecimal value, int scale) {
        BigDecimal shifted = value.movePointRight(scale);
        return shifted.signum() == 0 || shifted.stripTrailingZeros().scale() <= 0 ? shifted.toBigInteger() : null;
    }

    @Property(tries = 600)
    void valuesThatFitRoundTripOthersAreRefused(@ForAll("types") ArrowType.Decimal type,
            @ForAll("values") BigDecimal value) {
        DecimalBuilder builder = new DecimalBuilder(type, ALLOC).appendUnscaled(1);
        BigInteger unscaled = exactUnscaled(value, type.scale());
        boolean fits = unscaled != null && unscaled.abs().compareTo(BigInteger.TEN.pow(type.precision())) < 0;
        if (fits) {
            builder.append(value);
        } else {
            ValueOutOfRangeException e = assertThrows(ValueOutOfRangeException.class, () -> builder.append(value));
            assertTrue(e.getMessage().contains(value.toString()) && e.getMessage().contains(type.toString()),
                    e.getMessage());
            assertEquals(1, builder.length(), "nothing stored for a refused value");
        }
        DecimalArray array = builder.appendUnscaled(2).build();
        if (fits) {
            assertEquals(unscaled, array.getUnscaled(1));
            assertEquals(0, value.compareTo(array.getBigDecimal(1)), "the same number");
            assertEquals(type.scale(), array.getBigDecimal(1).scale());
        }
        assertEquals(BigInteger.TWO, array.getUnscaled(array.length() - 1), "the builder stays usable");
    }

    @Property(tries = 600)
    void unscaledIntegersBeyondThePrecisionAreRefused(@ForAll("types") ArrowType.Decimal type,
            @ForAll("values") BigDecimal value) {
        BigInteger unscaled = value.unscaledValue();
        boolean fits = unscaled.abs().compareTo(BigInteger.TEN.pow(type.precision())) < 0;
        DecimalBuilder builder = new DecimalBuilder(type, ALLOC);
        if (fits) {
            builder.appendUnscaled(unscaled);
            if (unscaled.bitLength() < Long.SIZE) {
                builder.appendUnscaled(unscaled.longValueExact());
            }
        } else {
            assertThrows(ValueOutOfRangeException.class, () -> builder.appendUnscaled(unscaled));
            if (unscaled.bitLength() < Long.SIZE) {
                assertThrows(ValueOutOfRangeException.class, () -> builder.appendUnscaled(unscaled.longValueExact()));
            }
        }
        DecimalArray array = builder.build();
        assertEquals(fits ? (unscaled.bitLength() < Long.SIZE ? 2 : 1) : 0, array.length());
        for (long i = 0; i < array.length(); i++) {
            assertEquals(unscaled, array.getUnscaled(i));
        }
    }
}
