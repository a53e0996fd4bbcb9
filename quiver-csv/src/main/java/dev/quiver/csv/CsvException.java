// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.QuiverException;

/**
 * A CSV input that cannot be read as asked, or a batch that cannot be written as CSV. The message names
 * the source and, where they are known, the line (counted from 1, physical lines), the column and the
 * value at fault; the accessors give them apart.
 */
public final class CsvException extends QuiverException {
    private static final long serialVersionUID = 1L;
    /** The most characters of a value a message quotes. */
    private static final int MAX_QUOTED = 40;

    /** The physical line of the fault, from 1; 0 when not at a line. */
    private final long line;
    /** The column's name, or null. */
    private final String column;
    /** The value at fault, or null. */
    private final String value;

    /**
     * A failure with no line, column or value to name.
     *
     * @param message what is wrong, and where
     */
    public CsvException(String message) {
        this(message, 0, null, null);
    }

    /**
     * A failure with the lower-level failure that caused it (an I/O error, say).
     *
     * @param message what is wrong, and where
     * @param cause the underlying failure
     */
    public CsvException(String message, Throwable cause) {
        super(message, cause);
        this.line = 0;
        this.column = null;
        this.value = null;
    }

    private CsvException(String message, long line, String column, String value) {
        super(message);
        this.line = line;
        this.column = column;
        this.value = value;
    }

    /**
     * A failure at a line, in a column, about a value; the message says all of them.
     *
     * @param source the name of the input (a path, or {@code <stream>})
     * @param line the physical line, from 1
     * @param column the column's name, or null when the fault is the whole record
     * @param value the value at fault, or null
     * @param problem what is wrong, e.g. {@code is not an int64}
     * @return the exception
     */
    public static CsvException at(String source, long line, String column, String value, String problem) {
        StringBuilder message = new StringBuilder(source).append(", line ").append(line);
        if (column != null) {
            message.append(", column ").append(column);
        }
        message.append(": ");
        if (value != null) {
            message.append('\'').append(quoted(value)).append("' ");
        }
        message.append(problem);
        return new CsvException(message.toString(), line, column, value);
    }

    private static String quoted(String value) {
        return value.length() <= MAX_QUOTED ? value : value.substring(0, MAX_QUOTED) + "…";
    }

    /**
     * The physical line of the fault, from 1.
     *
     * @return the line, or 0 when the failure is not at a line
     */
    public long line() {
        return line;
    }

    /**
     * The column of the fault.
     *
     * @return the column's name, or null when the failure is not about one column
     */
    public String column() {
        return column;
    }

    /**
     * The value at fault.
     *
     * @return the value's text, or null when the failure is not about one value
     */
    public String value() {
        return value;
    }
}
