// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.arithmetic;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;

/**
 * The result types of arithmetic, as Arrow C++ resolves them: the common numeric type of two numbers (a float if
 * either is one, the widest float; signed and unsigned integers meet in a signed type twice the unsigned width, at
 * most 64 bits) and the decimal precision/scale rules (add/subtract: scale max(s1, s2), precision max(p1 - s1,
 * p2 - s2) + scale + 1; multiply: s1 + s2, p1 + p2 + 1; divide: scale max(4, s1 + p2 - s2 + 1), precision
 * p1 - s1 + s2 + scale), an integer taking part as a decimal of its digits and scale 0.
 */
public final class NumericTypes {
    private NumericTypes() {
    }

    /**
     * The common numeric type of two operands.
     *
     * @param function the function's name, for messages
     * @param a the first type
     * @param b the second type
     * @return the type both are computed in
     * @throws ComputeException if either is not numeric
     */
    public static ArrowType common(String function, ArrowType a, ArrowType b) {
        ArrowType sa = Types.storage(a);
        ArrowType sb = Types.storage(b);
        check(function, sa);
        check(function, sb);
        if (sa.equals(sb)) {
            return sa;
        }
        if (sa instanceof ArrowType.FloatingPoint || sb instanceof ArrowType.FloatingPoint) {
            int wa = sa instanceof ArrowType.FloatingPoint fa ? floatWidth(fa) : 0;
            int wb = sb instanceof ArrowType.FloatingPoint fb ? floatWidth(fb) : 0;
            if (sa instanceof ArrowType.Decimal || sb instanceof ArrowType.Decimal) {
                return ArrowType.FLOAT64;
            }
            int w = Math.max(wa, wb);
            return w == 64 ? ArrowType.FLOAT64 : w == 32 ? ArrowType.FLOAT32 : ArrowType.FLOAT16;
        }
        if (sa instanceof ArrowType.Decimal || sb instanceof ArrowType.Decimal) {
            throw new IllegalStateException("decimal operands resolve through decimal()");
        }
        ArrowType.Int ia = (ArrowType.Int) sa;
        ArrowType.Int ib = (ArrowType.Int) sb;
        if (ia.signed() == ib.signed()) {
            return new ArrowType.Int(Math.max(ia.bitWidth(), ib.bitWidth()), ia.signed());
        }
        ArrowType.Int signed = ia.signed() ? ia : ib;
        ArrowType.Int unsigned = ia.signed() ? ib : ia;
        return new ArrowType.Int(Math.min(64, Math.max(signed.bitWidth(), unsigned.bitWidth() * 2)), true);
    }

    /**
     * The decimal result type of a binary operation, when either operand is a decimal and neither is a float.
     *
     * @param op the operation
     * @param a the first type
     * @param b the second type
     * @return the result's decimal type
     * @throws ComputeException if the precision exceeds what the width allows (38 for 128 bits, 76 for 256)
     */
    public static ArrowType.Decimal decimal(ArithmeticOp op, ArrowType a, ArrowType b) {
        ArrowType.Decimal da = asDecimal(op, a);
        ArrowType.Decimal db = asDecimal(op, b);
        int p1 = da.precision();
        int s1 = da.scale();
        int p2 = db.precision();
        int s2 = db.scale();
        int scale;
        int precision;
        switch (op) {
            case ADD, SUBTRACT -> {
                scale = Math.max(s1, s2);
                precision = Math.max(p1 - s1, p2 - s2) + scale + 1;
            }
            case MULTIPLY -> {
                scale = s1 + s2;
                precision = p1 + p2 + 1;
            }
            case DIVIDE -> {
                scale = Math.max(4, s1 + p2 - s2 + 1);
                precision = p1 - s1 + s2 + scale;
            }
            default -> throw new ComputeException(op.function() + ": not defined for decimals");
        }
        int width = Math.max(da.bitWidth(), db.bitWidth());
        int max = ArrowType.Decimal.maxPrecision(width);
        if (precision > max) {
            throw new ComputeException(op.function() + ": the result of " + a + " " + op.symbol() + " " + b
                    + " needs precision " + precision + ", more than decimal" + width + " holds (" + max + ")");
        }
        return new ArrowType.Decimal(precision, scale, width);
    }

    /**
     * Whether a binary operation on these types is computed in decimals.
     *
     * @param a the first type
     * @param b the second type
     * @return true when one is a decimal and neither a float
     */
    public static boolean isDecimal(ArrowType a, ArrowType b) {
        ArrowType sa = Types.storage(a);
        ArrowType sb = Types.storage(b);
        return (sa instanceof ArrowType.Decimal || sb instanceof ArrowType.Decimal)
                && !(sa instanceof ArrowType.FloatingPoint) && !(sb instanceof ArrowType.FloatingPoint);
    }

    private static ArrowType.Decimal asDecimal(ArithmeticOp op, ArrowType t) {
        return switch (Types.storage(t)) {
            case ArrowType.Decimal d -> d;
            case ArrowType.Int i -> new ArrowType.Decimal(switch (i.bitWidth()) {
                case 8 -> 3;
                case 16 -> 5;
                case 32 -> 10;
                default -> i.signed() ? 19 : 20;
            }, 0, 128);
            default -> throw new ComputeException(op.function() + ": " + t + " is not a number");
        };
    }

    private static int floatWidth(ArrowType.FloatingPoint f) {
        return switch (f.precision()) {
            case HALF -> 16;
            case SINGLE -> 32;
            case DOUBLE -> 64;
        };
    }

    static void check(String function, ArrowType t) {
        ArrowType s = Types.storage(t);
        if (!(s instanceof ArrowType.Int || s instanceof ArrowType.FloatingPoint || s instanceof ArrowType.Decimal)) {
            throw new ComputeException(function + ": " + t + " is not a number");
        }
    }

    static boolean isFloat(ArrowType t) {
        return Physical.isFloat(Physical.kind(t));
    }
}
