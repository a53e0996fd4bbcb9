// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static dev.quiver.c.CTestSupport.assertSameBatch;
import static dev.quiver.c.CTestSupport.assertSameSchema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.c.CTestSupport.ListReader;
import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.JsonFile;
import dev.quiver.json.JsonReadOptions;
import dev.quiver.testkit.TestData.GoldCase;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The C Stream interface both ways: every gold case, a producer failing mid-way, a consumer leaving early. */
class StreamTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("n", ArrowType.INT64),
            Field.notNull("s", ArrowType.UTF8));

    private static List<RecordBatch> batches(int count) {
        List<RecordBatch> out = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            out.add(RecordBatch.ofRows(SCHEMA, List.of(Arrays.asList((long) b, "x" + b), Arrays.asList(null, "y"))));
        }
        return out;
    }

    static List<GoldCase> cases() {
        return TestData.goldCases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aStreamOfEveryGoldCaseReadsBackEqual(GoldCase c) throws IOException {
        int liveStreams = StreamExport.LIVE.size();
        int liveArrays = ArrayExport.LIVE.size();
        try (ScopedAllocator allocator = BufferAllocator.scoped(); Arena arena = Arena.ofConfined()) {
            JsonFile json = IntegrationJsonReader.read(c.json(), JsonReadOptions.DEFAULT.withAllocator(allocator));
            ListReader producer = new ListReader(json.schema(), json.batches());
            MemorySegment stream = arena.allocate(CStreams.ARROW_ARRAY_STREAM);
            CStreams.exportReader(producer, stream);
            try (CStreamReader reader = CStreams.importReader(stream, ValidationLevel.FULL)) {
                assertSameSchema(json.schema(), reader.schema());
                for (RecordBatch expected : json.batches()) {
                    try (Imported<RecordBatch> batch = reader.readNextImported().orElseThrow()) {
                        assertSameBatch(expected, batch.value(), c.name());
                    }
                }
                assertEquals(Optional.empty(), reader.readNext());
                assertEquals(Optional.empty(), reader.readNext(), "the end stays the end");
            }
            assertTrue(producer.closed, "the consumer's release closed the reader");
            assertEquals(liveStreams, StreamExport.LIVE.size());
            assertEquals(liveArrays, ArrayExport.LIVE.size());
        }
    }

    @Test
    void aProducerFailingMidwayReportsItsErrorAndIsStillReleased() {
        int liveStreams = StreamExport.LIVE.size();
        ListReader producer = new ListReader(SCHEMA, batches(2), new QuiverException("disk on fire"));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stream = arena.allocate(CStreams.ARROW_ARRAY_STREAM);
            CStreams.exportReader(producer, stream);
            try (CStreamReader reader = CStreams.importReader(stream)) {
                for (int i = 0; i < 2; i++) {
                    try (Imported<RecordBatch> batch = reader.readNextImported().orElseThrow()) {
                        assertEquals(2, batch.value().rowCount());
                    }
                }
                CDataException e = assertThrows(CDataException.class, reader::readNext);
                assertTrue(e.getMessage().contains("errno " + StreamExport.EIO + ": disk on fire"), e.getMessage());
                CDataException again = assertThrows(CDataException.class, reader::readNext);
                assertEquals(e.getMessage(), again.getMessage(), "the same error again");
            }
        }
        assertTrue(producer.closed);
        assertEquals(liveStreams, StreamExport.LIVE.size());
    }

    @Test
    void invalidDataFromTheProducerIsEinval() {
        ListReader producer = new ListReader(SCHEMA, List.of(), new IllegalArgumentException("bad row"));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stream = arena.allocate(CStreams.ARROW_ARRAY_STREAM);
            CStreams.exportReader(producer, stream);
            try (CStreamReader reader = CStreams.importReader(stream)) {
                CDataException e = assertThrows(CDataException.class, reader::readNext);
                assertTrue(e.getMessage().contains("errno " + StreamExport.EINVAL + ": bad row"), e.getMessage());
            }
        }
    }

    @Test
    void aConsumerReleasingWithoutReadingClosesTheProducer() {
        int liveStreams = StreamExport.LIVE.size();
        int liveArrays = ArrayExport.LIVE.size();
        ListReader producer = new ListReader(SCHEMA, batches(3));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stream = arena.allocate(CStreams.ARROW_ARRAY_STREAM);
            CStreams.exportReader(producer, stream);
            CStructs.callRelease(CStructs.pointer(stream, CStructs.ST_RELEASE), stream);
            assertEquals(0, CStructs.pointer(stream, CStructs.ST_RELEASE), "marked released");
            assertThrows(CDataException.class, () -> CStreams.importReader(stream));
        }
        assertTrue(producer.closed);
        assertEquals(liveStreams, StreamExport.LIVE.size());
        assertEquals(liveArrays, ArrayExport.LIVE.size());
    }

    @Test
    void aConsumerClosingAfterOneBatchClosesTheProducerAndKeepsTheBatch() {
        ListReader producer = new ListReader(SCHEMA, batches(3));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stream = arena.allocate(CStreams.ARROW_ARRAY_STREAM);
            CStreams.exportReader(producer, stream);
            CStreamReader reader = CStreams.importReader(stream);
            Imported<RecordBatch> first = reader.readNextImported().orElseThrow();
            reader.close();
            reader.close();
            assertThrows(IllegalStateException.class, reader::readNext, "a closed reader reads no more");
            assertTrue(producer.closed);
            try (first) {
                assertEquals("x0", first.value().column(1).getObject(0), "a batch outlives its stream");
            }
        }
    }
}
