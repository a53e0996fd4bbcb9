// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;

/**
 * The connector cannot do what a Spark job asked: a column whose type Spark cannot hold (or Arrow cannot
 * take), a value that would change on the way, a missing or malformed option, input that is not Arrow. The
 * message names the column, file or option concerned.
 */
public class QuiverSparkException extends QuiverException {
    /**
     * An exception with a message naming what is wrong and where.
     *
     * @param message what is wrong, and where
     */
    public QuiverSparkException(String message) {
        super(message);
    }

    /**
     * An exception with a message naming what is wrong and where, and the failure that caused it.
     *
     * @param message what is wrong, and where
     * @param cause the underlying failure
     */
    public QuiverSparkException(String message, Throwable cause) {
        super(message, cause);
    }
}
