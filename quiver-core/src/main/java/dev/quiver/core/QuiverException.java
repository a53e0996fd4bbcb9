// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core;

/**
 * The root of every exception Quiver throws on its own account: bad input, a broken invariant of the
 * format, an exhausted memory budget. Catching this type catches every failure that Quiver diagnosed.
 */
public class QuiverException extends RuntimeException {
    public QuiverException(String message) {
        super(message);
    }

    public QuiverException(String message, Throwable cause) {
        super(message, cause);
    }
}
