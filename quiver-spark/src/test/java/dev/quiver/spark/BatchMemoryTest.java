// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.flight.DirectoryProducer;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightServer;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.ZstdCodec;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
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
 * A task's memory is given back batch by batch (a Parquet row group's arena when the reader moves past it, a
 * compressed Arrow or Flight batch's decompressed buffers when the next batch is read), not when the task ends
 * or the garbage collector finds them: however many row groups or batches a task reads, it holds one.
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

    /** Writes bench-v1 rows as ZSTD-compressed Arrow IPC, a file or a stream, in batches of {@code GROUP_ROWS}. */
    private static Path writeCompressed(String name, boolean file) {
        Path path = dir.resolve(name);
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        IpcWriteOptions options = IpcWriteOptions.DEFAULT.withCodec(new ZstdCodec());
        try (RecordBatchWriter writer = file ? IpcFileWriter.open(path, BenchV1.SCHEMA, options)
                : IpcStreamWriter.open(path, BenchV1.SCHEMA, options)) {
            for (int b = 0; b < 10; b++) {
                writer.write(bench.batch((long) b * GROUP_ROWS, GROUP_ROWS));
            }
        }
        return path;
    }

    /**
     * Reads every batch of a fragment, checking that the previous batch's memory (its {@code id} values, a
     * decompressed buffer) is given back when the next is read, and the last one's when the reader finds no
     * more, while the dictionaries (the {@code cat} column's) stay readable to the end.
     */
    private static void readsOneBatchAtATime(Fragment fragment, int firstBatch, int expectedBatches) {
        MemorySegment previous = null;
        MemorySegment dictionary = null;
        int batches = 0;
        try (RecordBatchReader reader = fragment.open(ReadSettings.of(Map.of()), List.of())) {
            for (RecordBatch batch = reader.readNext().orElse(null); batch != null;
                    batch = reader.readNext().orElse(null)) {
                if (previous != null) {
                    assertFalse(previous.scope().isAlive(), "batch " + (batches - 1) + "'s memory after batch " + batches);
                }
                assertEquals((long) (firstBatch + batches) * GROUP_ROWS, batch.column(0).getObject(0));
                if (dictionary == null) {
                    dictionary = batch.column(5).data().dictionary().buffer(2).segment();
                }
                assertTrue(dictionary.scope().isAlive(), "the dictionary, the reader's, at batch " + batches);
                previous = batch.column(0).data().buffer(1).segment();
                assertTrue(previous.scope().isAlive());
                batches++;
            }
            assertEquals(expectedBatches, batches);
            assertFalse(previous.scope().isAlive(), "the last batch's memory once the reader has no more");
        }
    }

    @Test
    void aCompressedArrowFilesBatchIsGivenBackWhenTheNextIsRead() {
        Path path = writeCompressed("zstd.arrow", true);
        readsOneBatchAtATime(new IpcFragment(path.toString(), true, 2, 9, new Object[0]), 2, 7);
        assertEquals(0, SharedFileReaders.openFiles(), "the mapping is closed with the last reader");
    }

    @Test
    void aCompressedArrowStreamsBatchIsGivenBackWhenTheNextIsRead() {
        Path path = writeCompressed("zstd.arrows", false);
        readsOneBatchAtATime(new IpcFragment(path.toString(), false, 0, Integer.MAX_VALUE, new Object[0]), 0, 10);
    }

    @Test
    void aCompressedFlightBatchIsGivenBackWhenTheNextIsRead() throws Exception {
        Path served = dir.resolve("flight");
        Files.createDirectories(served);
        Files.copy(writeCompressed("zstd-flight.arrow", true), served.resolve("bench.arrow"));
        try (FlightServer server = FlightServer.builder(new DirectoryProducer(served, 16, IpcReadOptions.DEFAULT,
                IpcWriteOptions.DEFAULT, false)).host("127.0.0.1").port(0)
                .writeOptions(IpcWriteOptions.DEFAULT.withCodec(new ZstdCodec())).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            FlightInfo info = client.getFlightInfo(FlightDescriptor.path("bench.arrow"));
            assertEquals(1, info.endpoints().size());
            readsOneBatchAtATime(new FlightFragment(server.location().uri(), List.of(),
                    info.endpoints().getFirst().ticket().bytes()), 0, 10);
        }
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
