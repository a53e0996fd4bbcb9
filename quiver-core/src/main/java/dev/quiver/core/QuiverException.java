// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core;

/**
 * The root of every exception Quiver throws on its own account: bad input, a broken invariant of the
 * format, an exhausted memory budget. Catching this type catches every failure that Quiver diagnosed.
 */
public class QuiverException extends RuntimeException {
    /**
     * Creates an exception with a message that names what is wrong and where.
     *
     * @param message the description of the failure
     */
    public QuiverException(String message) {
        super(message);
    }

    /**
     * Creates an exception with a message and the lower-level failure that caused it.
     *
     * @param message the description of the failure
     * @param cause the underlying exception, or {@code null} if there is none
     */
    public QuiverException(String message, Throwable cause) {
        super(message, cause);
    }
}
