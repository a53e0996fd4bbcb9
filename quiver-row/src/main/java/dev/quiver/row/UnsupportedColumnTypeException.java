// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.ArrowType;

/**
 * A column type that a row table (or the group-by built on it) does not take: views, large binary,
 * nested types, unions and run-end encoded data as keys; anything but numbers as aggregated values.
 */
public final class UnsupportedColumnTypeException extends QuiverException {
    private final transient ArrowType type;

    /**
     * The refusal of {@code type}, with a message that names it and says why.
     *
     * @param type the refused type
     * @param message a message that names the type and says why it is refused
     */
    public UnsupportedColumnTypeException(ArrowType type, String message) {
        super(message);
        this.type = type;
    }

    /**
     * The refused type.
     *
     * @return the type given at construction; null after deserialization (the type is not serialized)
     */
    public ArrowType type() {
        return type;
    }
}
