// SPDX-License-Identifier: Apache-2.0
package dev.quiver.examples;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Row;
import dev.quiver.core.batch.Table;
import dev.quiver.duckdb.DuckDb;
import dev.quiver.duckdb.DuckDbConnection;
import dev.quiver.io.Arrow;
import java.nio.file.Path;

/**
 * Hands a table to DuckDB and prints the result of a query, one line per row:
 * {@code QueryWithDuckDb trips.arrow}.
 */
public final class QueryWithDuckDb {
    private QueryWithDuckDb() {
    }

    /**
     * Runs the example.
     *
     * @param args the file holding the trips (id, city, fare)
     */
    public static void main(String[] args) {
        Table trips = Arrow.read(Path.of(args[0]));
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("trips", trips);
            try (RecordBatchReader result = db.query(
                    "SELECT city, count(*) AS n, sum(fare) AS total FROM trips GROUP BY city ORDER BY city")) {
                for (RecordBatch batch : result) {
                    for (long i = 0; i < batch.rowCount(); i++) {
                        Row row = batch.row(i);
                        System.out.println(row.getString("city") + "," + row.getLong("n") + "," + row.getDouble("total"));
                    }
                }
            }
        }
    }
}
