// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.compare;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Scalars;
import dev.quiver.core.array.Array;

/**
 * Comparisons {@code = != < <= > >=} of two arrays, or of an array and a scalar, with a null wherever an operand is
 * null. Integers of any width and sign compare by value, floats as IEEE doubles (NaN is unequal to everything),
 * strings and binaries byte by byte, decimals of one scale by value, temporal values of one type. An operand of
 * length one is broadcast.
 *
 * <pre>{@code
 * Array x = ArrayBuilder.of(ArrowType.INT64).appendObject(1L).appendObject(null).appendObject(3L).build();
 * Comparison.greater(x, 2L);                              // [false, null, true]
 * Comparison.compare(CompareOp.LESS_EQUAL, x, x);         // [true, null, true]
 * }</pre>
 */
public final class Comparison {
    private Comparison() {
    }

    /**
     * Compares two arrays row by row.
     *
     * @param op the comparison
     * @param left the left operand
     * @param right the right operand
     * @return a boolean array
     * @throws ComputeException if the types cannot be compared or the lengths differ
     */
    public static Array compare(CompareOp op, Array left, Array right) {
        return CompareKernel.compare(op, left, right);
    }

    /**
     * Compares an array with a scalar of its type.
     *
     * @param op the comparison
     * @param left the array
     * @param right the scalar, a Java value the array's type accepts ({@code null} gives all nulls)
     * @return a boolean array
     * @throws ComputeException if the scalar does not fit the array's type
     */
    public static Array compare(CompareOp op, Array left, Object right) {
        return CompareKernel.compare(op, left, Scalars.of(left.type(), right));
    }

    /**
     * {@code left = right}.
     *
     * @param left the left operand
     * @param right the right operand
     * @return a boolean array
     * @throws ComputeException if the types cannot be compared or the lengths differ
     */
    public static Array equal(Array left, Array right) {
        return compare(CompareOp.EQUAL, left, right);
    }

    /**
     * {@code left != right}.
     *
     * @param left the left operand
     * @param right the right operand
     * @return a boolean array
     * @throws ComputeException if the types cannot be compared or the lengths differ
     */
    public static Array notEqual(Array left, Array right) {
        return compare(CompareOp.NOT_EQUAL, left, right);
    }

    /**
     * {@code left < right}.
     *
     * @param left the left operand
     * @param right the right operand
     * @return a boolean array
     * @throws ComputeException if the types cannot be compared or the lengths differ
     */
    public static Array less(Array left, Array right) {
        return compare(CompareOp.LESS, left, right);
    }

    /**
     * {@code left <= right}.
     *
     * @param left the left operand
     * @param right the right operand
     * @return a boolean array
     * @throws ComputeException if the types cannot be compared or the lengths differ
     */
    public static Array lessEqual(Array left, Array right) {
        return compare(CompareOp.LESS_EQUAL, left, right);
    }

    /**
     * {@code left > right}.
     *
     * @param left the left operand
     * @param right the right operand
     * @return a boolean array
     * @throws ComputeException if the types cannot be compared or the lengths differ
     */
    public static Array greater(Array left, Array right) {
        return compare(CompareOp.GREATER, left, right);
    }

    /**
     * {@code left > right} for a scalar right operand.
     *
     * @param left the array
     * @param right the scalar
     * @return a boolean array
     * @throws ComputeException if the scalar does not fit the array's type
     */
    public static Array greater(Array left, Object right) {
        return compare(CompareOp.GREATER, left, right);
    }

    /**
     * {@code left >= right}.
     *
     * @param left the left operand
     * @param right the right operand
     * @return a boolean array
     * @throws ComputeException if the types cannot be compared or the lengths differ
     */
    public static Array greaterEqual(Array left, Array right) {
        return compare(CompareOp.GREATER_EQUAL, left, right);
    }
}
