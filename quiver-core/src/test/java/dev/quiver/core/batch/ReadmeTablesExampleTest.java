// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The README's "Tables, rows and records" example, kept compiling and true. */
class ReadmeTablesExampleTest {
    record Trade(long id, String symbol, Instant at, Optional<Double> price, List<String> tags) {
    }

    @Test
    void readmeExample() {
        try (var allocator = BufferAllocator.scoped()) {
            List<Trade> trades = List.of(new Trade(1, "ABC", Instant.parse("2024-05-01T09:00:00Z"), Optional.empty(),
                    List.of()));
            RecordBatch batch = RecordBatchBuilder.fromRecords(trades, allocator);
            Schema schema = Schemas.fromRecord(Trade.class);
            RecordBatch more = RecordBatchBuilder.of(schema, allocator)
                    .addRow(7L, "XYZ", Instant.parse("2024-05-01T09:30:00Z"), 1.5, List.of("a"))
                    .build();
            Table table = Table.concatenate(new Table(schema, List.of(batch)), new Table(schema, List.of(more)));
            Table view = table.select("symbol", "price").rename(Map.of("price", "px"));
            long id = batch.row(0).getLong("id");
            List<Trade> back = table.toRecords(Trade.class);
            assertEquals(1, id);
            assertEquals(List.of(trades.get(0), new Trade(7, "XYZ", Instant.parse("2024-05-01T09:30:00Z"),
                    Optional.of(1.5), List.of("a"))), back);
            assertEquals("""
                    Table[2 rows, 2 batches] schema<symbol: utf8, px: float64>
                    symbol    px
                    ------  ----
                    ABC     null
                    XYZ      1.5
                    """, view.toString());
            assertTrue(table.toPrettyString(50).contains("2024-05-01T09:30:00Z"), table.toPrettyString(50));
            assertEquals(1, table.combineChunks().batches().size());
        }
    }
}
