// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.ArrowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Casts to and from decimals: rescaling that would drop digits is an error unless allowed (then the digits are
 * cut), a value too wide for the target's precision is an error; integers need a target with room for every value
 * of their type (precision - scale at least 3, 5, 10 or 19/20 digits), as Arrow C++ checks.
 */
final class DecimalCasts {
    private DecimalCasts() {
    }

    static Array toDecimal(Array a, ArrowType.Decimal target, CastOptions options) {
        long n = a.length();
        int kind = Physical.kind(a.type());
        if (Physical.isInteger(kind)) {
            int digits = switch (Physical.width(kind)) {
                case 1 -> 3;
                case 2 -> 5;
                case 4 -> 10;
                default -> kind == Physical.U64 ? 20 : 19;
            };
            if (target.precision() - target.scale() < digits) {
                throw new ComputeException("cast: " + target + " has not precision enough for every " + a.type()
                        + " value; it should be at least " + (digits + target.scale()));
            }
        }
        ArrowBuffer validity = Validity.and(a);
        int width = target.bitWidth() / 8;
        ArrowBuffer out = Outputs.allocate(n * width);
        for (long i = 0; i < n; i++) {
            if (!a.isValid(i)) {
                continue;
            }
            BigDecimal v;
            if (a instanceof DecimalArray d) {
                v = d.getBigDecimal(i);
            } else if (Physical.isFloat(kind)) {
                double x = Physical.readDouble(Chunks.values(a), kind, a.offset() + i);
                if (Double.isNaN(x) || Double.isInfinite(x)) {
                    throw new ComputeException("cast: float value " + x + " at row " + i + " has no " + target
                            + " value");
                }
                v = new BigDecimal(x).setScale(target.scale(), RoundingMode.HALF_EVEN);
            } else {
                long x = Physical.readLong(Chunks.values(a), kind, a.offset() + i);
                v = new BigDecimal(kind == Physical.U64 ? new BigInteger(Long.toUnsignedString(x))
                        : BigInteger.valueOf(x));
            }
            WideIntegers.write(out.segment(), i * width, width, rescale(v, target, options, i).unscaledValue());
        }
        return Outputs.fixedWidth(target, n, validity, out);
    }

    /** The value at the target's scale, checked for lost digits (unless allowed) and for its precision. */
    static BigDecimal rescale(BigDecimal v, ArrowType.Decimal target, CastOptions options, long row) {
        BigDecimal r;
        try {
            r = v.setScale(target.scale(), options.allowDecimalTruncate() ? RoundingMode.DOWN
                    : RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new ComputeException("cast: rescaling decimal value " + v.toPlainString() + " at row " + row
                    + " to " + target + " would lose digits", e);
        }
        if (r.unscaledValue().abs().compareTo(BigInteger.TEN.pow(target.precision())) >= 0) {
            throw new ComputeException("cast: decimal value " + r.toPlainString() + " at row " + row
                    + " does not fit " + target);
        }
        return r;
    }

    static Array fromDecimal(DecimalArray a, ArrowType target, CastOptions options) {
        long n = a.length();
        int kind = Physical.kind(target);
        ArrowBuffer validity = Validity.and(a);
        ArrowBuffer out = Outputs.allocate(n * Physical.width(kind));
        for (long i = 0; i < n; i++) {
            if (!a.isValid(i)) {
                continue;
            }
            BigDecimal v = a.getBigDecimal(i);
            if (Physical.isFloat(kind)) {
                // As Arrow C++: the unscaled value times the power of ten, in the target's precision.
                int scale = a.decimalType().scale();
                double unscaled = v.unscaledValue().doubleValue();
                double r = kind == Physical.F64 ? unscaled * Double.parseDouble("1e" + (-scale))
                        : (float) unscaled * Float.parseFloat("1e" + (-scale));
                Physical.writeDouble(out.segment(), kind, i, r);
                continue;
            }
            BigInteger whole;
            try {
                whole = v.setScale(0, options.allowDecimalTruncate() ? RoundingMode.DOWN : RoundingMode.UNNECESSARY)
                        .unscaledValue();
            } catch (ArithmeticException e) {
                throw new ComputeException("cast: decimal value " + v.toPlainString() + " at row " + i
                        + " has a fraction that " + target + " would lose", e);
            }
            boolean unsigned = kind == Physical.U64;
            boolean fits = unsigned ? whole.signum() >= 0 && whole.bitLength() <= 64 : whole.bitLength() <= 63;
            if (!fits && !options.allowIntOverflow() || fits && !options.allowIntOverflow()
                    && !NumericCasts.fits(whole.longValue(), unsigned, kind)) {
                throw new ComputeException("cast: decimal value " + v.toPlainString() + " at row " + i
                        + " is not in range of " + target);
            }
            Physical.writeLong(out.segment(), kind, i, whole.longValue());
        }
        return Outputs.fixedWidth(target, n, validity, out);
    }
}
