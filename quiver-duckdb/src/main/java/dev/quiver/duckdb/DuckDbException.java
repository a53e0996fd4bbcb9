// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import dev.quiver.core.QuiverException;

/**
 * What goes wrong with DuckDB: an SQL error (with DuckDB's message), a native library that is missing or
 * cannot be loaded, a result column of a type that has no Arrow form, a table that cannot be registered.
 */
public final class DuckDbException extends QuiverException {
    private static final long serialVersionUID = 1L;

    /**
     * An exception with a message.
     *
     * @param message what went wrong
     */
    public DuckDbException(String message) {
        super(message);
    }

    /**
     * An exception with a message and a cause.
     *
     * @param message what went wrong
     * @param cause the failure underneath
     */
    public DuckDbException(String message, Throwable cause) {
        super(message, cause);
    }
}
