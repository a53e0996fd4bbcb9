// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

/**
 * Room for the text of a field with its doubled quotes or escapes resolved, reused from field to field
 * (grown when a field needs more); not thread-safe.
 */
final class Scratch {
    private byte[] bytes = new byte[256];
    /** The length of the text last unescaped. */
    int length;

    /**
     * Resolves the doubled quotes and escapes of {@code b[s, e)}: the text is {@code [0, length)} of the
     * array returned (this scratch's own, valid until the next call).
     */
    byte[] unescape(byte[] b, int s, int e, Dialect dialect) {
        if (bytes.length < e - s) {
            bytes = new byte[Math.max(e - s, bytes.length * 2)];
        }
        byte quote = dialect.quote();
        byte escape = dialect.escape();
        int n = 0;
        for (int i = s; i < e; i++) {
            byte c = b[i];
            if (c == quote || c == escape && escape != 0) {
                i++;
                c = b[i];
            }
            bytes[n++] = c;
        }
        length = n;
        return bytes;
    }
}
