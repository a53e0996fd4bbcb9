// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.arithmetic;

/** A binary arithmetic function. */
public enum ArithmeticOp {
    /** {@code a + b}. */
    ADD("+", "add"),
    /** {@code a - b}. */
    SUBTRACT("-", "subtract"),
    /** {@code a * b}. */
    MULTIPLY("*", "multiply"),
    /** {@code a / b} (integers truncate toward zero). */
    DIVIDE("/", "divide"),
    /** {@code a ^ b}. */
    POWER("^", "power");

    private final String symbol;
    private final String function;

    ArithmeticOp(String symbol, String function) {
        this.symbol = symbol;
        this.function = function;
    }

    /**
     * The operator as written in expressions.
     *
     * @return the symbol, such as {@code +}
     */
    public String symbol() {
        return symbol;
    }

    /**
     * The function's name, as in pyarrow.compute.
     *
     * @return the name, such as {@code add}
     */
    public String function() {
        return function;
    }
}
