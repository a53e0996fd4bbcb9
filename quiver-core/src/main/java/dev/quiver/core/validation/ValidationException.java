// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.validation;

import dev.quiver.core.QuiverException;

/**
 * Array data breaks a rule of the columnar format. {@link #rule()} names the rule (a stable short
 * identifier such as {@code offsets-monotonic}); {@link #index()} is the slot where it broke, or -1 when
 * the rule is about the array as a whole.
 */
public final class ValidationException extends QuiverException {
    /** The name of the broken rule, one of {@link Rules}. */
    private final String rule;
    /** The slot where the rule broke, or -1 for the array as a whole. */
    private final long index;

    /**
     * Creates the exception; its message is the rule, then {@code " at index "} and the index when it is
     * not negative, then the detail.
     *
     * @param rule the name of the broken rule, one of the constants of {@link Rules}
     * @param index the 0-based slot where the rule broke, or -1 when the
     *     rule is about the array as a whole
     * @param message what is wrong, for a human reader
     */
    public ValidationException(String rule, long index, String message) {
        super(rule + (index >= 0 ? " at index " + index : "") + ": " + message);
        this.rule = rule;
        this.index = index;
    }

    /**
     * Returns the name of the broken rule.
     *
     * @return one of the constants of {@link Rules}, such as {@code offsets-monotonic}
     */
    public String rule() {
        return rule;
    }

    /**
     * Returns the slot where the rule broke.
     *
     * @return the 0-based index of the slot, or -1 when the rule is about the array as a whole
     */
    public long index() {
        return index;
    }
}
