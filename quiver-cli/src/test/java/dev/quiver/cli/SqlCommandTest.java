// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quiver sql}: DuckDB over Arrow files and streams, printed or written. */
class SqlCommandTest {
    private static final String GROUPS = "SELECT cat, count(*) AS n, sum(maybe) AS s FROM %s "
            + "WHERE id < 100 GROUP BY cat ORDER BY cat LIMIT 3";

    @TempDir
    Path dir;

    private Path bench(String name, String format) {
        Path file = dir.resolve(name);
        assertEquals(0, Cli.run("bench-gen", "--rows", "1000", "--out", file, "--format", format).exit());
        return file;
    }

    @Test
    void aRegisteredFileAndStreamArePrintedAsATable() {
        Path file = bench("b.arrow", "file");
        Path stream = bench("b.arrows", "stream");
        for (Path input : List.of(file, stream)) {
            Cli.Result r = Cli.run("sql", GROUPS.formatted("t"), "--table", "t=" + input);
            assertEquals(0, r.exit(), r.err());
            // i < 100 with i % 16 == c: 7 rows for c = 0 and 1, 6 for 10; maybe = i - 500, null where
            // i % 10 == 7 (17 and 97 of category 1).
            assertEquals(List.of(
                    "cat          n      s",
                    "-----------  -  -----",
                    "category-0   7  -3164",
                    "category-1   7  -2271",
                    "category-10  6  -2700"), r.out().lines().map(String::stripTrailing).toList(), r.out());
        }
    }

    @Test
    void aFileNamedInFromIsScanned() {
        Path file = bench("named.arrow", "file");
        Cli.Result r = Cli.run("sql", "SELECT count(*) AS n, sum(id) AS s FROM '" + file + "'");
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("   n       s", "----  ------", "1000  499500"), r.out().lines().map(String::stripTrailing).toList());
    }

    @Test
    void theResultIsWrittenByTheOutputsName() throws IOException {
        Path input = bench("in.arrow", "file");
        Path csv = dir.resolve("out.csv");
        Cli.Result r = Cli.run("sql", "SELECT id, name FROM t WHERE id IN (1, 17) ORDER BY id", "--table",
                "t=" + input, "--out", csv);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("wrote " + csv + " (CSV): 1 batch, 2 rows"), r.out());
        assertEquals(List.of("id,name", "1,name-1", "17,"), Files.readAllLines(csv));
        Path arrow = dir.resolve("out.arrow");
        assertEquals(0, Cli.run("sql", "SELECT 42 AS answer", "--out", arrow).exit());
        assertEquals(List.of("answer", "------", "    42"), Cli.run("cat", arrow).out().lines().toList());
    }

    @Test
    void enumColumnsAreWrittenAsDictionaries() {
        Path arrow = dir.resolve("enum.arrow");
        Cli.Result r = Cli.run("sql", "SELECT ('v' || (range % 3))::ENUM('v0', 'v1', 'v2') AS e FROM range(5000)",
                "--out", arrow);
        assertEquals(0, r.exit(), r.err());
        assertTrue(Cli.run("schema", arrow).out().contains("e: dictionary<values=utf8, indices=uint8> (dictionary id 0)"));
        Cli.Result back = Cli.run("sql", "SELECT e, count(*) AS n FROM '" + arrow + "' GROUP BY e ORDER BY e");
        assertEquals(List.of("e      n", "--  ----", "v0  1667", "v1  1667", "v2  1666"),
                back.out().lines().map(String::stripTrailing).toList(), back.err());
    }

    @Test
    void anSqlErrorIsOneLineWithDuckDbsMessage() {
        Path out = dir.resolve("never.arrow");
        Cli.Result r = Cli.run("sql", "SELECT nope FROM (SELECT 1 AS one)", "--out", out);
        assertEquals(1, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("quiver sql: Binder Error: Referenced column \"nope\" not found"), r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void aMissingTableFileIsNamed() {
        Cli.Result r = Cli.run("sql", "SELECT 1", "--table", "t=" + dir.resolve("absent.arrow"));
        assertEquals(1, r.exit());
        assertEquals("quiver sql: no such file: " + dir.resolve("absent.arrow"), r.err().strip());
    }

    @Test
    void aFileCanBeScannedTwiceInOneQueryAndInTheNext() {
        Path file = bench("twice.arrow", "file");
        Path stream = bench("twice.arrows", "stream");
        for (Path input : List.of(file, stream)) {
            Cli.Result join = Cli.run("sql", "WITH c AS (SELECT cat, count(*) AS n FROM t GROUP BY cat) "
                    + "SELECT count(*) AS pairs, (SELECT sum(x.n * y.n) FROM c x JOIN c y ON x.cat = y.cat) AS sq "
                    + "FROM t a JOIN t b ON a.id = b.id", "--table", "t=" + input);
            assertEquals(0, join.exit(), join.err());
            // 1000 ids; 16 categories of 62 or 63 rows (1000 = 8 * 63 + 8 * 62): 8 * 3969 + 8 * 3844.
            assertEquals(List.of("pairs     sq", "-----  -----", " 1000  62504"),
                    join.out().lines().map(String::stripTrailing).toList(), join.out());
        }
        Cli.Result named = Cli.run("sql", "SELECT count(*) AS n FROM '" + file + "' a JOIN '" + file + "' b USING (id)");
        assertEquals(0, named.exit(), named.err());
        assertEquals(List.of("   n", "----", "1000"), named.out().lines().map(String::stripTrailing).toList());
    }

    @Test
    void extensionsAreNeitherInstalledNorLoadedUnlessAllowed() {
        Cli.Result refused = Cli.run("sql", "SELECT ST_Point(1, 2)");
        assertEquals(1, refused.exit());
        assertTrue(refused.err().startsWith("quiver sql: ") && refused.err().contains("spatial"), refused.err());
        String settings = "SELECT current_setting('autoinstall_known_extensions') AS i, "
                + "current_setting('autoload_known_extensions') AS l";
        assertEquals(List.of("i      l", "-----  -----", "false  false"),
                Cli.run("sql", settings).out().lines().map(String::stripTrailing).toList());
        assertEquals(List.of("i     l", "----  ----", "true  true"),
                Cli.run("sql", settings, "--allow-extensions").out().lines().map(String::stripTrailing).toList());
    }

    /**
     * Only the columns a query uses are validated value by value: a file whose name column holds a byte
     * that is not UTF-8 answers queries of its other columns, and a query of name is one error.
     */
    @Test
    void onlyTheColumnsAQueryUsesAreValidatedValueByValue() throws IOException {
        Path file = bench("bad.arrow", "file");
        byte[] bytes = Files.readAllBytes(file);
        byte[] value = "name-1".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int at = -1;
        for (int i = 0; at < 0 && i + value.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + value.length, value, 0, value.length)) {
                at = i;
            }
        }
        assertTrue(at > 0, "the value name-1 is in the file");
        bytes[at] = (byte) 0xFF;
        Files.write(file, bytes);
        Cli.Result ok = Cli.run("sql", "SELECT sum(id) AS s, count(maybe) AS m FROM t", "--table", "t=" + file);
        assertEquals(0, ok.exit(), ok.err());
        assertEquals(List.of("     s    m", "------  ---", "499500  900"),
                ok.out().lines().map(String::stripTrailing).toList());
        Cli.Result bad = Cli.run("sql", "SELECT max(name) FROM t", "--table", "t=" + file);
        assertEquals(1, bad.exit());
        assertEquals("", bad.out());
        assertTrue(bad.err().startsWith("quiver sql: ") && bad.err().contains("reading table t failed: "), bad.err());
        assertTrue(bad.err().contains("UTF-8"), bad.err());
    }
}
