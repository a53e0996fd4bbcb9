// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

/**
 * How integration JSON is written: indented or compact, and gzip-compressed or not. A writer of a
 * {@link java.nio.file.Path} whose name ends with {@code .gz} compresses whatever {@code gzip} says.
 *
 * @param pretty whether the JSON is indented (else compact)
 * @param gzip whether the output is gzip-compressed
 */
public record JsonWriteOptions(boolean pretty, boolean gzip) {
    /** Compact, uncompressed JSON. */
    public static final JsonWriteOptions DEFAULT = new JsonWriteOptions(false, false);

    /**
     * These options with indentation on or off.
     *
     * @param newPretty whether the JSON is indented
     * @return the new options
     */
    public JsonWriteOptions withPretty(boolean newPretty) {
        return new JsonWriteOptions(newPretty, gzip);
    }

    /**
     * These options with gzip compression on or off.
     *
     * @param newGzip whether the output is gzip-compressed
     * @return the new options
     */
    public JsonWriteOptions withGzip(boolean newGzip) {
        return new JsonWriteOptions(pretty, newGzip);
    }
}
