// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.array.Values;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.ArrowType;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Builds arrays of decimals of any width. Values are rescaled to the type's scale exactly (never
 * rounded) and must have at most the type's precision in digits; otherwise a
 * {@link ValueOutOfRangeException} is thrown and nothing is appended.
 *
 * <pre>{@code
 * DecimalArray a = new DecimalBuilder(new ArrowType.Decimal(5, 2, 128), allocator)
 *         .append(new BigDecimal("123.45")).appendNull().build();
 * }</pre>
 */
public final class DecimalBuilder extends FixedWidthBuilder<DecimalBuilder> {
    private final ArrowType.Decimal type;
    private final int byteWidth;
    private final BigInteger bound;
    private final long longBound;

    /**
     * An empty builder.
     *
     * @param type the decimal type
     * @param allocator the memory of the built arrays
     */
    public DecimalBuilder(ArrowType.Decimal type, BufferAllocator allocator) {
        super(type, type.bitWidth() / 8, allocator);
        this.type = type;
        this.byteWidth = type.bitWidth() / 8;
        this.bound = BigInteger.TEN.pow(type.precision());
        this.longBound = type.precision() >= 19 ? Long.MAX_VALUE : bound.longValueExact();
    }

    /**
     * Appends a value, rescaled exactly to the type's scale.
     *
     * @param value the value, or null to append a null
     * @return this builder
     * @throws ValueOutOfRangeException if rescaling would round or the value has more digits than the
     *     precision; nothing is appended
     */
    public DecimalBuilder append(BigDecimal value) {
        if (value == null) {
            return appendNull();
        }
        BigDecimal scaled;
        try {
            scaled = value.setScale(type.scale());
        } catch (ArithmeticException e) {
            throw new ValueOutOfRangeException(value, type, "scale " + type.scale() + " would need rounding");
        }
        BigInteger unscaled = scaled.unscaledValue();
        if (unscaled.abs().compareTo(bound) >= 0) {
            throw new ValueOutOfRangeException(value, type, "more than " + type.precision() + " digits");
        }
        return appendUnscaled(unscaled);
    }

    /**
     * Appends an unscaled value (the value times 10^scale).
     *
     * @param unscaled the unscaled value
     * @return this builder
     * @throws ValueOutOfRangeException if the value has more digits than the precision; nothing is
     *     appended
     */
    public DecimalBuilder appendUnscaled(long unscaled) {
        if (longBound != Long.MAX_VALUE && (unscaled >= longBound || unscaled <= -longBound)) {
            throw tooManyDigits(BigInteger.valueOf(unscaled));
        }
        switch (byteWidth) {
            case 4 -> values.appendInt((int) unscaled);
            case 8 -> values.appendLong(unscaled);
            default -> {
                values.appendLong(unscaled);
                long sign = unscaled >> 63;
                for (int w = 8; w < byteWidth; w += 8) {
                    values.appendLong(sign);
                }
            }
        }
        return valueAppended();
    }

    /**
     * Appends an unscaled value (the value times 10^scale).
     *
     * @param unscaled the unscaled value
     * @return this builder
     * @throws ValueOutOfRangeException if the value has more digits than the precision; nothing is
     *     appended
     */
    public DecimalBuilder appendUnscaled(BigInteger unscaled) {
        if (unscaled.bitLength() < 64) {
            return appendUnscaled(unscaled.longValue());
        }
        if (unscaled.abs().compareTo(bound) >= 0) {
            throw tooManyDigits(unscaled);
        }
        long at = values.size();
        values.setSize(at + byteWidth);
        WideIntegers.write(values.segment(), at, byteWidth, unscaled);
        return valueAppended();
    }

    private ValueOutOfRangeException tooManyDigits(BigInteger unscaled) {
        return new ValueOutOfRangeException("unscaled " + unscaled, type, "more than " + type.precision()
                + " digits");
    }

    /**
     * Appends a BigDecimal, or the exact value of any other number; null appends a null.
     *
     * @param value the number, or null
     * @return this builder
     * @throws ValueOutOfRangeException if the type cannot hold the value exactly; nothing is appended
     * @throws IllegalArgumentException if the value is not a number
     */
    @Override
    public DecimalBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case BigDecimal d -> append(d);
            case BigInteger b -> append(new BigDecimal(b));
            case Long n -> append(BigDecimal.valueOf(n));
            case Integer n -> append(BigDecimal.valueOf(n));
            case Short n -> append(BigDecimal.valueOf(n));
            case Byte n -> append(BigDecimal.valueOf(n));
            case Float f -> append(new BigDecimal(Float.toString(f)));
            case Double d -> append(BigDecimal.valueOf(d));
            case Number n -> append(new BigDecimal(n.toString()));
            default -> throw new IllegalArgumentException("not a number: " + value);
        };
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the decimals
     */
    @Override
    public DecimalArray build() {
        return DecimalArray.ofUnchecked(finishData());
    }

    /**
     * An empty builder of decimals.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static DecimalBuilder of(ArrowType.Decimal type, BufferAllocator allocator) {
        return new DecimalBuilder(type, allocator);
    }
}
