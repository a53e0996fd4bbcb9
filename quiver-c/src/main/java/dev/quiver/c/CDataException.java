// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import dev.quiver.core.QuiverException;

/**
 * What goes wrong exchanging data through the C Data or C Stream interface: a structure that is not
 * as the spec says (a bad format string, a null pointer where one is required, a negative length, a
 * buffer or child count that does not match the type, data that fails validation), a structure
 * already released, or a stream whose producer reported an error. The message names what is wrong and
 * where (the path of the field or array in the tree).
 */
public final class CDataException extends QuiverException {
    private static final long serialVersionUID = 1L;

    /**
     * An exception with a message.
     *
     * @param message what is wrong, and where
     */
    public CDataException(String message) {
        super(message);
    }

    /**
     * An exception with a message and a cause.
     *
     * @param message what is wrong, and where
     * @param cause the failure underneath
     */
    public CDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
