// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;

/** Scalars as arrays of length one, which kernels read with a stride of zero. */
public final class Scalars {
    private Scalars() {
    }

    /**
     * A Java value as a one-value array of the given type ({@code null} gives a null).
     *
     * @param type the type
     * @param value the value, of a class the type's builder accepts
     * @return the array of length one
     * @throws ComputeException if the value does not fit the type
     */
    public static Array of(ArrowType type, Object value) {
        try {
            return ArrayBuilder.of(type, Outputs.allocator()).appendObject(value).build();
        } catch (RuntimeException e) {
            throw new ComputeException("the value " + value + " does not fit " + type + ": " + e.getMessage(), e);
        }
    }

    /**
     * Checks that operands are as long as each other, an operand of length one counting as a scalar.
     *
     * @param kernel the kernel's name, for the message
     * @param operands the operands
     * @return the common length
     * @throws ComputeException if two operands longer than one differ in length
     */
    public static long commonLength(String kernel, Array... operands) {
        long n = -1;
        for (Array a : operands) {
            if (a.length() != 1) {
                if (n >= 0 && n != a.length()) {
                    throw new ComputeException(kernel + ": operands of lengths " + n + " and " + a.length());
                }
                n = a.length();
            }
        }
        return n < 0 ? 1 : n;
    }
}
