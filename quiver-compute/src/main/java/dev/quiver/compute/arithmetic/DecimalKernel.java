// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.arithmetic;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/**
 * Decimal arithmetic on unscaled integers: operands rescaled to the result's scale for add and subtract, the
 * dividend scaled up by the result scale plus the divisor's for divide (truncating toward zero, as Arrow C++);
 * integer operands take part with scale 0.
 */
final class DecimalKernel {
    private DecimalKernel() {
    }

    static void binary(ArithmeticOp op, String fn, Array a, Array b, ArrowType.Decimal outType, MemorySegment out,
            MemorySegment valid, long n) {
        int sa = scale(a);
        int sb = scale(b);
        int so = outType.scale();
        int width = outType.bitWidth() / 8;
        long as = a.length() == 1 ? 0 : 1;
        long bs = b.length() == 1 ? 0 : 1;
        for (long i = 0; i < n; i++) {
            if (valid != null && !Bitmaps.get(valid, i)) {
                continue;
            }
            BigInteger u = unscaled(a, i * as);
            BigInteger v = unscaled(b, i * bs);
            BigInteger r = switch (op) {
                case ADD -> u.multiply(BigInteger.TEN.pow(so - sa)).add(v.multiply(BigInteger.TEN.pow(so - sb)));
                case SUBTRACT -> u.multiply(BigInteger.TEN.pow(so - sa))
                        .subtract(v.multiply(BigInteger.TEN.pow(so - sb)));
                case MULTIPLY -> u.multiply(v);
                case DIVIDE -> {
                    if (v.signum() == 0) {
                        throw new ComputeException(fn + ": divide by zero at row " + i);
                    }
                    yield u.multiply(BigInteger.TEN.pow(so + sb - sa)).divide(v);
                }
                case POWER -> throw new ComputeException(fn + ": not defined for decimals");
            };
            if (r.bitLength() >= width * 8) {
                throw new ComputeException(fn + ": overflow at row " + i + " (the result does not fit " + outType
                        + ")");
            }
            WideIntegers.write(out, i * width, width, r);
        }
    }

    private static int scale(Array a) {
        return a instanceof DecimalArray d ? d.decimalType().scale() : 0;
    }

    private static BigInteger unscaled(Array a, long i) {
        if (a instanceof DecimalArray d) {
            return d.getUnscaled(i);
        }
        int kind = Physical.kind(a.type());
        long v = Physical.readLong(Chunks.values(a), kind, a.offset() + i);
        return kind == Physical.U64 ? new BigInteger(Long.toUnsignedString(v)) : BigInteger.valueOf(v);
    }
}
