// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quiver sql} over one registered file gives DuckDB's own results: the same queries run by DuckDB's
 * Python client over the same file read by pyarrow (which DuckDB scans any number of times, with pushdown).
 * Runs when {@code QUIVER_PYTHON} names a Python with pyarrow and duckdb.
 */
class SqlAgainstDuckDbPythonTest {
    private static final List<String> QUERIES = List.of(
            "SELECT count(*) AS n, sum(a.x) AS s FROM t a JOIN t b ON a.id = b.id",
            "WITH c AS (SELECT cat, count(*) AS n FROM t GROUP BY cat) SELECT x.cat, x.n + y.n AS n2 FROM c x "
                    + "JOIN c y ON x.cat = y.cat ORDER BY 1",
            "SELECT id, sum(maybe) OVER (PARTITION BY cat ORDER BY id ROWS 3 PRECEDING) AS w FROM t ORDER BY id "
                    + "LIMIT 50",
            "SELECT id FROM t o WHERE maybe > (SELECT avg(maybe) FROM t i WHERE i.cat = o.cat) ORDER BY id LIMIT 40",
            "SELECT cat, count(*) AS n, count(maybe) AS m, sum(maybe) AS s, min(name) AS lo, max(name) AS hi "
                    + "FROM t WHERE id % 5 <> 1 GROUP BY cat ORDER BY cat");

    private static final String SCRIPT = """
            import sys, duckdb, pyarrow.ipc as ipc
            table = ipc.open_file(sys.argv[1]).read_all()
            con = duckdb.connect()
            con.register("t", table)
            for i, query in enumerate(sys.argv[3:]):
                result = con.sql(query).fetch_arrow_table()
                with ipc.new_file(f"{sys.argv[2]}/py-{i}.arrow", result.schema) as out:
                    out.write_table(result)
            """;

    @TempDir
    Path dir;

    private static List<List<Object>> rows(Path file) {
        List<List<Object>> out = new ArrayList<>();
        try (IpcFileReader reader = IpcFileReader.open(file)) {
            for (RecordBatch batch : reader) {
                for (long r = 0; r < batch.rowCount(); r++) {
                    List<Object> row = new ArrayList<>();
                    for (int c = 0; c < batch.columns().size(); c++) {
                        row.add(batch.column(c).getObject(r));
                    }
                    out.add(row);
                }
            }
        }
        return out;
    }

    @Test
    void selfJoinsCtesWindowsAndCorrelatedSubqueriesGiveDuckDbsResults() throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Path file = dir.resolve("bench.arrow");
        assertEquals(0, Cli.run("bench-gen", "--rows", "20000", "--out", file).exit());
        List<String> args = new ArrayList<>(List.of(file.toString(), dir.toString()));
        args.addAll(QUERIES);
        python.get().run(SCRIPT, args.toArray(String[]::new));
        for (int i = 0; i < QUERIES.size(); i++) {
            Path ours = dir.resolve("quiver-" + i + ".arrow");
            Cli.Result r = Cli.run("sql", QUERIES.get(i), "--table", "t=" + file, "--out", ours);
            assertEquals(0, r.exit(), r.err());
            List<List<Object>> expected = rows(dir.resolve("py-" + i + ".arrow"));
            assertTrue(!expected.isEmpty(), QUERIES.get(i));
            assertEquals(expected, rows(ours), QUERIES.get(i));
        }
    }
}
