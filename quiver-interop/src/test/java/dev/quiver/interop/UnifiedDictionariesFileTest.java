// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcException;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables whose batches were built with dictionaries of their own, concatenated: their dictionaries are
 * unified, so one IPC file holds them (IPC.rst: a file's dictionaries may grow by deltas, never be
 * replaced), and Quiver and pyarrow read the same values back.
 */
class UnifiedDictionariesFileTest {
    private static final Schema SCHEMA = Schema.of(Field.notNull("id", ArrowType.INT64),
            Field.nullable("city", new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false)));

    @TempDir
    Path dir;

    private static Table table(List<List<?>> rows) {
        return new Table(SCHEMA, List.of(RecordBatch.ofRows(SCHEMA, rows)));
    }

    private static void write(Table table, Path path) throws Exception {
        try (var writer = IpcFileWriter.open(path, table.schema(), IpcWriteOptions.DEFAULT)) {
            for (RecordBatch batch : table) {
                writer.write(batch);
            }
        }
    }

    @Test
    void concatenatedTablesWriteToOneFileThatQuiverAndPyarrowReadBack() throws Exception {
        Table paris = table(List.of(List.of(1L, "Paris"), List.of(2L, "Oslo")));
        Table lima = table(List.of(List.of(3L, "Lima"), Arrays.asList(4L, null), List.of(5L, "Paris")));
        // the batches as they are: the second batch's dictionary replaces the first's
        Table raw = new Table(SCHEMA, List.of(paris.batches().get(0), lima.batches().get(0)));
        IpcException refused = assertThrows(IpcException.class, () -> write(raw, dir.resolve("raw.arrow")));
        assertTrue(refused.getMessage().contains("changed its values"), refused.getMessage());

        Table both = Table.concatenate(paris, lima);
        Path path = dir.resolve("both.arrow");
        write(both, path);
        try (var reader = IpcFileReader.map(path)) {
            Table read = Table.from(reader);
            assertEquals(both, read);
            assertEquals(raw, read);
        }
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        String out = python.get().run("""
                import sys, pyarrow.ipc as ipc
                t = ipc.open_file(sys.argv[1]).read_all()
                print(t.num_rows, t.column('id').to_pylist(), t.column('city').to_pylist(),
                      [c.dictionary.to_pylist() for c in t.column('city').chunks])
                """, path.toString());
        assertEquals("5 [1, 2, 3, 4, 5] ['Paris', 'Oslo', 'Lima', None, 'Paris'] "
                + "[['Paris', 'Oslo', 'Lima'], ['Paris', 'Oslo', 'Lima']]", out.strip());
    }
}
