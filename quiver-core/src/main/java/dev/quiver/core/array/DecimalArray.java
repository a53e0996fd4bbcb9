// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An array of decimals of 32, 64, 128 or 256 bits: each value is an unscaled two's complement
 * little-endian integer, read with the type's scale. Full validation checks that every valid value
 * has at most the type's precision in digits.
 */
public final class DecimalArray extends FixedWidthArray {
    private final ArrowType.Decimal decimalType;

    private DecimalArray(ArrayData data) {
        super(data, ((ArrowType.Decimal) Types.storage(data.type())).bitWidth() / 8);
        this.decimalType = (ArrowType.Decimal) Types.storage(data.type());
    }

    /**
     * Checks the data's structure and that its type is decimal32, decimal64, decimal128 or decimal256, and wraps
     * it: the form for data that does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not decimal32, decimal64, decimal128 or decimal256 (rule {@link Rules#ARRAY_TYPE})
     */
    public static DecimalArray of(ArrayData data) {
        return checkedAs(data, DecimalArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type decimal32,
     * decimal64, decimal128 or decimal256, such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type decimal32, decimal64, decimal128 or decimal256
     * @return the array over {@code data}
     */
    public static DecimalArray ofUnchecked(ArrayData data) {
        return new DecimalArray(data);
    }

    /**
     * The decimal type (the storage type, for an extension type over a decimal).
     *
     * @return the type, with its precision, scale and bit width
     */
    public ArrowType.Decimal decimalType() {
        return decimalType;
    }

    /**
     * The unscaled value {@code i} as a long: a plain read for 32 and 64 bits.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the unscaled value
     * @throws ArithmeticException if a 128- or 256-bit value does not fit in a long
     */
    public long getUnscaledLong(long i) {
        long at = at(i);
        return switch (byteWidth()) {
            case 4 -> values.get(LittleEndian.INT, at);
            case 8 -> values.get(LittleEndian.LONG, at);
            default -> wideToLong(at, i);
        };
    }

    private long wideToLong(long at, long i) {
        long low = values.get(LittleEndian.LONG, at);
        long sign = low >> 63;
        for (int w = 8; w < byteWidth(); w += 8) {
            if (values.get(LittleEndian.LONG, at + w) != sign) {
                throw new ArithmeticException("decimal value " + i + " does not fit in a long");
            }
        }
        return low;
    }

    /**
     * The unscaled value {@code i} (whatever is stored under a null slot).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the unscaled value
     */
    public BigInteger getUnscaled(long i) {
        return WideIntegers.read(values, at(i), byteWidth());
    }

    /**
     * Value {@code i} with the type's scale (whatever is stored under a null slot).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value
     */
    public BigDecimal getBigDecimal(long i) {
        return byteWidth() <= 8 ? BigDecimal.valueOf(getUnscaledLong(i), decimalType.scale())
                : new BigDecimal(getUnscaled(i), decimalType.scale());
    }

    /** Value {@code i} as a BigDecimal, or null. */
    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : getBigDecimal(i);
    }

    @Override
    protected String formatValue(long i) {
        return Values.plain(getBigDecimal(i));
    }

    @Override
    public DecimalArray slice(long offset, long length) {
        return new DecimalArray(data.slice(offset, length));
    }

    /**
     * Checks that every valid value has at most the type's precision in digits. Not part of
     * {@link #validateFull()}: the format does not make precision an invariant of the data, and Arrow
     * 1.0's own integration files hold values beyond it, which every implementation reads.
     *
     * @throws ValidationException with rule {@link Rules#DECIMAL_PRECISION} and the first such index
     */
    public void validatePrecision() {
        ArrowBuffer validityBuffer = data.validity();
        MemorySegment validity = validityBuffer == null ? null : validityBuffer.segment();
        long base = data.offset();
        int precision = decimalType.precision();
        if (byteWidth() <= 8) {
            long bound = precision >= 19 ? Long.MAX_VALUE : BigInteger.TEN.pow(precision).longValueExact();
            for (long i = 0; i < data.length(); i++) {
                if (validity != null && !Bitmaps.get(validity, base + i)) {
                    continue;
                }
                long v = getUnscaledLong(i);
                if (precision < 19 && (v >= bound || v <= -bound)) {
                    throw precisionError(i);
                }
            }
            return;
        }
        int words = byteWidth() / 8;
        long[] bound = words(BigInteger.TEN.pow(precision), words);
        long[] magnitude = new long[words];
        for (long i = 0; i < data.length(); i++) {
            if (validity != null && !Bitmaps.get(validity, base + i)) {
                continue;
            }
            if (!magnitudeBelow(at(i), magnitude, bound)) {
                throw precisionError(i);
            }
        }
    }

    private ValidationException precisionError(long i) {
        return new ValidationException(Rules.DECIMAL_PRECISION, i, "unscaled value " + getUnscaled(i)
                + " has more than the " + decimalType.precision() + " digits of " + type());
    }

    /** The little-endian 64-bit words of a non-negative value. */
    private static long[] words(BigInteger value, int count) {
        long[] out = new long[count];
        for (int w = 0; w < count; w++) {
            out[w] = value.shiftRight(64 * w).longValue();
        }
        return out;
    }

    /** Whether |value at {@code at}| is below {@code bound}, word by word; {@code scratch} holds the magnitude. */
    private boolean magnitudeBelow(long at, long[] scratch, long[] bound) {
        int words = scratch.length;
        for (int w = 0; w < words; w++) {
            scratch[w] = values.get(LittleEndian.LONG, at + 8L * w);
        }
        if (scratch[words - 1] < 0) {
            long carry = 1;
            for (int w = 0; w < words; w++) {
                long x = ~scratch[w] + carry;
                carry = carry == 1 && x == 0 ? 1 : 0;
                scratch[w] = x;
            }
        }
        for (int w = words - 1; w >= 0; w--) {
            int c = Long.compareUnsigned(scratch[w], bound[w]);
            if (c != 0) {
                return c < 0;
            }
        }
        return false;
    }
}
