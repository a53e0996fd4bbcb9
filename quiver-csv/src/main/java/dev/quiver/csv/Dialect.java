// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

/**
 * The bytes that structure a CSV file.
 *
 * @param delimiter between fields
 * @param quote around fields that hold delimiters, quotes or line breaks
 * @param escape inside quoted fields, making the next byte literal; 0 for none
 */
record Dialect(byte delimiter, byte quote, byte escape) {
    static Dialect of(CsvReadOptions options) {
        return new Dialect((byte) options.delimiter(), (byte) options.quote(), (byte) options.escape());
    }
}
