// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.validation;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;

/**
 * Array data breaks a rule of the columnar format. {@link #rule()} names the rule (a stable short
 * identifier such as {@code offsets-monotonic}); {@link #index()} is the slot where it broke, or -1 when
 * the rule is about the array as a whole.
 */
public final class ValidationException extends QuiverException {
    private final String rule;
    private final long index;

    public ValidationException(String rule, long index, String message) {
        super(rule + (index >= 0 ? " at index " + index : "") + ": " + message);
        this.rule = rule;
        this.index = index;
    }

    public String rule() {
        return rule;
    }

    public long index() {
        return index;
    }
}
