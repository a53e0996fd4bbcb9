// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.QuiverException;

/**
 * Input that is not valid Arrow integration JSON, or data the format cannot express. The message
 * names the place: the batch or dictionary, the column path and the member at fault.
 */
public class JsonFormatException extends QuiverException {
    /**
     * An exception with a message that names the place.
     *
     * @param message what is wrong, and where
     */
    public JsonFormatException(String message) {
        super(message);
    }

    /**
     * An exception with a message that names the place, and the underlying failure.
     *
     * @param message what is wrong, and where
     * @param cause the underlying failure, such as the JSON parser's
     */
    public JsonFormatException(String message, Throwable cause) {
        super(message, cause);
    }

    /** An exception for a problem at {@code place} (e.g. {@code batch 1, column a.item}). */
    static JsonFormatException at(String place, String problem) {
        return new JsonFormatException(place.isEmpty() ? problem : place + ": " + problem);
    }
}
