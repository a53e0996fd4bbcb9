// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import dev.quiver.core.QuiverException;

/** A file whose content or name matches none of the formats the front door reads or writes. */
public class UnknownFormatException extends QuiverException {
    /**
     * An exception naming the file and what was found.
     *
     * @param message the file and why its format is not known
     */
    public UnknownFormatException(String message) {
        super(message);
    }
}
