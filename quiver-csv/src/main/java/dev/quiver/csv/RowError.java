// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

/**
 * A fault found in a block, located by its byte position in the block; the reader, which knows the
 * block's first line, turns it into a {@link CsvException}. No stack trace.
 */
final class RowError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The position in the block's bytes. */
    final int position;
    /** The column's index in the file, or -1 for the whole record. */
    final int column;
    /** The value at fault, or null. */
    final String value;

    RowError(int position, int column, String problem) {
        this(position, column, null, problem);
    }

    RowError(int position, int column, String value, String problem) {
        super(problem, null, false, false);
        this.position = position;
        this.column = column;
        this.value = value;
    }
}
