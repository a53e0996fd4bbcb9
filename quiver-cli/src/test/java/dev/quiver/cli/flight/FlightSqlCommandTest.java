// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.cli.QuiverCommand;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code quiver flight serve DIR --sql} and {@code quiver flight sql URI QUERY [--out FILE]}. */
class FlightSqlCommandTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("k", new ArrowType.Utf8()),
            Field.nullable("v", new ArrowType.Int(64, true)));

    @TempDir
    Path tmp;

    @Test
    void servesADirectoryAsTablesAndQueriesIt() throws Exception {
        Path served = Files.createDirectory(tmp.resolve("served"));
        try (IpcFileWriter w = IpcFileWriter.open(served.resolve("kv.arrow"), SCHEMA)) {
            w.write(RecordBatch.ofRows(SCHEMA, List.of(List.of("a", 1L), List.of("b", 2L), List.of("a", 3L))));
        }
        StringWriter err = new StringWriter();
        Thread thread = new Thread(() -> {
            CommandLine cli = QuiverCommand.commandLine();
            cli.setErr(new PrintWriter(err, true));
            cli.execute("flight", "serve", served.toString(), "--port", "0", "--sql");
        });
        thread.start();
        try {
            String uri = null;
            Pattern address = Pattern.compile("at (grpc://[^ ]+:\\d+)");
            for (int i = 0; i < 2000 && uri == null; i++) {
                Matcher m = address.matcher(err.toString());
                if (m.find()) {
                    uri = m.group(1);
                } else {
                    assertTrue(thread.isAlive(), "serve ended: " + err);
                    Thread.sleep(10);
                }
            }
            assertTrue(err.toString().contains("as a Flight SQL service"), err.toString());

            FlightCommandTest.Result printed = FlightCommandTest.run("flight", "sql", uri,
                    "SELECT k, sum(v) AS total FROM kv GROUP BY k ORDER BY k");
            assertEquals(0, printed.exit(), printed.err());
            assertTrue(printed.out().lines().anyMatch(l -> l.matches("\\s*a\\s+4\\s*")), printed.out());
            assertTrue(printed.out().lines().anyMatch(l -> l.matches("\\s*b\\s+2\\s*")), printed.out());

            Path out = tmp.resolve("result.arrow");
            FlightCommandTest.Result written = FlightCommandTest.run("flight", "sql", uri,
                    "SELECT * FROM kv WHERE v > 1 ORDER BY v", "--out", out);
            assertEquals(0, written.exit(), written.err());
            try (IpcFileReader r = IpcFileReader.open(out)) {
                Table t = Table.from(r);
                assertEquals(2, t.rowCount());
                assertEquals("b", t.row(0).get(0));
                assertEquals(3L, t.row(1).get(1));
            }

            FlightCommandTest.Result refused = FlightCommandTest.run("flight", "sql", uri,
                    "SELECT * FROM read_csv('/etc/passwd')");
            assertEquals(1, refused.exit());
            assertTrue(refused.err().contains("INVALID_ARGUMENT") && refused.err().contains("disabled by configuration"),
                    refused.err());
        } finally {
            thread.interrupt();
            thread.join();
        }
    }
}
