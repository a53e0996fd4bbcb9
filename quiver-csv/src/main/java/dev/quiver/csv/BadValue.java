// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

/**
 * A field whose text does not parse as its column's type; the reader turns it into a
 * {@link CsvException} naming the line, the column and the value. Thrown only on bad input, so its
 * cost does not matter; it carries no stack trace.
 */
final class BadValue extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** The index of the field in its block's {@link Tokens}, when known; -1 before. */
    int field = -1;

    /** @param problem what is wrong with the value, e.g. {@code is not an int64} */
    BadValue(String problem) {
        super(problem, null, false, false);
    }
}
