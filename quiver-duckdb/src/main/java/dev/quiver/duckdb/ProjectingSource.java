// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import dev.quiver.core.batch.RecordBatchReader;
import java.util.function.Supplier;

/**
 * A source of readers of a table (see {@link DuckDbConnection#register(String, Supplier)}) that can read
 * only the columns a scan asks for. DuckDB pushes each query's projection into its scans; a source that
 * is not a {@code ProjectingSource} reads every column and the scan drops the others, this one reads (and
 * validates, decodes, copies) only those asked for: a file reader, say, can skip the other columns' bytes.
 */
public interface ProjectingSource extends Supplier<RecordBatchReader> {
    /**
     * A reader of the table from its start with only some of its columns.
     *
     * @param columns the indices of the columns in the table's schema (as {@link #get()}'s reader gives
     *     it), in the order the reader's batches must have them; never empty
     * @return a reader whose batches have exactly these columns, of the schema's types, in this order
     */
    default RecordBatchReader open(int[] columns) {
        return new SelectedReader(get(), columns);
    }
}
