// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute;

import dev.quiver.core.QuiverException;

/** A kernel that cannot compute what it was asked: an overflow, an invalid cast, an index out of range, an unsupported type; the message names the kernel, the column or argument and, where it applies, the row. */
public class ComputeException extends QuiverException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception with a message that names what is wrong and where.
     *
     * @param message the description of the failure
     */
    public ComputeException(String message) {
        super(message);
    }

    /**
     * Creates an exception with a message and the lower-level failure that caused it.
     *
     * @param message the description of the failure
     * @param cause the underlying exception, or {@code null} if there is none
     */
    public ComputeException(String message, Throwable cause) {
        super(message, cause);
    }
}
