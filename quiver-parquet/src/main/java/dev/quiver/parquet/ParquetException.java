// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.core.QuiverException;

/** A Parquet file that cannot be read as asked, or a batch that cannot be written as Parquet: the message names the file, the column and the place (row group, page, offset) where they are known. */
public class ParquetException extends QuiverException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception with a message that names what is wrong and where.
     *
     * @param message the description of the failure
     */
    public ParquetException(String message) {
        super(message);
    }

    /**
     * Creates an exception with a message and the lower-level failure that caused it.
     *
     * @param message the description of the failure
     * @param cause the underlying exception, or {@code null} if there is none
     */
    public ParquetException(String message, Throwable cause) {
        super(message, cause);
    }
}
