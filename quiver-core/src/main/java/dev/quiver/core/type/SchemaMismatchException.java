// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import dev.quiver.core.QuiverException;

/**
 * Data of one schema given where another is required (a batch added to a table of another schema, tables
 * concatenated, a column of another type); the message names the first difference (see
 * {@link Schema#difference}).
 */
public final class SchemaMismatchException extends QuiverException {
    private static final long serialVersionUID = 1L;

    /**
     * An exception whose message is {@code what}, then the difference.
     *
     * @param what what was refused, e.g. {@code batch 0's schema differs from the table's}
     * @param difference the difference in words
     */
    public SchemaMismatchException(String what, String difference) {
        super(what + ": " + difference);
    }
}
