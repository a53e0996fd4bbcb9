// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.compare;

/** A comparison: {@code = != < <= > >=}. */
public enum CompareOp {
    /** {@code =} (pyarrow's {@code equal}). */
    EQUAL("=", 0b010),
    /** {@code !=} ({@code not_equal}). */
    NOT_EQUAL("!=", 0b101),
    /** {@code <} ({@code less}). */
    LESS("<", 0b001),
    /** {@code <=} ({@code less_equal}). */
    LESS_EQUAL("<=", 0b011),
    /** {@code >} ({@code greater}). */
    GREATER(">", 0b100),
    /** {@code >=} ({@code greater_equal}). */
    GREATER_EQUAL(">=", 0b110);

    private final String symbol;
    private final int outcomes;

    CompareOp(String symbol, int outcomes) {
        this.symbol = symbol;
        this.outcomes = outcomes;
    }

    /**
     * The operator as written in expressions.
     *
     * @return the symbol, such as {@code <=}
     */
    public String symbol() {
        return symbol;
    }

    /** Bit 0: true when less; bit 1: when equal; bit 2: when greater. */
    int outcomes() {
        return outcomes;
    }

    /**
     * The operator with its operands swapped ({@code a < b} is {@code b > a}).
     *
     * @return the mirrored operator
     */
    public CompareOp mirrored() {
        return switch (this) {
            case LESS -> GREATER;
            case LESS_EQUAL -> GREATER_EQUAL;
            case GREATER -> LESS;
            case GREATER_EQUAL -> LESS_EQUAL;
            default -> this;
        };
    }
}
