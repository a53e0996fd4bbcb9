// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.nio.file.Path;

/**
 * How {@link CsvWriter} writes: delimiter, quote, whether a header line comes first, and the text of a
 * null. Immutable; each {@code with} method returns a changed copy.
 *
 * @param delimiter between fields
 * @param quote around fields that need it (those holding the delimiter, the quote or a line break, and
 *     the empty string, which is thus told apart from a null)
 * @param header whether the first line names the columns
 * @param nullText the text of a null (empty by default)
 */
public record CsvWriteOptions(char delimiter, char quote, boolean header, String nullText) {
    /** Comma-separated, a header line, nulls as empty fields. */
    public static final CsvWriteOptions DEFAULT = new CsvWriteOptions(',', '"', true, "");

    /**
     * Checks the characters.
     *
     * @throws IllegalArgumentException if the delimiter or quote is not ASCII, is CR or LF, or they are equal
     */
    public CsvWriteOptions {
        if (delimiter == 0 || delimiter > 127 || delimiter == '\n' || delimiter == '\r' || quote == 0 || quote > 127
                || quote == '\n' || quote == '\r' || quote == delimiter) {
            throw new IllegalArgumentException("the delimiter and the quote must be two ASCII characters other than "
                    + "NUL, CR and LF");
        }
        java.util.Objects.requireNonNull(nullText, "nullText");
    }

    /**
     * The defaults for a file: tab-separated when its name ends in {@code .tsv}.
     *
     * @param path the file
     * @return the options
     */
    public static CsvWriteOptions forFile(Path path) {
        return CsvReadOptions.isTsv(path) ? DEFAULT.withDelimiter('\t') : DEFAULT;
    }

    /**
     * With another delimiter.
     *
     * @param delimiter an ASCII character
     * @return the changed options
     */
    public CsvWriteOptions withDelimiter(char delimiter) {
        return new CsvWriteOptions(delimiter, quote, header, nullText);
    }

    /**
     * With or without a header line.
     *
     * @param header whether to write one
     * @return the changed options
     */
    public CsvWriteOptions withHeader(boolean header) {
        return new CsvWriteOptions(delimiter, quote, header, nullText);
    }

    /**
     * With another text for nulls.
     *
     * @param text written for a null, e.g. {@code NULL}
     * @return the changed options
     */
    public CsvWriteOptions withNullText(String text) {
        return new CsvWriteOptions(delimiter, quote, header, text);
    }
}
