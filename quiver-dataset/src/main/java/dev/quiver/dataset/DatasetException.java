// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.core.QuiverException;

/**
 * A dataset that cannot be opened or scanned as asked: no files, a partition value that is not of its
 * key's type, two files whose columns conflict. The message names the files and columns at fault.
 */
public final class DatasetException extends QuiverException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception with a message that names what is wrong and where.
     *
     * @param message the description of the failure
     */
    public DatasetException(String message) {
        super(message);
    }

    /**
     * Creates an exception with a message and the lower-level failure that caused it.
     *
     * @param message the description of the failure
     * @param cause the underlying exception
     */
    public DatasetException(String message, Throwable cause) {
        super(message, cause);
    }
}
