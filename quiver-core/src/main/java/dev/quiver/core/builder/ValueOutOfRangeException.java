// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.ArrowType;

/**
 * A value refused by a builder because its type cannot hold it exactly: an integer outside the type's
 * range, a decimal with too many digits or a scale that would need rounding, a temporal value that
 * overflows its unit or has a finer part than the unit keeps, a finite float beyond float16 or float32.
 * The builder stores nothing for the refused value and stays usable.
 */
public final class ValueOutOfRangeException extends QuiverException {
    private static final long serialVersionUID = 1L;

    /**
     * A refusal naming the value, the type and why.
     *
     * @param value the refused value, as given
     * @param type the builder's type
     * @param why what the type cannot hold, e.g. "outside -128..127"
     */
    public ValueOutOfRangeException(Object value, ArrowType type, String why) {
        super(value + " does not fit " + type + ": " + why);
    }
}
