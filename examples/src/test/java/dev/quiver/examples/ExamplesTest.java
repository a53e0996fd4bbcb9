// SPDX-License-Identifier: Apache-2.0
package dev.quiver.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.Arrow;
import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs each example as a user runs it — its own JVM, the class path of a project that takes Quiver
 * through the bom, the JVM options the README gives library users — and checks that its standard error
 * is empty (no JVM warning) and, with pyarrow ({@code QUIVER_PYTHON}), that its output is what Arrow
 * C++ reads and computes.
 */
class ExamplesTest {
    /** The JVM option the README gives library users (section "Using Quiver as a library"). */
    static final List<String> JVM_OPTIONS = List.of("--enable-native-access=ALL-UNNAMED");

    private static final Optional<PythonPeer> PYTHON = PythonPeer.find();

    @TempDir
    Path dir;

    @Test
    void keepRowsReadsAPyarrowFileAndKeepsTheExpensiveTrips() throws Exception {
        Path trips = dir.resolve("trips.arrow");
        if (PYTHON.isPresent()) {
            PYTHON.get().run("""
                    import sys, pyarrow as pa
                    t = pa.table({'id': pa.array(range(1000), pa.int64()),
                                  'city': [['Lisbon', 'Oslo', None][i % 3] for i in range(1000)],
                                  'fare': [None if i % 7 == 0 else i % 50 / 2 for i in range(1000)]})
                    with pa.ipc.new_file(sys.argv[1], t.schema) as w:
                        w.write_table(t, max_chunksize=300)
                    """, trips.toString());
        } else {
            System.out.println(PythonPeer.SKIP_MESSAGE + " (the input is written by Quiver instead)");
            Schema schema = Schema.of(Field.nullable("id", ArrowType.INT64), Field.nullable("city", ArrowType.UTF8),
                    Field.nullable("fare", ArrowType.FLOAT64));
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                rows.add(Arrays.asList((long) i, new String[] {"Lisbon", "Oslo", null}[i % 3],
                        i % 7 == 0 ? null : i % 50 / 2.0));
            }
            Arrow.write(new Table(schema, List.of(RecordBatch.ofRows(schema, rows))), trips);
        }
        Path out = dir.resolve("expensive.arrow");
        Run run = run(KeepRows.class, JVM_OPTIONS, trips.toString(), out.toString());
        assertEquals("kept 497 of 1000 rows\n", run.out());
        if (PYTHON.isPresent()) {
            assertEquals("True 497", PYTHON.get().run("""
                    import sys, pyarrow as pa, pyarrow.compute as pc
                    t = pa.ipc.open_file(sys.argv[1]).read_all()
                    got = pa.ipc.open_file(sys.argv[2]).read_all()
                    print(got.equals(t.filter(pc.greater(t['fare'], 10))), got.num_rows)
                    """, trips.toString(), out.toString()).strip());
        } else {
            assertEquals(497, Arrow.read(out).rowCount());
        }
    }

    @Test
    void joinTablesJoinsAsPyarrowDoes() throws Exception {
        Path trips = dir.resolve("trips.arrow");
        Path joined = dir.resolve("joined.arrow");
        run(MillionRows.class, JVM_OPTIONS, trips.toString());
        Run run = run(JoinTables.class, JVM_OPTIONS, trips.toString(), joined.toString());
        assertEquals("""
                joined 1000000 rows: [id, city, fare, country]
                Portugal 333334 16650033.30
                Norway 333333 16649966.70
                null 333333 16650000.00
                """, run.out());
        if (PYTHON.isPresent()) {
            assertEquals("True", PYTHON.get().run("""
                    import sys, pyarrow as pa
                    t = pa.ipc.open_file(sys.argv[1]).read_all()
                    q = pa.ipc.open_file(sys.argv[2]).read_all()
                    c = pa.table({'city': ['Lisbon', 'Oslo', 'Paris'], 'country': ['Portugal', 'Norway', 'France']})
                    expected = t.join(c, 'city', join_type='left outer').sort_by('id')
                    # Acero marks every output field nullable; Quiver keeps the left side's not-null fields
                    print(expected.equals(q.sort_by('id').cast(expected.schema)))
                    """, trips.toString(), joined.toString()).strip());
        } else {
            System.out.println(PythonPeer.SKIP_MESSAGE);
        }
    }

    @Test
    void millionRowsWritesAMillionTrips() throws Exception {
        Path out = dir.resolve("million.arrow");
        Run run = run(MillionRows.class, JVM_OPTIONS, out.toString());
        assertEquals("wrote 1000000 rows to " + out + "\n", run.out());
        if (PYTHON.isPresent()) {
            assertEquals("1000000 id:int64:False|city:string:True|fare:double:False 333334 49950000.0",
                    PYTHON.get().run("""
                    import sys, pyarrow as pa, pyarrow.compute as pc
                    t = pa.ipc.open_file(sys.argv[1]).read_all()
                    print(t.num_rows, '|'.join(f'{f.name}:{f.type}:{f.nullable}' for f in t.schema),
                          pc.sum(pc.equal(t['city'], 'Lisbon')).as_py(), round(pc.sum(t['fare']).as_py(), 3))
                    """, out.toString()).strip());
        } else {
            System.out.println(PythonPeer.SKIP_MESSAGE);
            assertEquals(1_000_000, Arrow.read(out).rowCount());
        }
    }

    @Test
    void withoutTheReadmesOptionTheJvmWarns() throws Exception {
        Path out = dir.resolve("million.arrow");
        Run run = runUnchecked(MillionRows.class, List.of(), out.toString());
        assertTrue(run.err().startsWith("WARNING: A restricted method in "),
                run.err());
        assertTrue(run.err().contains("com.github.luben.zstd"), run.err());
    }

    @Test
    void queryWithDuckDbPrintsWhatPyarrowComputes() throws Exception {
        Path trips = dir.resolve("trips.arrow");
        run(MillionRows.class, JVM_OPTIONS, trips.toString());
        Run run = run(QueryWithDuckDb.class, JVM_OPTIONS, trips.toString());
        if (PYTHON.isPresent()) {
            List<String> expected = PYTHON.get().run("""
                    import sys, pyarrow as pa
                    t = pa.ipc.open_file(sys.argv[1]).read_all()
                    g = t.group_by('city').aggregate([('fare', 'count'), ('fare', 'sum')]).sort_by('city')
                    for row in g.to_pylist():
                        print(f"{row['city']},{row['fare_count']},{row['fare_sum']}")
                    """, trips.toString()).lines().toList();
            List<String> actual = run.out().lines().toList();
            assertEquals(3, expected.size(), expected.toString());
            assertEquals(expected.size(), actual.size(), run.out());
            for (int i = 0; i < expected.size(); i++) {
                String[] want = expected.get(i).split(",");
                String[] got = actual.get(i).split(",");
                assertEquals(want[0] + "," + want[1], got[0] + "," + got[1]);
                // Sums of a million doubles: the two engines may add them in another order.
                assertEquals(Double.parseDouble(want[2]), Double.parseDouble(got[2]), 1e-6);
            }
        } else {
            System.out.println(PythonPeer.SKIP_MESSAGE);
            assertEquals(3, run.out().lines().count(), run.out());
        }
    }

    @Test
    void serveOverFlightReceivesTheTableItServes() throws Exception {
        Path trips = dir.resolve("trips.arrow");
        run(MillionRows.class, JVM_OPTIONS, trips.toString());
        Path received = dir.resolve("received.arrow");
        Run run = run(ServeOverFlight.class, JVM_OPTIONS, trips.toString(), received.toString());
        assertTrue(run.out().matches("received 1000000 rows from grpc://[^ ]+\n"), run.out());
        if (PYTHON.isPresent()) {
            assertEquals("True", PYTHON.get().run("""
                    import sys, pyarrow as pa
                    print(pa.ipc.open_file(sys.argv[1]).read_all().equals(pa.ipc.open_file(sys.argv[2]).read_all()))
                    """, trips.toString(), received.toString()).strip());
        } else {
            System.out.println(PythonPeer.SKIP_MESSAGE);
            assertEquals(Arrow.read(trips), Arrow.read(received));
        }
    }

    /** What a run printed. */
    record Run(String out, String err) {
    }

    /**
     * Runs {@code main} in a JVM of its own, on this JDK, with the class path of this module and
     * {@code options}; it must end with status 0 and print nothing on standard error.
     */
    static Run run(Class<?> main, List<String> options, String... args) throws IOException, InterruptedException {
        Run run = runUnchecked(main, options, args);
        assertEquals("", run.err(), main.getSimpleName() + " printed on standard error");
        return run;
    }

    /** Runs {@code main} as {@link #run} does; it must end with status 0, whatever it prints on standard error. */
    static Run runUnchecked(Class<?> main, List<String> options, String... args)
            throws IOException, InterruptedException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.addAll(List.of("-cp", classPath, main.getName()));
        command.addAll(List.of(args));
        Path stdout = Files.createTempFile("example-", ".out");
        Path stderr = Files.createTempFile("example-", ".err");
        try {
            Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError(main.getSimpleName() + " ran over five minutes");
            }
            Run run = new Run(Files.readString(stdout), Files.readString(stderr));
            assertEquals(0, process.exitValue(), main.getSimpleName() + " failed: " + run.err());
            return run;
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }
}
