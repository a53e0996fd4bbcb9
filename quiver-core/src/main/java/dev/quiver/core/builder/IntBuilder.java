// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.Int16Array;
import dev.quiver.core.array.Int32Array;
import dev.quiver.core.array.Int64Array;
import dev.quiver.core.array.Int8Array;
import dev.quiver.core.array.UInt16Array;
import dev.quiver.core.array.UInt32Array;
import dev.quiver.core.array.UInt64Array;
import dev.quiver.core.array.UInt8Array;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.function.Function;

/**
 * Builds arrays of integers of one width and sign; {@link #build()} returns the array class of that
 * type ({@code IntBuilder.int8(allocator).build()} is an {@link Int8Array}). {@link #append(long)}
 * refuses a value outside the type's range with a {@link ValueOutOfRangeException} (INT8 given 1000,
 * UINT8 given -1 or 300, UINT64 given a negative {@code long}); {@link #appendWrapping(long)} stores the
 * low bits of any value, and {@link #appendUnsignedBits(long)} the 64 bits of a uint64.
 *
 * <pre>{@code
 * Int8Array a = IntBuilder.int8(allocator).append(1).appendNull().append(-3).build();
 * }</pre>
 *
 * @param <A> the array class built
 */
public final class IntBuilder<A extends Array> extends FixedWidthBuilder<IntBuilder<A>> {
    private final ArrowType.Int type;
    private final long min;
    private final long max;
    private final Function<ArrayData, A> wrap;

    private IntBuilder(ArrowType.Int type, Function<ArrayData, A> wrap, BufferAllocator allocator) {
        super(type, type.bitWidth() / 8, allocator);
        this.type = type;
        this.wrap = wrap;
        int bits = type.bitWidth();
        this.min = type.signed() ? -1L << (bits - 1) : 0;
        this.max = type.signed() ? ~(-1L << (bits - 1)) : bits == 64 ? Long.MAX_VALUE : ~(-1L << bits);
    }

    /**
     * A builder of int8.
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static IntBuilder<Int8Array> int8(BufferAllocator allocator) {
        return new IntBuilder<>(ArrowType.INT8, Int8Array::ofUnchecked, allocator);
    }

    /**
     * A builder of int16.
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static IntBuilder<Int16Array> int16(BufferAllocator allocator) {
        return new IntBuilder<>(ArrowType.INT16, Int16Array::ofUnchecked, allocator);
    }

    /**
     * A builder of int32.
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static IntBuilder<Int32Array> int32(BufferAllocator allocator) {
        return new IntBuilder<>(ArrowType.INT32, Int32Array::ofUnchecked, allocator);
    }

    /**
     * A builder of int64.
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static IntBuilder<Int64Array> int64(BufferAllocator allocator) {
        return new IntBuilder<>(ArrowType.INT64, Int64Array::ofUnchecked, allocator);
    }

    /**
     * A builder of uint8.
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static IntBuilder<UInt8Array> uint8(BufferAllocator allocator) {
        return new IntBuilder<>(ArrowType.UINT8, UInt8Array::ofUnchecked, allocator);
    }

    /**
     * A builder of uint16.
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static IntBuilder<UInt16Array> uint16(BufferAllocator allocator) {
        return new IntBuilder<>(ArrowType.UINT16, UInt16Array::ofUnchecked, allocator);
    }

    /**
     * A builder of uint32.
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static IntBuilder<UInt32Array> uint32(BufferAllocator allocator) {
        return new IntBuilder<>(ArrowType.UINT32, UInt32Array::ofUnchecked, allocator);
    }

    /**
     * A builder of uint64.
     *
     * @param allocator the memory of the built array
     * @return an empty builder
     */
    public static IntBuilder<UInt64Array> uint64(BufferAllocator allocator) {
        return new IntBuilder<>(ArrowType.UINT64, UInt64Array::ofUnchecked, allocator);
    }

    /**
     * A builder of any integer type, when the type is known only at run time.
     *
     * @param type the integer type
     * @param allocator the memory of the built array
     * @return an empty builder, whose {@code build()} gives the type's array class
     */
    public static IntBuilder<? extends Array> of(ArrowType.Int type, BufferAllocator allocator) {
        return switch (type.bitWidth()) {
            case 8 -> type.signed() ? int8(allocator) : uint8(allocator);
            case 16 -> type.signed() ? int16(allocator) : uint16(allocator);
            case 32 -> type.signed() ? int32(allocator) : uint32(allocator);
            default -> type.signed() ? int64(allocator) : uint64(allocator);
        };
    }

    /**
     * Appends a value, which must lie in the type's range.
     *
     * @param value the value
     * @return this builder
     * @throws ValueOutOfRangeException if the type cannot hold the value; nothing is appended
     */
    public IntBuilder<A> append(long value) {
        if (value < min || value > max) {
            throw outOfRange(value);
        }
        return appendWrapping(value);
    }

    /**
     * Appends the low bits of a value, whatever its range: 1000 appended to an int8 builder stores -24.
     * For callers whose values are known to fit, or who want wrapping arithmetic.
     *
     * @param value the value, truncated to the type's width
     * @return this builder
     */
    public IntBuilder<A> appendWrapping(long value) {
        switch (type.bitWidth()) {
            case 8 -> values.appendByte((byte) value);
            case 16 -> values.appendShort((short) value);
            case 32 -> values.appendInt((int) value);
            default -> values.appendLong(value);
        }
        return valueAppended();
    }

    /**
     * Appends the 64 bits of a uint64 held in a {@code long}: -1 stands for 2^64 - 1.
     *
     * @param bits the value's bits
     * @return this builder
     * @throws IllegalStateException if the type is not uint64
     */
    public IntBuilder<A> appendUnsignedBits(long bits) {
        if (type.bitWidth() != 64 || type.signed()) {
            throw new IllegalStateException("unsigned 64-bit values appended to a " + type + " builder");
        }
        return appendWrapping(bits);
    }

    private ValueOutOfRangeException outOfRange(Object value) {
        return new ValueOutOfRangeException(value, type, "outside " + min + ".."
                + (type.bitWidth() == 64 && !type.signed() ? "18446744073709551615" : Long.toString(max)));
    }

    /**
     * Appends a whole number of any class (Byte to Long, BigInteger, or a Float, Double or BigDecimal
     * with no fraction); null appends a null.
     *
     * @param value the number, or null
     * @return this builder
     * @throws ValueOutOfRangeException if the type cannot hold the value exactly; nothing is appended
     * @throws IllegalArgumentException if the value is not a number
     */
    @Override
    public IntBuilder<A> appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case Long n -> append(n);
            case Integer n -> append(n);
            case Short n -> append(n);
            case Byte n -> append(n);
            case BigInteger b -> append(b, value);
            case BigDecimal d -> append(wholeNumber(d, value), value);
            case Double d -> append(wholeNumber(d, value), value);
            case Float f -> append(wholeNumber(f.doubleValue(), value), value);
            case Number n -> append(new BigInteger(n.toString()), value);
            default -> throw new IllegalArgumentException("not an integer: " + value + " for " + type);
        };
    }

    private BigInteger wholeNumber(double d, Object value) {
        if (!Double.isFinite(d)) {
            throw new ValueOutOfRangeException(value, type, "not a whole number");
        }
        return wholeNumber(new BigDecimal(d), value);
    }

    private BigInteger wholeNumber(BigDecimal d, Object value) {
        try {
            return d.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new ValueOutOfRangeException(value, type, "not a whole number");
        }
    }

    private IntBuilder<A> append(BigInteger b, Object value) {
        if (b.bitLength() < 64) {
            long v = b.longValue();
            if (v < min || v > max) {
                throw outOfRange(value);
            }
            return appendWrapping(v);
        }
        if (type.bitWidth() == 64 && !type.signed() && b.signum() > 0 && b.bitLength() == 64) {
            return appendWrapping(b.longValue());
        }
        throw outOfRange(value);
    }

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the array, of the type's array class
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
     * @throws ValueOutOfRangeException if the type cannot hold the value; nothing is appended
     */
    public IntBuilder<A> append(Long value) {
        return value == null ? appendNull() : append(value.longValue());
    }
}
