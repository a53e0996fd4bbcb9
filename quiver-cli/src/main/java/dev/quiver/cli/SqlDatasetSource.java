// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import dev.quiver.dataset.Dataset;
import dev.quiver.dataset.DatasetOptions;
import dev.quiver.dataset.Partitioning;
import dev.quiver.duckdb.ProjectingSource;
import java.nio.file.Path;

/**
 * A dataset (a directory of Parquet, Arrow, CSV or NDJSON files, or one Parquet, CSV or NDJSON file)
 * as a table of {@code quiver sql}: each scan DuckDB starts is a new scan of the files, reading only the
 * columns the query uses.
 */
final class SqlDatasetSource implements ProjectingSource {
    private final Dataset dataset;

    private SqlDatasetSource(Dataset dataset) {
        this.dataset = dataset;
    }

    /**
     * Opens a dataset with hive partitioning.
     *
     * @param path a directory or a file
     * @return the source
     */
    static SqlDatasetSource of(Path path) {
        return new SqlDatasetSource(Dataset.open(path, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive())));
    }

    @Override
    public RecordBatchReader get() {
        return dataset.scanner().scan();
    }

    @Override
    public RecordBatchReader open(int[] columns) {
        Schema schema = dataset.schema();
        String[] names = new String[columns.length];
        for (int i = 0; i < columns.length; i++) {
            names[i] = schema.field(columns[i]).name();
        }
        return dataset.scanner().columns(names).scan();
    }
}
