// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.PartitionReader;
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
    void aTaskReadingManyRowGroupsHoldsOneAtATime() {
        StructType schema = SparkSchemas.toSpark(BenchV1.SCHEMA);
        int[] keyIndex = new int[schema.fields().length];
        Arrays.fill(keyIndex, -1);
        FragmentReaderFactory factory = new FragmentReaderFactory(schema, keyIndex, ReadSettings.of(Map.of()));
        long before = BufferAllocator.managed().allocatedBytes();
        long first = 0;
        long most = 0;
        int batches = 0;
        try (PartitionReader<ColumnarBatch> reader = factory.createColumnarReader(fragment())) {
            while (reader.next()) {
                ColumnarBatch batch = reader.get();
                assertEquals((long) batches * GROUP_ROWS, batch.column(0).getLong(0));
                long id = (long) batches * GROUP_ROWS + 1;
                assertEquals(id % 17 == 0, batch.column(4).isNullAt(1));
                if (id % 17 != 0) {
                    assertEquals("name-" + id % 10007, batch.column(4).getUTF8String(1).toString());
                }
                long held = BufferAllocator.managed().allocatedBytes() - before;
                first = batches == 0 ? held : first;
                most = Math.max(most, held);
                batches++;
            }
        }
        assertEquals(GROUPS, batches);
        assertTrue(first > 0, "a row group's decoded columns are counted");
        // Fifty row groups kept to the task's end would hold about fifty times the first one's memory.
        assertTrue(most < 4 * first, "held at most " + most + " bytes, one row group takes " + first);
    }
}
