// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.memory.ArenaAllocator;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.compression.ZstdCodec;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link IpcFileReader#batch(int, BufferAllocator)} and {@link IpcStreamReader#readNext(BufferAllocator)}: a
 * batch's own memory (decompressed buffers, a stream's message body) comes from the caller's allocator and is
 * gone when the caller closes it; the dictionaries, the reader's, outlive it.
 */
class BatchMemoryOverloadTest {
    private static final Schema SCHEMA = Schema.of(Field.notNull("id", ArrowType.INT64),
            DictionaryTest.SCHEMA.fields().getFirst());
    /** The dictionary every batch's second column shares. */
    private static final ArrayData DICTIONARY = TestData.ints(ArrowType.INT64, 10L, 20L, 30L).data();

    private static List<RecordBatch> batches() {
        List<RecordBatch> out = new ArrayList<>();
        for (int b = 0; b < 3; b++) {
            Long[] ids = new Long[1000];
            Long[] indices = new Long[1000];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = (long) (b * 1000 + i);
                indices[i] = i % 7 == 0 ? null : (long) (i % 3);
            }
            ArrayData idx = TestData.ints(ArrowType.INT32, indices).data();
            Array cat = Array.ofUnchecked(new ArrayData(DictionaryTest.TYPE, idx.length(), 0,
                    ArrayData.UNKNOWN_NULL_COUNT, idx.buffers(), List.of(), DICTIONARY));
            out.add(new RecordBatch(SCHEMA, List.of(TestData.ints(ArrowType.INT64, ids), cat)));
        }
        return out;
    }

    private static Path write(Path dir, boolean file) {
        Path path = dir.resolve(file ? "z.arrow" : "z.arrows");
        IpcWriteOptions options = IpcWriteOptions.DEFAULT.withCodec(new ZstdCodec());
        try (RecordBatchWriter writer = file ? IpcFileWriter.open(path, SCHEMA, options)
                : IpcStreamWriter.open(path, SCHEMA, options)) {
            for (RecordBatch batch : batches()) {
                writer.write(batch);
            }
        }
        return path;
    }

    @Test
    void aCompressedFileBatchLivesInTheCallersArena(@TempDir Path dir) {
        Path path = write(dir, true);
        try (IpcFileReader reader = IpcFileReader.map(path)) {
            for (int k = 0; k < reader.batchCount(); k++) {
                MemorySegment values;
                MemorySegment dictionary;
                Array cat;
                try (ArenaAllocator memory = BufferAllocator.managed().arena()) {
                    RecordBatch batch = reader.batch(k, memory);
                    assertEquals(batches().get(k), batch);
                    assertEquals(reader.batch(k), batch);
                    values = batch.column(0).data().buffer(1).segment();
                    cat = batch.column(1);
                    dictionary = cat.data().dictionary().buffer(1).segment();
                }
                assertFalse(values.scope().isAlive(), "batch " + k + "'s decompressed values once the arena closed");
                assertThrows(IllegalStateException.class, () -> values.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0));
                assertTrue(dictionary.scope().isAlive(), "the dictionary is the reader's");
                assertEquals(20L, Array.ofUnchecked(cat.data().dictionary()).getObject(1));
            }
        }
    }

    @Test
    void theOverloadChecksItsArguments(@TempDir Path dir) {
        Path path = write(dir, true);
        try (IpcFileReader reader = IpcFileReader.map(path);
                ArenaAllocator memory = BufferAllocator.managed().arena()) {
            assertThrows(IndexOutOfBoundsException.class, () -> reader.batch(3, memory));
            assertThrows(NullPointerException.class, () -> reader.batch(0, null));
            reader.close();
            assertThrows(IpcException.class, () -> reader.batch(0, memory));
        }
    }

    @Test
    void aStreamBatchAndItsBodyLiveInTheCallersArena(@TempDir Path dir) {
        Path path = write(dir, false);
        List<RecordBatch> expected = batches();
        try (IpcStreamReader reader = IpcStreamReader.open(path)) {
            for (int k = 0; ; k++) {
                MemorySegment ids;
                try (ArenaAllocator memory = BufferAllocator.managed().arena()) {
                    RecordBatch batch = reader.readNext(memory).orElse(null);
                    if (batch == null) {
                        assertEquals(3, k);
                        break;
                    }
                    assertEquals(expected.get(k), batch);
                    ids = batch.column(0).data().buffer(1).segment();
                }
                assertFalse(ids.scope().isAlive(), "stream batch " + k + " once the arena closed");
            }
            assertTrue(reader.readNext(BufferAllocator.managed()).isEmpty());
        }
    }
}
