// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.arithmetic;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.cast.Cast;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.compute.kernel.Scalars;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;

/**
 * Arithmetic: add, subtract, multiply, divide, power, negate, abs (integers wrap around; the {@code ...Checked}
 * variants throw naming the row on overflow), round (half to even), floor, ceil, sqrt and ln. Operands of
 * different numeric types are computed in their common type ({@link NumericTypes}); decimals follow Arrow C++'s
 * precision and scale rules. Integer division truncates toward zero and division by zero is an error; float
 * division by zero gives an infinity or NaN. An operand of length one is broadcast; a null operand gives a null.
 *
 * <pre>{@code
 * Array a = ArrayBuilder.of(ArrowType.INT8).appendObject((byte) 100).appendObject(null).build();
 * Array b = ArrayBuilder.of(ArrowType.INT8).appendObject((byte) 100).appendObject((byte) 1).build();
 * Arithmetic.add(a, b);         // [-56, null] (wrapped)
 * Arithmetic.addChecked(a, b);  // ComputeException: add_checked: overflow at row 0 (100 + 100)
 * Arithmetic.divide(a, b);      // [1, null]
 * Arithmetic.sqrt(b);           // [10.0, 1.0] as float64
 * }</pre>
 */
public final class Arithmetic {
    private Arithmetic() {
    }

    /**
     * Applies a binary arithmetic function.
     *
     * @param op the function
     * @param checked whether overflow is an error (else integers wrap)
     * @param a the first operand
     * @param b the second operand
     * @return the result, of the operands' common type
     * @throws ComputeException if an operand is not a number, the lengths differ, a divisor is zero, or (checked)
     *     a result overflows
     */
    public static Array apply(ArithmeticOp op, boolean checked, Array a, Array b) {
        String fn = op.function() + (checked ? "_checked" : "");
        long n = Scalars.commonLength(fn, a, b);
        NumericTypes.check(fn, a.type());
        NumericTypes.check(fn, b.type());
        ArrowBuffer validity = Validity.broadcast(n, a, b);
        java.lang.foreign.MemorySegment valid = validity == null ? null : validity.segment();
        if (NumericTypes.isDecimal(a.type(), b.type())) {
            ArrowType.Decimal type = NumericTypes.decimal(op, a.type(), b.type());
            ArrowBuffer out = Outputs.allocate(n * (type.bitWidth() / 8));
            DecimalKernel.binary(op, fn, a, b, type, out.segment(), valid, n);
            return Outputs.fixedWidth(type, n, validity, out);
        }
        ArrowType type = NumericTypes.common(fn, a.type(), b.type());
        int kind = Physical.kind(type);
        ArrowBuffer out = Outputs.allocate(n * Physical.width(kind));
        if (Physical.isFloat(kind)) {
            // Integers meet floats through a safe cast, as in Arrow C++: an integer beyond the float's exact range
            // is an error.
            FloatKernel.binary(op, checked, fn, Cast.to(a, type), Cast.to(b, type), kind, out.segment(), valid, n);
        } else {
            IntegerKernel.binary(op, checked, fn, a, b, kind, out.segment(), valid, n);
        }
        return Outputs.fixedWidth(type, n, validity, out);
    }

    /**
     * {@code a + b}, integers wrapping.
     *
     * @param a the first operand
     * @param b the second operand
     * @return the sums
     * @throws ComputeException if an operand is not a number or the lengths differ
     */
    public static Array add(Array a, Array b) {
        return apply(ArithmeticOp.ADD, false, a, b);
    }

    /**
     * {@code a + b}, overflow an error.
     *
     * @param a the first operand
     * @param b the second operand
     * @return the sums
     * @throws ComputeException on overflow (naming the row), or if an operand is not a number
     */
    public static Array addChecked(Array a, Array b) {
        return apply(ArithmeticOp.ADD, true, a, b);
    }

    /**
     * {@code a - b}, integers wrapping.
     *
     * @param a the first operand
     * @param b the second operand
     * @return the differences
     * @throws ComputeException if an operand is not a number or the lengths differ
     */
    public static Array subtract(Array a, Array b) {
        return apply(ArithmeticOp.SUBTRACT, false, a, b);
    }

    /**
     * {@code a - b}, overflow an error.
     *
     * @param a the first operand
     * @param b the second operand
     * @return the differences
     * @throws ComputeException on overflow (naming the row), or if an operand is not a number
     */
    public static Array subtractChecked(Array a, Array b) {
        return apply(ArithmeticOp.SUBTRACT, true, a, b);
    }

    /**
     * {@code a * b}, integers wrapping.
     *
     * @param a the first operand
     * @param b the second operand
     * @return the products
     * @throws ComputeException if an operand is not a number or the lengths differ
     */
    public static Array multiply(Array a, Array b) {
        return apply(ArithmeticOp.MULTIPLY, false, a, b);
    }

    /**
     * {@code a * b}, overflow an error.
     *
     * @param a the first operand
     * @param b the second operand
     * @return the products
     * @throws ComputeException on overflow (naming the row), or if an operand is not a number
     */
    public static Array multiplyChecked(Array a, Array b) {
        return apply(ArithmeticOp.MULTIPLY, true, a, b);
    }

    /**
     * {@code a / b}: integers truncate toward zero.
     *
     * @param a the dividends
     * @param b the divisors
     * @return the quotients
     * @throws ComputeException if an integer or decimal divisor is zero (naming the row)
     */
    public static Array divide(Array a, Array b) {
        return apply(ArithmeticOp.DIVIDE, false, a, b);
    }

    /**
     * {@code a / b}, overflow ({@code MIN / -1}) an error too.
     *
     * @param a the dividends
     * @param b the divisors
     * @return the quotients
     * @throws ComputeException if a divisor is zero or a quotient overflows (naming the row)
     */
    public static Array divideChecked(Array a, Array b) {
        return apply(ArithmeticOp.DIVIDE, true, a, b);
    }

    /**
     * {@code a ^ b}, integers wrapping.
     *
     * @param a the bases
     * @param b the exponents
     * @return the powers
     * @throws ComputeException if an integer exponent is negative
     */
    public static Array power(Array a, Array b) {
        return apply(ArithmeticOp.POWER, false, a, b);
    }

    /**
     * {@code a ^ b}, overflow an error.
     *
     * @param a the bases
     * @param b the exponents
     * @return the powers
     * @throws ComputeException on overflow or a negative integer exponent (naming the row)
     */
    public static Array powerChecked(Array a, Array b) {
        return apply(ArithmeticOp.POWER, true, a, b);
    }

    /**
     * {@code -a}, integers wrapping.
     *
     * @param a the operand
     * @return the negations
     * @throws ComputeException if the operand is not a number
     */
    public static Array negate(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.NEGATE, false, a);
    }

    /**
     * {@code -a}, overflow an error.
     *
     * @param a the operand
     * @return the negations
     * @throws ComputeException on overflow (naming the row)
     */
    public static Array negateChecked(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.NEGATE, true, a);
    }

    /**
     * {@code |a|}, integers wrapping.
     *
     * @param a the operand
     * @return the absolute values
     * @throws ComputeException if the operand is not a number
     */
    public static Array abs(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.ABS, false, a);
    }

    /**
     * {@code |a|}, overflow an error.
     *
     * @param a the operand
     * @return the absolute values
     * @throws ComputeException on overflow (naming the row)
     */
    public static Array absChecked(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.ABS, true, a);
    }

    /**
     * Rounds to the nearest integer, halves to even (integers unchanged).
     *
     * @param a the operand
     * @return the rounded values
     * @throws ComputeException if the operand is not a number
     */
    public static Array round(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.ROUND, false, a);
    }

    /**
     * The largest integer not above each value (float64 for integer input).
     *
     * @param a the operand
     * @return the floors
     * @throws ComputeException if the operand is not a number
     */
    public static Array floor(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.FLOOR, false, a);
    }

    /**
     * The smallest integer not below each value (float64 for integer input).
     *
     * @param a the operand
     * @return the ceilings
     * @throws ComputeException if the operand is not a number
     */
    public static Array ceil(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.CEIL, false, a);
    }

    /**
     * The square root (NaN for negative values).
     *
     * @param a the operand
     * @return the roots, a float type
     * @throws ComputeException if the operand is not a number
     */
    public static Array sqrt(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.SQRT, false, a);
    }

    /**
     * The square root, a negative value an error.
     *
     * @param a the operand
     * @return the roots, a float type
     * @throws ComputeException for a negative value (naming the row)
     */
    public static Array sqrtChecked(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.SQRT, true, a);
    }

    /**
     * The natural logarithm (-inf for zero, NaN for negative values).
     *
     * @param a the operand
     * @return the logarithms, a float type
     * @throws ComputeException if the operand is not a number
     */
    public static Array ln(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.LN, false, a);
    }

    /**
     * The natural logarithm, zero or a negative value an error.
     *
     * @param a the operand
     * @return the logarithms, a float type
     * @throws ComputeException for a value not above zero (naming the row)
     */
    public static Array lnChecked(Array a) {
        return UnaryKernel.apply(UnaryKernel.Fn.LN, true, a);
    }
}
