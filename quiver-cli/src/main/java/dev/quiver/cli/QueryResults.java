// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.io.ArrowFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/** A query's result printed or written as {@code quiver sql} does it, for the commands of other packages. */
public final class QueryResults {
    private QueryResults() {
    }

    /**
     * Prints a result as a table of its first rows, and how many more there were.
     *
     * @param result the result, read to its end
     * @param limit the rows printed
     * @param printer where to print
     */
    public static void print(RecordBatchReader result, long limit, PrintWriter printer) {
        SqlCommand.print(result, limit, printer);
    }

    /**
     * Writes a result to a file in a format (the file appears only once complete).
     *
     * @param result the result, read to its end
     * @param out the file
     * @param format its format
     * @return the line that says what was written
     * @throws IOException if the file cannot be written
     */
    public static String write(RecordBatchReader result, Path out, ArrowFormat format) throws IOException {
        return SqlCommand.write(result, out, format);
    }
}
