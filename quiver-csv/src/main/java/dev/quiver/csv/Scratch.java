// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

/**
 * Room for the text of a field with its doubled quotes or escapes resolved ({@link Tokens#unescape}),
 * reused from field to field; not thread-safe.
 */
final class Scratch {
    private byte[] bytes = new byte[256];
    private final int[] count = new int[1];
    /** The length of the text last unescaped. */
    int length;

    /** Unescapes {@code b[s, e)}: the text is {@code [0, length)} of the array returned. */
    byte[] unescape(byte[] b, int s, int e, Dialect dialect) {
        bytes = Tokens.unescape(b, s, e, dialect, bytes, count);
        length = count[0];
        return bytes;
    }
}
