// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import dev.quiver.core.QuiverException;

/**
 * NDJSON that cannot be read (malformed JSON, invalid UTF-8, a line that is not an object, a value that
 * does not fit its field's type, a key outside the schema), or a batch that cannot be written. The message
 * names the line (1-based; 0 where no line applies) and the field path ({@code a.b[]} for the elements of
 * list {@code b} in struct {@code a}; empty for the whole line).
 */
public class NdjsonException extends QuiverException {
    /** The 1-based line at fault, or 0. */
    private final long line;
    /** The path of the field at fault, or empty. */
    private final String field;
    /** What is wrong, without the place. */
    private final String problem;

    /**
     * An exception at a line and a field.
     *
     * @param line the 1-based line, or 0 where no line applies
     * @param field the field path, or empty for the whole line
     * @param problem what is wrong
     */
    public NdjsonException(long line, String field, String problem) {
        this(line, field, problem, null);
    }

    /**
     * An exception at a line and a field, with its underlying failure.
     *
     * @param line the 1-based line, or 0 where no line applies
     * @param field the field path, or empty for the whole line
     * @param problem what is wrong
     * @param cause the underlying failure (the JSON parser's, an I/O error), or null
     */
    public NdjsonException(long line, String field, String problem, Throwable cause) {
        super(place(line, field) + problem, cause);
        this.line = line;
        this.field = field == null ? "" : field;
        this.problem = problem;
    }

    /**
     * The same failure {@code lines} lines further down: for a part of the input parsed on its own, whose
     * line 1 is the input's line {@code lines + 1}. A failure at no line stays as it is.
     */
    NdjsonException movedDown(long lines) {
        if (lines == 0 || line == 0) {
            return this;
        }
        NdjsonException moved = new NdjsonException(line + lines, field, problem, getCause());
        moved.setStackTrace(getStackTrace());
        return moved;
    }

    private static String place(long line, String field) {
        StringBuilder sb = new StringBuilder();
        if (line > 0) {
            sb.append("line ").append(line);
        }
        if (field != null && !field.isEmpty()) {
            sb.append(sb.isEmpty() ? "" : ", ").append("field ").append(field);
        }
        return sb.isEmpty() ? "" : sb.append(": ").toString();
    }

    /**
     * The line at fault.
     *
     * @return the 1-based line number, or 0 where no line applies
     */
    public long line() {
        return line;
    }

    /**
     * The field at fault.
     *
     * @return the field path ({@code a.b[]}), or empty for the whole line
     */
    public String field() {
        return field;
    }
}
