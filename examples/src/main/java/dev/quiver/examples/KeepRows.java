// SPDX-License-Identifier: Apache-2.0
package dev.quiver.examples;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.io.Arrow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an Arrow file (pyarrow wrote it, say), keeps the rows whose {@code fare} is over 10 and writes
 * them: {@code KeepRows trips.arrow expensive.arrow}.
 */
public final class KeepRows {
    private KeepRows() {
    }

    /**
     * Runs the example.
     *
     * @param args the input and the output file (any format the front door knows, by name)
     */
    public static void main(String[] args) {
        Table trips = Arrow.read(Path.of(args[0]));
        List<List<Object>> kept = new ArrayList<>();
        for (RecordBatch batch : trips) {
            for (long row = 0; row < batch.rowCount(); row++) {
                if (batch.column("fare").getObject(row) instanceof Double fare && fare > 10) {
                    List<Object> values = new ArrayList<>();
                    for (var column : batch.columns()) {
                        values.add(column.getObject(row));
                    }
                    kept.add(values);
                }
            }
        }
        Table expensive = new Table(trips.schema(), List.of(RecordBatch.ofRows(trips.schema(), kept)));
        Arrow.write(expensive, Path.of(args[1]));
        System.out.println("kept " + expensive.rowCount() + " of " + trips.rowCount() + " rows");
    }
}
