// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.Float16Array;
import dev.quiver.core.array.Float32Array;
import dev.quiver.core.array.Float64Array;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Precision;
import java.util.function.Function;

/**
 * Builds arrays of floats of one precision; {@link #build()} returns the array class of that precision
 * ({@code FloatBuilder.float32(allocator).build()} is a {@link Float32Array}). Values are given as
 * {@code double} and rounded to the type's precision (to nearest, ties to even): rounding is what floats
 * do, but a finite value beyond the largest float16 (65504) or float32 would become infinite, and is
 * refused with a {@link ValueOutOfRangeException}. Infinities and NaN are stored as they are.
 *
 * <pre>{@code
 * Float64Array a = FloatBuilder.float64(allocator).append(1.5).appendNull().build();
 * }</pre>
 *
 * @param <A> the array class built
 */
public final class FloatBuilder<A extends Array> extends FixedWidthBuilder<FloatBuilder<A>> {
    private final ArrowType.FloatingPoint type;
    private final Function<ArrayData, A> wrap;

    private FloatBuilder(ArrowType.FloatingPoint type, Function<ArrayData, A> wrap, BufferAllocator allocator) {
        super(type, type.precision().bitWidth() / 8, allocator);
        this.type = type;
        this.wrap = wrap;
    }

    /**
     * A builder of float16 (half precision).
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static FloatBuilder<Float16Array> float16(BufferAllocator allocator) {
        return new FloatBuilder<>(ArrowType.FLOAT16, Float16Array::ofUnchecked, allocator);
    }

    /**
     * A builder of float32 (single precision).
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static FloatBuilder<Float32Array> float32(BufferAllocator allocator) {
        return new FloatBuilder<>(ArrowType.FLOAT32, Float32Array::ofUnchecked, allocator);
    }

    /**
     * A builder of float64 (double precision).
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static FloatBuilder<Float64Array> float64(BufferAllocator allocator) {
        return new FloatBuilder<>(ArrowType.FLOAT64, Float64Array::ofUnchecked, allocator);
    }

    /**
     * A builder of any float type, when the precision is known only at run time.
     *
     * @param type the float type
     * @param allocator the memory of the built array
     * @return an empty builder, whose {@code build()} gives the precision's array class
     */
    public static FloatBuilder<? extends Array> of(ArrowType.FloatingPoint type, BufferAllocator allocator) {
        return switch (type.precision()) {
            case HALF -> float16(allocator);
            case SINGLE -> float32(allocator);
            case DOUBLE -> float64(allocator);
        };
    }

    /**
     * Appends a value, rounded to the type's precision.
     *
     * @param value the value
     * @return this builder
     * @throws ValueOutOfRangeException if a finite value would round to infinity; nothing is appended
     */
    public FloatBuilder<A> append(double value) {
        switch (type.precision()) {
            case HALF -> {
                short bits = HalfFloat.fromFloat(roundedToOdd(value));
                if (Float.isInfinite(HalfFloat.toFloat(bits)) && Double.isFinite(value)) {
                    throw new ValueOutOfRangeException(value, type, "beyond the largest float16, 65504");
                }
                values.appendShort(bits);
            }
            case SINGLE -> {
                float f = (float) value;
                if (Float.isInfinite(f) && Double.isFinite(value)) {
                    throw new ValueOutOfRangeException(value, type, "beyond the largest float32, " + Float.MAX_VALUE);
                }
                values.appendFloat(f);
            }
            case DOUBLE -> values.appendDouble(value);
        }
        return valueAppended();
    }

    /**
     * {@code value} as a float rounded to odd: truncated toward zero, with the last bit set when inexact.
     * Rounding that float to binary16 then rounds as if from the double directly (24 bits >= 11 + 2),
     * where rounding to nearest twice could not (65519.999 would become 65520f, then infinity).
     */
    private static float roundedToOdd(double value) {
        float f = (float) value;
        if (f == value || Double.isNaN(value)) {
            return f;
        }
        if (Math.abs((double) f) > Math.abs(value)) {
            f = value > 0 ? Math.nextDown(f) : Math.nextUp(f);
        }
        return Float.intBitsToFloat(Float.floatToRawIntBits(f) | 1);
    }

    /**
     * Appends the raw binary16 bits of a half precision value.
     *
     * @param bits the value's IEEE 754 binary16 bits
     * @return this builder
     * @throws IllegalStateException if the type is not float16
     */
    public FloatBuilder<A> appendHalfBits(short bits) {
        if (type.precision() != Precision.HALF) {
            throw new IllegalStateException("raw half bits appended to a " + type + " builder");
        }
        values.appendShort(bits);
        return valueAppended();
    }

    /**
     * Appends a number of any class, as its {@code double} value; null appends a null.
     *
     * @param value the number, or null
     * @return this builder
     * @throws ValueOutOfRangeException if a finite value would round to infinity; nothing is appended
     * @throws IllegalArgumentException if the value is not a number
     */
    @Override
    public FloatBuilder<A> appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case Number n -> append(n.doubleValue());
            default -> throw new IllegalArgumentException("not a number: " + value + " for " + type);
        };
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the array, of the precision's array class
     */
    @Override
    public A build() {
        return wrap.apply(finishData());
    }

    /**
     * Appends a value, or a null for null.
     *
     * @param value the value, or null to append a null
     * @return this builder
     */
    public FloatBuilder<A> append(Double value) {
        return value == null ? appendNull() : append(value.doubleValue());
    }
}
