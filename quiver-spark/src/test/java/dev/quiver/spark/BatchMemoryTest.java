// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task's memory is given back batch by batch (a Parquet row group's arena when the reader moves past it),
 * not when the task ends: however many row groups a task reads, it holds one.
 */
class BatchMemoryTest {
    private static final int GROUPS = 50;
    private static final int GROUP_ROWS = 4_000;

    @TempDir
    static Path dir;
    private static Path file;

    @BeforeAll
    static void file() {
        file = dir.resolve("many-groups.parquet");
        TestSpark.writeBenchParquet(file, 0, (long) GROUPS * GROUP_ROWS, GROUP_ROWS);
    }

    private static ParquetFragment fragment() {
        int[] groups = new int[GROUPS];
        Arrays.setAll(groups, g -> g);
        return new ParquetFragment(file.toString(), groups, new Object[0], new Predicate[0]);
    }

    @Test
    void thePreviousRowGroupsMemoryIsClosedWhenTheNextIsRead() {
        MemorySegment previous = null;
        int batches = 0;
        try (RecordBatchReader reader = fragment().open(ReadSettings.of(Map.of()), List.of("id", "name", "tags"))) {
            for (RecordBatch batch = reader.readNext().orElse(null); batch != null;
                    batch = reader.readNext().orElse(null)) {
                if (previous != null) {
                    assertFalse(previous.scope().isAlive(), "batch " + (batches - 1) + "'s memory after batch " + batches);
                }
                previous = batch.column(0).data().buffer(1).segment();
                assertTrue(previous.scope().isAlive());
                assertEquals((long) batches * GROUP_ROWS, batch.column(0).getObject(0));
                batches++;
            }
            assertFalse(previous.scope().isAlive(), "the last row group's memory once the reader has no more");
        }
        assertEquals(GROUPS, batches);
    }

    @Test
    void aTaskReadingManyRowGroupsHoldsOneAtATime() throws Exception {
        StructType schema = SparkSchemas.toSpark(BenchV1.SCHEMA);
        int[] keyIndex = new int[schema.fields().length];
        Arrays.fill(keyIndex, -1);
        List<String> columns = List.of(schema.fieldNames());
        List<MemorySegment> segments = new ArrayList<>();
        RecordBatchReader source = fragment().open(ReadSettings.of(Map.of()), columns);
        RecordBatchReader watched = new RecordBatchReader() {
            @Override
            public Schema schema() {
                return source.schema();
            }

            @Override
            public Optional<RecordBatch> readNext() {
                Optional<RecordBatch> batch = source.readNext();
                batch.ifPresent(b -> b.columns().forEach(c -> collect(c.data(), segments)));
                return batch;
            }

            @Override
            public void close() {
                source.close();
            }
        };
        int batches = 0;
        int mostAlive = 0;
        try (FragmentReader reader = new FragmentReader(watched, schema, keyIndex, new Object[0],
                ReadSettings.of(Map.of()))) {
            while (reader.next()) {
                ColumnarBatch batch = reader.get();
                assertEquals((long) batches * GROUP_ROWS, batch.column(0).getLong(0));
                long id = (long) batches * GROUP_ROWS + 1;
                assertEquals(id % 17 == 0, batch.column(4).isNullAt(1));
                if (id % 17 != 0) {
                    assertEquals("name-" + id % 10007, batch.column(4).getUTF8String(1).toString());
                }
                mostAlive = Math.max(mostAlive, (int) segments.stream().filter(m -> m.scope().isAlive()).count());
                batches++;
            }
        }
        assertEquals(GROUPS, batches);
        int perBatch = segments.size() / GROUPS;
        assertTrue(perBatch > 0);
        // Kept to the task's end, the fifty row groups' buffers would all be alive at the last batch.
        assertTrue(mostAlive <= perBatch, mostAlive + " buffers alive at once, " + perBatch + " per row group");
        assertEquals(0, segments.stream().filter(m -> m.scope().isAlive()).count(), "all given back at the close");
    }

    /** The segments of an array's buffers, its children's and its dictionary's. */
    private static void collect(ArrayData data, List<MemorySegment> into) {
        for (ArrowBuffer buffer : data.buffers()) {
            if (buffer != null) {
                into.add(buffer.segment());
            }
        }
        data.children().forEach(child -> collect(child, into));
        if (data.dictionary() != null) {
            collect(data.dictionary(), into);
        }
    }
}
