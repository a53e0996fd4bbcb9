// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A table named in FROM but not registered, supplied by the connection's resolver. */
class ResolverTest {
    @Test
    void aNameInFromIsResolvedRegisteredAndQueried() {
        List<String> asked = new ArrayList<>();
        try (DuckDbConnection db = DuckDb.open()) {
            db.setTableResolver(name -> {
                asked.add(name);
                return name.equals("data.arrow") ? new ListReader(BenchV1.SCHEMA,
                        List.of(new BenchV1(BufferAllocator.managed()).batch(0, 100))) : null;
            });
            try (RecordBatchReader r = db.query("SELECT count(*) AS n, sum(id) AS s FROM 'data.arrow'")) {
                var batch = r.readNext().orElseThrow();
                assertEquals(100L, batch.column("n").getObject(0));
            }
            assertEquals(List.of("data.arrow"), db.tables());
            DuckDbException e = assertThrows(DuckDbException.class, () -> db.query("SELECT * FROM 'other.arrow'"));
            assertTrue(e.getMessage().contains("other.arrow"), e.getMessage());
            assertTrue(asked.contains("other.arrow"), asked.toString());
        }
    }
}
