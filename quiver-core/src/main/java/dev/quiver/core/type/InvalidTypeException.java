// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import dev.quiver.core.QuiverException;

/** A type, field or schema was given parameters the Arrow format does not allow. */
public final class InvalidTypeException extends QuiverException {
    /**
     * Creates the exception.
     *
     * @param message which parameter is not allowed, and why
     */
    public InvalidTypeException(String message) {
        super(message);
    }
}
