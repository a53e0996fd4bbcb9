// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.QuiverException;

/** Bytes that break the Parquet Variant binary encoding, or a shredded variant that breaks its rules. */
public final class InvalidVariantException extends QuiverException {
    /**
     * Creates the exception.
     *
     * @param message what is wrong and where
     */
    public InvalidVariantException(String message) {
        super(message);
    }
}
