// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.arithmetic;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/**
 * Decimal arithmetic on unscaled integers: operands rescaled to the result's scale for add and subtract, the
 * dividend scaled up by the result scale plus the divisor's for divide (truncating toward zero, as Arrow C++);
 * integer operands take part with scale 0. A row whose operands and result fit a {@code long} is computed on
 * {@code long}s (exact arithmetic, an overflow sends the row to the wide path); the others on {@code BigInteger}s.
 */
final class DecimalKernel {
    private static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int k = 1; k < POW10.length; k++) {
            POW10[k] = POW10[k - 1] * 10;
        }
    }

    private DecimalKernel() {
    }

    static void binary(ArithmeticOp op, String fn, Array a, Array b, ArrowType.Decimal outType, MemorySegment out,
            MemorySegment valid, long n) {
        Operand x = new Operand(a);
        Operand y = new Operand(b);
        int so = outType.scale();
        int width = outType.bitWidth() / 8;
        // The powers of ten each row needs, or -1 when one is past a long.
        long px = op == ArithmeticOp.ADD || op == ArithmeticOp.SUBTRACT ? pow10(so - x.scale)
                : op == ArithmeticOp.DIVIDE ? pow10(so + y.scale - x.scale) : 1;
        long py = op == ArithmeticOp.ADD || op == ArithmeticOp.SUBTRACT ? pow10(so - y.scale) : 1;
        boolean narrow = px > 0 && py > 0;
        for (long i = 0; i < n; i++) {
            if (valid != null && !Bitmaps.get(valid, i)) {
                continue;
            }
            if (op == ArithmeticOp.POWER) {
                throw new ComputeException(fn + ": not defined for decimals");
            }
            if (narrow && x.fits(i) && y.fits(i)) {
                long u = x.get(i);
                long v = y.get(i);
                if (op == ArithmeticOp.DIVIDE && v == 0) {
                    throw new ComputeException(fn + ": divide by zero at row " + i);
                }
                try {
                    long r = switch (op) {
                        case ADD -> Math.addExact(Math.multiplyExact(u, px), Math.multiplyExact(v, py));
                        case SUBTRACT -> Math.subtractExact(Math.multiplyExact(u, px), Math.multiplyExact(v, py));
                        case MULTIPLY -> Math.multiplyExact(u, v);
                        default -> Math.divideExact(Math.multiplyExact(u, px), v);
                    };
                    if (64 - Long.numberOfLeadingZeros(r < 0 ? ~r : r) >= width * 8) {
                        throw overflow(fn, i, outType);
                    }
                    writeLong(out, i * width, width, r);
                    continue;
                } catch (ArithmeticException e) {
                    // past a long: the wide path below
                }
            }
            BigInteger r = wide(op, fn, x.big(i), y.big(i), so, x.scale, y.scale, i);
            if (r.bitLength() >= width * 8) {
                throw overflow(fn, i, outType);
            }
            WideIntegers.write(out, i * width, width, r);
        }
    }

    private static BigInteger wide(ArithmeticOp op, String fn, BigInteger u, BigInteger v, int so, int sa, int sb,
            long i) {
        return switch (op) {
            case ADD -> u.multiply(BigInteger.TEN.pow(so - sa)).add(v.multiply(BigInteger.TEN.pow(so - sb)));
            case SUBTRACT -> u.multiply(BigInteger.TEN.pow(so - sa)).subtract(v.multiply(BigInteger.TEN.pow(so - sb)));
            case MULTIPLY -> u.multiply(v);
            default -> {
                if (v.signum() == 0) {
                    throw new ComputeException(fn + ": divide by zero at row " + i);
                }
                yield u.multiply(BigInteger.TEN.pow(so + sb - sa)).divide(v);
            }
        };
    }

    private static ComputeException overflow(String fn, long i, ArrowType.Decimal outType) {
        return new ComputeException(fn + ": overflow at row " + i + " (the result does not fit " + outType + ")");
    }

    private static long pow10(int k) {
        return k >= 0 && k < POW10.length ? POW10[k] : -1;
    }

    /** Writes a long as a little-endian two's-complement integer of {@code width} bytes (it fits). */
    private static void writeLong(MemorySegment out, long at, int width, long r) {
        switch (width) {
            case 4 -> out.set(LittleEndian.INT, at, (int) r);
            case 8 -> out.set(LittleEndian.LONG, at, r);
            default -> {
                out.set(LittleEndian.LONG, at, r);
                for (int w = 8; w < width; w += 8) {
                    out.set(LittleEndian.LONG, at + w, r >> 63);
                }
            }
        }
    }

    /** One operand's unscaled values: a decimal of any width, or integers (scale 0); length one is broadcast. */
    private static final class Operand {
        private final Array array;
        private final MemorySegment s;
        private final long offset;
        private final long stride;
        /** The decimal's byte width, or 0 for integers. */
        private final int width;
        private final int kind;
        final int scale;

        Operand(Array a) {
            this.array = a;
            this.s = Chunks.values(a);
            this.offset = a.offset();
            this.stride = a.length() == 1 ? 0 : 1;
            this.width = a instanceof DecimalArray d ? d.byteWidth() : 0;
            this.kind = Physical.kind(a.type());
            this.scale = a instanceof DecimalArray d ? d.decimalType().scale() : 0;
        }

        /** Whether row {@code i}'s unscaled value fits a long. */
        boolean fits(long i) {
            long slot = offset + i * stride;
            if (width == 0) {
                return kind != Physical.U64 || s.get(LittleEndian.LONG, slot * 8) >= 0;
            }
            if (width <= 8) {
                return true;
            }
            long at = slot * width;
            long sign = s.get(LittleEndian.LONG, at) >> 63;
            for (int w = 8; w < width; w += 8) {
                if (s.get(LittleEndian.LONG, at + w) != sign) {
                    return false;
                }
            }
            return true;
        }

        /** Row {@code i}'s unscaled value, which {@link #fits}. */
        long get(long i) {
            long slot = offset + i * stride;
            return switch (width) {
                case 0 -> Physical.readLong(s, kind, slot);
                case 4 -> s.get(LittleEndian.INT, slot * 4);
                default -> s.get(LittleEndian.LONG, slot * width);
            };
        }

        BigInteger big(long i) {
            long slot = i * stride;
            if (array instanceof DecimalArray d) {
                return d.getUnscaled(slot);
            }
            long v = Physical.readLong(s, kind, offset + slot);
            return kind == Physical.U64 ? new BigInteger(Long.toUnsignedString(v)) : BigInteger.valueOf(v);
        }
    }
}
