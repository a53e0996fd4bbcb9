// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exported memory outlives its allocator until the consumer releases it; releases happen once. */
class LifetimeTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("n", ArrowType.INT32),
            Field.nullable("s", ArrowType.UTF8));

    private static RecordBatch batch(BufferAllocator allocator, int rows) {
        ArrayBuilder n = ArrayBuilder.of(ArrowType.INT32, allocator);
        ArrayBuilder s = ArrayBuilder.of(ArrowType.UTF8, allocator);
        for (int i = 0; i < rows; i++) {
            n.appendObject(i % 7 == 0 ? null : i);
            s.appendObject("value " + i);
        }
        return new RecordBatch(SCHEMA, List.of(n.build(), s.build()));
    }

    @Test
    void aScopedAllocatorsCloseDoesNotFreeMemoryAConsumerStillHolds() {
        ScopedAllocator allocator = BufferAllocator.scoped();
        RecordBatch batch = batch(allocator, 100);
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            expected.add(batch.column(1).getObject(i));
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(CData.ARROW_ARRAY);
            CData.exportBatch(batch, c);
            allocator.close();
            assertNotEquals(0, allocator.allocatedBytes(), "held memory still counts");
            try (Imported<RecordBatch> imported = CData.importBatch(c, SCHEMA, ValidationLevel.FULL)) {
                for (int i = 0; i < 100; i++) {
                    assertEquals(expected.get(i), imported.value().column(1).getObject(i));
                }
            }
            assertEquals(0, allocator.allocatedBytes(), "freed by the consumer's release");
            assertEquals(List.of(), allocator.outstanding());
        }
    }

    @Test
    void manyRoundTripsLeaveNothingAllocated() {
        int live = ArrayExport.LIVE.size();
        ScopedAllocator allocator = BufferAllocator.scoped();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(CData.ARROW_ARRAY);
            for (int round = 0; round < 300; round++) {
                RecordBatch batch = batch(allocator, 1 + round % 50);
                long before = allocator.allocatedBytes();
                CData.exportBatch(batch.slice(round % 2, batch.rowCount() - round % 2), c);
                try (Imported<RecordBatch> imported = CData.importBatch(c, SCHEMA)) {
                    assertEquals(batch.rowCount() - round % 2, imported.value().rowCount());
                }
                assertEquals(before, allocator.allocatedBytes());
            }
        }
        allocator.close();
        assertEquals(0, allocator.allocatedBytes(), "no hold outlives the releases");
        assertEquals(live, ArrayExport.LIVE.size());
    }

    @Test
    void theCleanerReleasesWhatIsNoLongerReachable() throws InterruptedException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(CData.ARROW_ARRAY);
            CData.exportBatch(batch(BufferAllocator.managed(), 10), c);
            CTestSupport.RELEASES.set(0);
            CTestSupport.countReleases(c);
            CData.importBatch(c, SCHEMA);
            for (int i = 0; i < 100 && CTestSupport.RELEASES.get() == 0; i++) {
                System.gc();
                Thread.sleep(20);
            }
            assertEquals(1, CTestSupport.RELEASES.get());
        }
    }

    @Test
    void aClosedImportThrowsInsteadOfReadingReleasedMemory() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(CData.ARROW_ARRAY);
            CData.exportBatch(batch(BufferAllocator.managed(), 10), c);
            Imported<RecordBatch> imported = CData.importBatch(c, SCHEMA);
            Array column = imported.value().column(0);
            imported.close();
            assertThrows(IllegalStateException.class, () -> column.getObject(1));
        }
    }

    @Test
    void aChildMovedOutOutlivesItsParentsRelease() {
        int live = ArrayExport.LIVE.size();
        try (Arena arena = Arena.ofConfined()) {
            RecordBatch batch = batch(BufferAllocator.managed(), 20);
            MemorySegment parent = arena.allocate(CData.ARROW_ARRAY);
            CData.exportBatch(batch, parent);
            // The spec's move: copy the child structure, mark the original released.
            MemorySegment children = MemorySegment.ofAddress(CStructs.pointer(parent, CStructs.A_CHILDREN))
                    .reinterpret(2 * ValueLayout.ADDRESS.byteSize());
            MemorySegment original = CStructs.at(children.getAtIndex(ValueLayout.ADDRESS, 1), CStructs.ARRAY);
            MemorySegment moved = arena.allocate(CData.ARROW_ARRAY);
            moved.copyFrom(original);
            original.set(ValueLayout.ADDRESS, CStructs.A_RELEASE, MemorySegment.NULL);
            CStructs.callRelease(CStructs.pointer(parent, CStructs.A_RELEASE), parent);
            assertEquals(0, CStructs.pointer(parent, CStructs.A_RELEASE), "the parent is marked released");
            assertEquals(live + 1, ArrayExport.LIVE.size(), "only the moved child is alive");
            try (Imported<Array> child = CData.importArray(moved, SCHEMA.field(1), ValidationLevel.FULL)) {
                assertEquals("value 19", child.value().getObject(19));
            }
            assertEquals(live, ArrayExport.LIVE.size());
        }
    }

    @Test
    void releaseMarksReleasedAndASecondCallDoesNothing() {
        int live = ArrayExport.LIVE.size();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(CData.ARROW_ARRAY);
            CData.exportBatch(batch(BufferAllocator.managed(), 5), c);
            assertEquals(live + 3, ArrayExport.LIVE.size(), "the struct and its two children");
            ArrayExport.release(c);
            assertEquals(0, CStructs.pointer(c, CStructs.A_RELEASE));
            assertEquals(live, ArrayExport.LIVE.size());
            ArrayExport.release(c);
            assertEquals(live, ArrayExport.LIVE.size());
            assertThrows(CDataException.class, () -> CData.importBatch(c, SCHEMA));
        }
    }

    @Test
    void exportingReleasedMemoryIsRefused() {
        ScopedAllocator allocator = BufferAllocator.scoped();
        RecordBatch batch = batch(allocator, 5);
        allocator.close();
        int live = ArrayExport.LIVE.size();
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(IllegalStateException.class,
                    () -> CData.exportBatch(batch, arena.allocate(CData.ARROW_ARRAY)));
        }
        assertEquals(live, ArrayExport.LIVE.size(), "nothing half-exported stays alive");
        assertTrue(allocator.isClosed());
    }
}
