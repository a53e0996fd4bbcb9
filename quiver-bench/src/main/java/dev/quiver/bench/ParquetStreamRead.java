// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.parquet.ParquetReader;
import java.nio.file.Path;

/**
 * Reads a bench-v1 Parquet file batch by batch with the default options and keeps nothing: {@code
 * ParquetStreamRead FILE} prints the rows and the sum of {@code id}. Run under {@code /usr/bin/time -v} with a
 * small heap ({@code -Xmx256m}) to see that memory follows the row groups being decoded, not the file
 * (docs/parquet.md, "Memory").
 */
public final class ParquetStreamRead {
    private ParquetStreamRead() {
    }

    public static void main(String[] args) {
        long rows = 0;
        long sum = 0;
        try (ParquetReader reader = ParquetReader.open(Path.of(args[0]))) {
            for (RecordBatch batch : reader) {
                rows += batch.rowCount();
                Int64Array id = (Int64Array) batch.column("id");
                for (int i = 0; i < id.length(); i++) {
                    sum += id.get(i);
                }
            }
        }
        System.out.println("rows=" + rows);
        System.out.println("sum_id=" + sum);
    }
}
