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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@link FilterAndSort} as a user runs it; with pyarrow, checks the result against Arrow C++'s. */
class FilterAndSortTest {
    @TempDir
    Path dir;

    @Test
    void filterAndSortKeepsAndOrdersTheTripsAsPyarrowDoes() throws Exception {
        Schema schema = Schema.of(Field.nullable("id", ArrowType.INT64), Field.nullable("city", ArrowType.UTF8),
                Field.nullable("fare", ArrowType.FLOAT64));
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            rows.add(Arrays.asList((long) i, new String[] {"Lisbon", "Oslo", null, "Athens"}[i % 4],
                    i % 7 == 0 ? null : i % 50 / 2.0));
        }
        Path trips = dir.resolve("trips.arrow");
        Arrow.write(new Table(schema, List.of(RecordBatch.ofRows(schema, rows.subList(0, 600)),
                RecordBatch.ofRows(schema, rows.subList(600, 1000)))), trips);
        Path out = dir.resolve("sorted.arrow");
        ExamplesTest.Run run = ExamplesTest.run(FilterAndSort.class, ExamplesTest.JVM_OPTIONS, trips.toString(),
                out.toString());
        assertTrue(run.out().startsWith("kept 377 of 1000 rows\n"), run.out());
        Optional<PythonPeer> python = PythonPeer.find();
        if (python.isPresent()) {
            assertEquals("True 377", python.get().run("""
                    import sys, pyarrow as pa, pyarrow.compute as pc
                    t = pa.ipc.open_file(sys.argv[1]).read_all()
                    got = pa.ipc.open_file(sys.argv[2]).read_all()
                    kept = t.filter(pc.and_kleene(pc.greater(t['fare'], 10), pc.is_valid(t['city'])))
                    want = kept.sort_by([('city', 'ascending'), ('fare', 'descending')])
                    print(got.combine_chunks().equals(want.combine_chunks()), got.num_rows)
                    """, trips.toString(), out.toString()).strip());
        } else {
            System.out.println(PythonPeer.SKIP_MESSAGE);
            assertEquals(377, Arrow.read(out).rowCount());
        }
    }
}
