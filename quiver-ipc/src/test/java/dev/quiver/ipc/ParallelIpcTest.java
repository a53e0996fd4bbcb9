// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import dev.quiver.testkit.TestData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reading ahead on several threads and compressing on several threads change nothing: the same batches,
 * metadata and exceptions in the same order, the same bytes written, as on one thread.
 */
class ParallelIpcTest {
    private static final List<CompressionType> CODECS = List.of(CompressionType.LZ4_FRAME, CompressionType.ZSTD);

    @TempDir
    Path dir;

    static Stream<Path> goldFiles() {
        return TestData.goldCases().stream().map(TestData.GoldCase::file);
    }

    /** Every batch and its metadata, read with readNext, or the exception message where reading stopped. */
    private static List<Object> readAll(IpcFileReader reader) {
        List<Object> out = new ArrayList<>();
        try (reader) {
            while (true) {
                var next = reader.readNext();
                if (next.isEmpty()) {
                    return out;
                }
                out.add(next.get().toString());
                out.add(reader.batchMetadata());
            }
        } catch (IpcException e) {
            out.add(e.getMessage());
            return out;
        }
    }

    /** What {@link #readAll} gives, through {@link IpcFileReader#mapBatches}: the batches seen by the work. */
    private static List<Object> mapAll(IpcFileReader reader) {
        List<Object> out = new ArrayList<>();
        try (reader) {
            for (Iterator<String> it = reader.mapBatches(RecordBatch::toString); it.hasNext(); ) {
                out.add(it.next());
                out.add(reader.batchMetadata());
            }
            assertThrows(NoSuchElementException.class, reader.mapBatches(RecordBatch::toString)::next);
            return out;
        } catch (IpcException e) {
            out.add(e.getMessage());
            return out;
        }
    }

    private static List<RecordBatch> batches(Path file) {
        List<RecordBatch> out = new ArrayList<>();
        try (IpcFileReader reader = IpcFileReader.open(file, IpcReadOptions.DEFAULT.withThreads(1))) {
            reader.forEach(out::add);
        }
        return out;
    }

    private static byte[] write(Schema schema, List<RecordBatch> batches, IpcWriteOptions options, boolean file) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var writer = file ? IpcFileWriter.open(out, schema, options) : IpcStreamWriter.open(out, schema, options)) {
            for (RecordBatch batch : batches) {
                writer.write(batch);
            }
        }
        return out.toByteArray();
    }

    @ParameterizedTest
    @MethodSource("goldFiles")
    void goldFilesReadAndWriteAlikeOnOneAndManyThreads(Path gold) throws IOException {
        IpcReadOptions one = IpcReadOptions.DEFAULT.withThreads(1);
        List<Object> expected = readAll(IpcFileReader.map(gold, one));
        assertEquals(expected, readAll(IpcFileReader.map(gold, one.withThreads(4))));
        assertEquals(expected, mapAll(IpcFileReader.map(gold, one)));
        assertEquals(expected, mapAll(IpcFileReader.map(gold, one.withThreads(4))));
        Schema schema;
        try (IpcFileReader reader = IpcFileReader.map(gold, one)) {
            schema = reader.schema();
        }
        List<RecordBatch> batches = batches(gold);
        for (CompressionType type : CODECS) {
            IpcWriteOptions options = IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(type));
            for (boolean file : new boolean[] {true, false}) {
                byte[] single = write(schema, batches, options.withThreads(1), file);
                assertArrayEquals(single, write(schema, batches, options.withThreads(0), file), gold + " " + type);
                assertArrayEquals(single, write(schema, batches, options.withThreads(3), file), gold + " " + type);
                if (file) {
                    Path compressed = Files.write(dir.resolve("c.arrow"), single);
                    List<Object> read = readAll(IpcFileReader.map(compressed, one));
                    assertEquals(read, readAll(IpcFileReader.map(compressed, one.withThreads(3))), gold + " " + type);
                    assertEquals(read, mapAll(IpcFileReader.map(compressed, one)), gold + " " + type);
                    assertEquals(read, mapAll(IpcFileReader.map(compressed, one.withThreads(3))), gold + " " + type);
                }
            }
        }
    }

    private static final Schema SCHEMA = new Schema(List.of(Field.notNull("k", ArrowType.INT64),
            Field.nullable("s", ArrowType.UTF8)));

    /** Batch {@code b}: 1000 rows, strings that name the batch and row. */
    private static RecordBatch batch(int b) {
        ArrayBuilder ks = ArrayBuilder.of(ArrowType.INT64);
        ArrayBuilder ss = ArrayBuilder.of(ArrowType.UTF8);
        for (int r = 0; r < 1000; r++) {
            ks.appendObject((long) b * 1000 + r);
            ss.appendObject(r % 7 == 0 ? null : String.format("batch-%03d-row-%04d", b, r));
        }
        return new RecordBatch(SCHEMA, List.<Array>of(ks.build(), ss.build()), 1000);
    }

    @Test
    void aBrokenBatchFailsInItsPlaceWithTheSameMessage() throws IOException {
        List<RecordBatch> batches = new ArrayList<>();
        for (int b = 0; b < 40; b++) {
            batches.add(batch(b));
        }
        byte[] bytes = write(SCHEMA, batches, IpcWriteOptions.DEFAULT.withFooterMetadata(Map.of("a", "b")), true);
        // Invalid UTF-8 in batch 23: the full validation refuses it.
        byte[] marker = "batch-023-row-0005".getBytes(StandardCharsets.US_ASCII);
        int at = indexOf(bytes, marker);
        assertTrue(at > 0);
        bytes[at] = (byte) 0xFF;
        Path file = Files.write(dir.resolve("broken.arrow"), bytes);
        IpcReadOptions one = IpcReadOptions.DEFAULT.withThreads(1);
        List<Object> single = readAll(IpcFileReader.map(file, one));
        assertEquals(2 * 23 + 1, single.size());
        assertTrue(((String) single.getLast()).startsWith("message 23 "), (String) single.getLast());
        for (int threads : new int[] {0, 2, 5, 64}) {
            assertEquals(single, readAll(IpcFileReader.map(file, one.withThreads(threads))), "threads " + threads);
            assertEquals(single, readAll(IpcFileReader.open(file, one.withThreads(threads))), "threads " + threads);
            assertEquals(single, mapAll(IpcFileReader.map(file, one.withThreads(threads))), "threads " + threads);
        }
    }

    private Path lz4File(int batchCount) throws IOException {
        return file(batchCount, IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.LZ4_FRAME)));
    }

    private Path file(int batchCount, IpcWriteOptions options) throws IOException {
        List<RecordBatch> batches = new ArrayList<>();
        for (int b = 0; b < batchCount; b++) {
            batches.add(batch(b));
        }
        return Files.write(dir.resolve("lent.arrow"), write(SCHEMA, batches, options, true));
    }

    /** A decompressed batch is lent to the work: its memory is reused after, and reading it then throws. */
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void aBatchOfACompressedFileIsLentToTheWorkOnly(int threads) throws IOException {
        Path file = lz4File(10);
        List<RecordBatch> kept = new ArrayList<>();
        List<Long> sums = new ArrayList<>();
        try (IpcFileReader reader = IpcFileReader.map(file, IpcReadOptions.DEFAULT.withThreads(threads))) {
            reader.mapBatches(b -> {
                kept.add(b);
                return b.column("k").data().buffers().get(1).getLong(8 * 999);
            }).forEachRemaining(sums::add);
        }
        for (int b = 0; b < 10; b++) {
            assertEquals(b * 1000L + 999, sums.get(b));
        }
        assertEquals(10, kept.size());
        for (RecordBatch batch : kept) {
            // Closed (IllegalStateException) on the thread that ran the work; confined to it for the others.
            RuntimeException e = assertThrows(RuntimeException.class,
                    () -> batch.column("k").data().buffers().get(1).getLong(0));
            assertTrue(e instanceof IllegalStateException || e instanceof WrongThreadException, e.toString());
        }
    }

    /**
     * A batch of a mapped file is memory no native codec may read, even as the reader hands it out (plain
     * native memory): writing it compressed from the work copies it first, and gives the same bytes back.
     */
    @Test
    void aBatchOfAMappedFileIsWrittenCompressedWithoutANativeCodecReadingTheMapping() throws IOException {
        Path file = file(3, IpcWriteOptions.DEFAULT);
        IpcWriteOptions lz4 = IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.LZ4_FRAME));
        try (IpcFileReader reader = IpcFileReader.map(file, IpcReadOptions.DEFAULT.withThreads(2))) {
            Iterator<Object[]> seen = reader.mapBatches(b -> new Object[] {
                MappedFile.inMapping(b.column("k").data().buffers().get(1).segment()),
                write(SCHEMA, List.of(b), lz4, false)});
            for (int b = 0; b < 3; b++) {
                Object[] result = seen.next();
                assertTrue((Boolean) result[0], "the reader's view of the mapping counts as the mapping");
                try (IpcStreamReader written = IpcStreamReader.open(new ByteArrayInputStream((byte[]) result[1]))) {
                    assertEquals(batch(b), written.readNext().orElseThrow());
                }
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            assertTrue(!MappedFile.inMapping(arena.allocate(64)), "memory of its own is not");
        }
    }

    /**
     * Closing the reader while a work decoded ahead still reads a batch of the mapping: the read throws,
     * as the mapping's own arena guarantees, instead of touching unmapped memory.
     */
    @Test
    void closingTheReaderWhileAWorkAheadReadsTheMappingMakesTheReadThrow() throws Exception {
        Path file = file(4, IpcWriteOptions.DEFAULT);
        CountDownLatch inWork = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        CompletableFuture<Object> late = new CompletableFuture<>();
        IpcFileReader reader = IpcFileReader.map(file, IpcReadOptions.DEFAULT.withThreads(2));
        Iterator<Long> results = reader.mapBatches(b -> {
            ArrowBuffer keys = b.column("k").data().buffers().get(1);
            if (keys.getLong(0) == 0) {
                return 0L;
            }
            inWork.countDown();
            try {
                closed.await();
                late.complete(keys.getLong(0));
            } catch (RuntimeException | InterruptedException e) {
                late.complete(e);
            }
            return -1L;
        });
        assertEquals(0L, results.next());
        assertTrue(inWork.await(10, TimeUnit.SECONDS), "a batch ahead is in its work");
        reader.close();
        closed.countDown();
        assertInstanceOf(IllegalStateException.class, late.get(10, TimeUnit.SECONDS));
    }

    /** A lent batch's decompressed buffers are confined to the thread running the work. */
    @Test
    void aLentBatchIsReadOnTheWorksThreadOnly() throws IOException {
        Path file = lz4File(4);
        try (IpcFileReader reader = IpcFileReader.map(file, IpcReadOptions.DEFAULT.withThreads(2))) {
            Iterator<Throwable> elsewhere = reader.mapBatches(b -> {
                ArrowBuffer keys = b.column("k").data().buffers().get(1);
                assertEquals(keys.getLong(0), keys.getLong(0), "readable here");
                return CompletableFuture.runAsync(() -> keys.getLong(0)).handle((ok, e) -> e.getCause()).join();
            });
            for (long b = 0; b < 4; b++) {
                assertInstanceOf(WrongThreadException.class, elsewhere.next());
            }
        }
    }

    /** With an allocator of the caller's own, nothing is lent: the batches stay as readNext gives them. */
    @Test
    void withAScopedAllocatorTheBatchesOutliveTheWork() throws IOException {
        Path file = lz4File(6);
        try (ScopedAllocator allocator = BufferAllocator.scoped();
                IpcFileReader reader = IpcFileReader.map(file,
                        IpcReadOptions.DEFAULT.withAllocator(allocator).withThreads(2))) {
            List<RecordBatch> kept = new ArrayList<>();
            reader.mapBatches(b -> b).forEachRemaining(kept::add);
            for (int b = 0; b < 6; b++) {
                assertEquals(batch(b), kept.get(b));
            }
        }
    }

    @Test
    void readNextAndMapBatchesShareOnePosition() throws IOException {
        Path file = lz4File(8);
        try (IpcFileReader reader = IpcFileReader.map(file, IpcReadOptions.DEFAULT.withThreads(3))) {
            Iterator<Long> firstKeys = reader.mapBatches(b -> b.column("k").data().buffers().get(1).getLong(0));
            assertEquals(batch(0), reader.readNext().orElseThrow());
            assertEquals(1000L, firstKeys.next());
            assertEquals(2000L, firstKeys.next());
            assertEquals(batch(3), reader.readNext().orElseThrow());
            assertEquals(4000L, firstKeys.next());
            List<Long> rest = new ArrayList<>();
            firstKeys.forEachRemaining(rest::add);
            assertEquals(List.of(5000L, 6000L, 7000L), rest);
            assertTrue(reader.readNext().isEmpty());
        }
    }

    @Test
    void whatTheWorkThrowsComesAsItIsInItsPlace() throws IOException {
        Path file = lz4File(8);
        try (IpcFileReader reader = IpcFileReader.map(file, IpcReadOptions.DEFAULT.withThreads(4))) {
            Iterator<Long> keys = reader.mapBatches(b -> {
                long k = b.column("k").data().buffers().get(1).getLong(0);
                if (k == 3000) {
                    throw new IllegalArgumentException("no 3000");
                }
                return k;
            });
            assertEquals(List.of(0L, 1000L, 2000L), List.of(keys.next(), keys.next(), keys.next()));
            assertEquals("no 3000", assertThrows(IllegalArgumentException.class, keys::next).getMessage());
            assertEquals(4000L, keys.next());
        }
    }

    /** A confined arena's bytes can only be read by their owner: such a file is read on the caller's thread. */
    @Test
    void aFileInAConfinedArenaIsReadOnTheCallersThread() {
        List<RecordBatch> batches = new ArrayList<>();
        for (int b = 0; b < 12; b++) {
            batches.add(batch(b));
        }
        byte[] bytes = write(SCHEMA, batches, IpcWriteOptions.DEFAULT, true);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment file = arena.allocate(bytes.length);
            MemorySegment.copy(MemorySegment.ofArray(bytes), 0, file, 0, bytes.length);
            try (IpcFileReader reader = IpcFileReader.open(file, IpcReadOptions.DEFAULT.withThreads(4))) {
                List<RecordBatch> read = new ArrayList<>();
                reader.forEach(read::add);
                assertEquals(batches, read);
            }
        }
    }

    /** Batches whose buffers live in a confined arena are compressed on the caller's thread, to the same bytes. */
    @Test
    void batchesInAConfinedArenaAreCompressedOnTheCallersThread() {
        List<RecordBatch> batches = new ArrayList<>();
        for (int b = 0; b < 6; b++) {
            batches.add(batch(b));
        }
        IpcWriteOptions lz4 = IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.LZ4_FRAME));
        byte[] expected = write(SCHEMA, batches, lz4.withThreads(1), false);
        byte[] plain = write(SCHEMA, batches, IpcWriteOptions.DEFAULT, true);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment file = arena.allocate(plain.length);
            MemorySegment.copy(MemorySegment.ofArray(plain), 0, file, 0, plain.length);
            List<RecordBatch> confined = new ArrayList<>();
            try (IpcFileReader reader = IpcFileReader.open(file, IpcReadOptions.DEFAULT.withThreads(1))) {
                reader.forEach(confined::add);
            }
            assertArrayEquals(expected, write(SCHEMA, confined, lz4.withThreads(4), false));
        }
    }

    @Test
    void closingWhileBatchesAreDecodedAheadStopsThem() throws IOException {
        List<RecordBatch> batches = new ArrayList<>();
        for (int b = 0; b < 30; b++) {
            batches.add(batch(b));
        }
        IpcWriteOptions lz4 = IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.LZ4_FRAME));
        Path file = Files.write(dir.resolve("ahead.arrow"), write(SCHEMA, batches, lz4, true));
        IpcFileReader reader = IpcFileReader.map(file, IpcReadOptions.DEFAULT.withThreads(8));
        assertEquals(batches.getFirst(), reader.readNext().orElseThrow());
        assertEquals(batches.get(1), reader.readNext().orElseThrow());
        reader.close();
        assertEquals("record batch block 2: the reader is closed",
                assertThrows(IpcException.class, reader::readNext).getMessage());
    }

    @Test
    void negativeThreadsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> IpcReadOptions.DEFAULT.withThreads(-1));
        assertThrows(IllegalArgumentException.class, () -> IpcWriteOptions.DEFAULT.withThreads(-1));
    }

    private static int indexOf(byte[] bytes, byte[] marker) {
        outer:
        for (int i = 0; i + marker.length <= bytes.length; i++) {
            for (int j = 0; j < marker.length; j++) {
                if (bytes[i + j] != marker[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
