// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.ipc.IpcException;
import dev.quiver.ipc.IpcFileReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An Arrow file is mapped once per executor JVM while tasks read it, and unmapped when the last is done. */
class SharedFileReadersTest {
    private static final ReadSettings SETTINGS = ReadSettings.of(Map.of());

    @Test
    void tasksReadingAFileAtOnceShareOneMappingClosedByTheLast(@TempDir Path dir) {
        Path file = dir.resolve("bench.arrow");
        TestSpark.writeBench(file, 0, 4_000, 1_000);
        int before = SharedFileReaders.openFiles();
        SharedFileReaders.Lease first = SharedFileReaders.acquire(file, SETTINGS.ipcOptions());
        SharedFileReaders.Lease second = SharedFileReaders.acquire(dir.resolve(".").resolve("bench.arrow"),
                SETTINGS.ipcOptions());
        IpcFileReader reader = first.reader();
        // The second task's footer, schema and dictionaries are the first's: not read again.
        assertSame(reader, second.reader());
        assertEquals(before + 1, SharedFileReaders.openFiles());
        first.close();
        first.close();
        assertEquals(1_000L, reader.batch(1, BufferAllocator.managed()).column(0).getObject(0));
        second.close();
        assertEquals(before, SharedFileReaders.openFiles());
        assertThrows(IpcException.class, () -> reader.batch(1, BufferAllocator.managed()));
    }

    @Test
    void twoFragmentsOfAFileReadTogetherUseOneReader(@TempDir Path dir) {
        Path file = dir.resolve("bench.arrow");
        TestSpark.writeBench(file, 0, 4_000, 1_000);
        int before = SharedFileReaders.openFiles();
        try (RecordBatchReader a = new IpcFragment(file.toString(), true, 0, 2, new Object[0]).open(SETTINGS, List.of());
                RecordBatchReader b = new IpcFragment(file.toString(), true, 2, 4, new Object[0]).open(SETTINGS,
                        List.of())) {
            assertEquals(before + 1, SharedFileReaders.openFiles());
            RecordBatch fromB = b.readNext().orElseThrow();
            RecordBatch fromA = a.readNext().orElseThrow();
            assertEquals(2_000L, fromB.column(0).getObject(0));
            assertEquals(0L, fromA.column(0).getObject(0));
            assertEquals(1_000L, a.readNext().orElseThrow().column(0).getObject(0));
            assertEquals(3_000L, b.readNext().orElseThrow().column(0).getObject(0));
            assertEquals(true, a.readNext().isEmpty() && b.readNext().isEmpty());
        }
        assertEquals(before, SharedFileReaders.openFiles());
    }

    @Test
    void aFileRewrittenWhileReadIsMappedAnew(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bench.arrow");
        TestSpark.writeBench(file, 0, 4_000, 1_000);
        try (SharedFileReaders.Lease old = SharedFileReaders.acquire(file, SETTINGS.ipcOptions())) {
            Path rewritten = dir.resolve("new.arrow");
            TestSpark.writeBench(rewritten, 10_000, 2_000, 1_000);
            Files.move(rewritten, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() + 10_000));
            try (SharedFileReaders.Lease fresh = SharedFileReaders.acquire(file, SETTINGS.ipcOptions())) {
                assertNotSame(old.reader(), fresh.reader());
                assertEquals(2, fresh.reader().batchCount());
                assertEquals(10_000L, fresh.reader().batch(0, BufferAllocator.managed()).column(0).getObject(0));
                assertEquals(4, old.reader().batchCount());
                assertEquals(1_000L, old.reader().batch(1, BufferAllocator.managed()).column(0).getObject(0));
            }
        }
    }
}
