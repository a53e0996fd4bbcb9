// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static dev.quiver.ipc.TestData.ints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file past 3 GiB is mapped as one segment; its last batch is read without touching the rest. */
class LargeMappedFileTest {
    private static final long GIB = 1L << 30;

    @TempDir
    Path dir;

    @Test
    void lastBatchOfAFileLargerThan3GiB() throws IOException {
        long usable = Files.getFileStore(dir).getUsableSpace();
        assumeTrue(usable > 4 * GIB, "skipped: " + dir + " has " + usable / (1 << 20)
                + " MiB free; the test needs 4 GiB for a 3 GiB file");
        Schema schema = Schema.of(Field.notNull("v", ArrowType.INT64));
        long rows = GIB / 8;
        ArrowBuffer values = BufferAllocator.managed().allocate(GIB);
        values.setLong(0, 42);
        values.setLong(GIB - 8, 43);
        RecordBatch big = new RecordBatch(schema, List.of(Array.ofUnchecked(ArrayData.of(ArrowType.INT64, rows,
                Arrays.asList(null, values), List.of()))));
        RecordBatch last = new RecordBatch(schema, List.of(ints(ArrowType.INT64, 7L, 8L, 9L)));
        Path file = dir.resolve("large.arrow");
        try {
            try (IpcFileWriter w = IpcFileWriter.open(file, schema)) {
                for (int i = 0; i < 3; i++) {
                    w.write(big);
                }
                w.write(last);
            }
            assertTrue(Files.size(file) > 3 * GIB);

            long start = System.nanoTime();
            try (IpcFileReader r = IpcFileReader.map(file)) {
                RecordBatch read = r.batch(3);
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertEquals(last.column(0), read.column(0));
                assertTrue(millis < 2000, "opening and reading the last batch took " + millis + " ms");
                assertEquals(4, r.batchCount());

                RecordBatch middle = r.batch(2);
                ArrowBuffer mapped = middle.column(0).data().buffer(1);
                assertTrue(MappedFile.inMapping(mapped.segment()), "zero-copy: the buffer lies in the mapping");
                assertEquals(GIB, mapped.byteSize());
                assertEquals(42, mapped.getLong(0));
                assertEquals(43, mapped.getLong(GIB - 8));
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
