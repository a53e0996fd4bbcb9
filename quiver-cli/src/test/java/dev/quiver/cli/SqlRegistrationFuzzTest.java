// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.duckdb.DuckDb;
import dev.quiver.duckdb.DuckDbConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Fuzzes {@code quiver sql}'s registration path: the input's bytes as a table file (an Arrow file when they
 * begin with its magic, else an Arrow stream), registered as {@code quiver sql} registers it, then scanned
 * by DuckDB twice: {@code SELECT *} (at most 4,096 rows) and a count. Each input ends in a result whose every
 * batch passes full validation, or in Quiver's own exception with a message (a {@link QuiverException}:
 * the IPC reader's, a {@code DuckDbException} carrying it through DuckDB, or a {@link CliException});
 * never a crash. Regression inputs: {@code SqlRegistrationFuzzTestInputs/registerAndQuery}; fuzzing on
 * demand: docs/fuzzing.md.
 */
class SqlRegistrationFuzzTest {
    private static final long SLOTS_PER_COLUMN = 1 << 12;
    private static Path file;
    private static DuckDbConnection db;

    private static synchronized DuckDbConnection connection() throws IOException {
        if (db == null) {
            Path dir = Files.createTempDirectory("quiver-sql-fuzz");
            dir.toFile().deleteOnExit();
            file = dir.resolve("t.arrows");
            file.toFile().deleteOnExit();
            db = DuckDb.open(null, Map.of("threads", "1", "memory_limit", "512MB"));
        }
        return db;
    }

    @FuzzTest(maxDuration = "5m")
    void registerAndQuery(byte[] input) throws IOException {
        DuckDbConnection db = connection();
        Files.write(file, input);
        try {
            db.register("t", SqlTableFile.of(file));
            readAll(db, "SELECT * FROM t LIMIT 4096");
            readAll(db, "SELECT count(*) FROM t");
        } catch (QuiverException | CliException expected) {
            if (expected.getMessage() == null || expected.getMessage().isBlank()) {
                throw new AssertionError("a failure that does not say what is wrong", expected);
            }
        } finally {
            db.unregister("t");
        }
    }

    private static void readAll(DuckDbConnection db, String sql) {
        try (RecordBatchReader result = db.query(sql)) {
            for (RecordBatch batch : result) {
                batch.validateFull();
                for (Array column : batch.columns()) {
                    long n = Math.min(column.length(), SLOTS_PER_COLUMN);
                    for (long i = 0; i < n; i++) {
                        column.getObject(i);
                    }
                }
            }
        }
    }
}
