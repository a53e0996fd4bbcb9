// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatchReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * DuckDB installs (from the network) and loads no extension by itself unless asked: a query that needs an
 * extension not loaded fails at once with DuckDB's message naming it, without trying the network.
 */
class ExtensionsTest {
    private static String setting(DuckDbConnection db, String name) {
        try (RecordBatchReader r = db.query("SELECT current_setting('" + name + "')::VARCHAR AS v")) {
            return (String) r.readNext().orElseThrow().column(0).getObject(0);
        }
    }

    @Test
    void autoInstallAndAutoLoadAreOffByDefault() {
        try (DuckDbConnection db = DuckDb.open()) {
            assertEquals("false", setting(db, "autoinstall_known_extensions"));
            assertEquals("false", setting(db, "autoload_known_extensions"));
        }
    }

    @Test
    void aQueryNeedingAnExtensionFailsNamingItWithoutTheNetwork() {
        try (DuckDbConnection db = DuckDb.open()) {
            DuckDbException e = assertThrows(DuckDbException.class,
                    () -> db.query("SELECT * FROM read_parquet('https://127.0.0.1:9/x.parquet')").close());
            assertTrue(e.getMessage().contains("httpfs"), e.getMessage());
            assertTrue(!e.getMessage().contains("download") && !e.getMessage().contains("Failed to"),
                    "no attempt to install: " + e.getMessage());
            DuckDbException spatial = assertThrows(DuckDbException.class, () -> db.query("SELECT ST_Point(1, 2)"));
            assertTrue(spatial.getMessage().contains("spatial"), spatial.getMessage());
        }
    }

    @Test
    void theCallerMayTurnThemOnOrSetOtherOptions() {
        try (DuckDbConnection db = DuckDb.open(null, Map.of("autoload_known_extensions", "true", "threads", "1"))) {
            assertEquals("true", setting(db, "autoload_known_extensions"));
            assertEquals("false", setting(db, "autoinstall_known_extensions"));
            assertEquals("1", setting(db, "threads"));
        }
        DuckDbException bad = assertThrows(DuckDbException.class,
                () -> DuckDb.open(null, Map.of("no_such_option", "1")));
        assertTrue(bad.getMessage().contains("no_such_option"), bad.getMessage());
    }
}
