// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Row-group selection, column projection and predicate pushdown (statistics, bloom filters). */
class PushdownTest {
    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void write() throws IOException {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        file = dir.resolve("groups.parquet");
        python.get().run("""
                import sys, pyarrow as pa, pyarrow.parquet as pq
                n = 5000
                t = pa.table({'x': pa.array(range(n), pa.int64()), 's': ['v%05d' % i for i in range(n)],
                              'u': pa.array([(i * 7) % 1000 for i in range(n)], pa.uint32()),
                              'maybe': pa.array([None if i < 1000 else i for i in range(n)], pa.int32()),
                              'st': pa.array([{'a': i, 'b': 'b%d' % i} for i in range(n)])})
                pq.write_table(t, sys.argv[1], row_group_size=1000, bloom_filter_options={'s': {'ndv': 1000, 'fpp': 0.01}})
                """, file.toString());
    }

    private static List<Long> firstValuesOfGroupsRead(ParquetReadOptions options) {
        List<Long> firsts = new ArrayList<>();
        try (ParquetReader reader = ParquetReader.open(file, options.withBatchSize(1000).withColumns("x"))) {
            for (RecordBatch b : reader) {
                firsts.add(((Int64Array) b.column(0)).get(0));
            }
        }
        return firsts;
    }

    @Test
    void rowGroupsAreSelectedInTheOrderGiven() {
        assertEquals(List.of(3000L, 1000L), firstValuesOfGroupsRead(ParquetReadOptions.DEFAULT.withRowGroups(3, 1)));
        ParquetException e = assertThrows(ParquetException.class,
                () -> firstValuesOfGroupsRead(ParquetReadOptions.DEFAULT.withRowGroups(5)));
        assertTrue(e.getMessage().contains("no row group 5"), e.getMessage());
    }

    @Test
    void statisticsSkipRowGroupsThatCannotMatch() {
        ParquetReadOptions o = ParquetReadOptions.DEFAULT;
        assertEquals(List.of(2000L), firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.eq("x", 2500L))));
        assertEquals(List.of(0L, 1000L), firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.lt("x", 1001L))));
        assertEquals(List.of(4000L), firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.ge("x", 4999L))));
        assertEquals(List.of(), firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.gt("x", 4999L))));
        assertEquals(List.of(1000L, 3000L), firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.or(
                ParquetPredicate.eq("s", "v01999"), ParquetPredicate.and(ParquetPredicate.ge("x", 3000L),
                        ParquetPredicate.le("x", 3999L))))));
        // a group of only nulls holds no value equal to anything; IS NULL finds it
        assertEquals(List.of(1000L, 2000L, 3000L, 4000L), firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.ne("maybe", 7))));
        assertEquals(List.of(0L), firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.isNull("maybe"))));
        // unsigned order (LogicalTypes.md: UINT_32 compares unsigned); nested leaves by their dotted path
        assertEquals(5, firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.lt("u", 5))).size());
        assertEquals(List.of(4000L), firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.gt("st.a", 4500L))));
    }

    @Test
    void bloomFiltersSkipGroupsWithinTheBoundsThatLackTheValue() {
        ParquetReadOptions o = ParquetReadOptions.DEFAULT;
        assertEquals(List.of(2000L), firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.eq("s", "v02500"))));
        // between row group 2's bounds but in no row: statistics keep the group, its bloom filter does not
        assertEquals(List.of(), firstValuesOfGroupsRead(o.withFilter(ParquetPredicate.eq("s", "v02500x"))));
    }

    @Test
    void badFiltersNameTheColumn() {
        ParquetException e = assertThrows(ParquetException.class,
                () -> firstValuesOfGroupsRead(ParquetReadOptions.DEFAULT.withFilter(ParquetPredicate.eq("nope", 1))));
        assertTrue(e.getMessage().contains("nope"), e.getMessage());
        e = assertThrows(ParquetException.class,
                () -> firstValuesOfGroupsRead(ParquetReadOptions.DEFAULT.withFilter(ParquetPredicate.eq("x", "text"))));
        assertTrue(e.getMessage().contains("x"), e.getMessage());
    }

    @Test
    void nestedFieldsAreProjectedByPath() {
        try (ParquetReader reader = ParquetReader.open(file, ParquetReadOptions.DEFAULT.withColumns("st.b", "x"))) {
            assertEquals("st", reader.schema().field(0).name());
            assertEquals(1, reader.schema().field(0).children().size());
            assertEquals("b", reader.schema().field(0).children().get(0).name());
            Table t = Table.from(reader);
            assertEquals(5000, t.rowCount());
            assertEquals("b4999", t.combineChunks().batches().get(0).column(0).getObject(4999).toString()
                    .replaceAll(".*b=|}.*", "").replace("\"", ""));
        }
        ParquetException e = assertThrows(ParquetException.class,
                () -> ParquetReader.open(file, ParquetReadOptions.DEFAULT.withColumns("st.zz")));
        assertTrue(e.getMessage().contains("st.zz"), e.getMessage());
    }
}
