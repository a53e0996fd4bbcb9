// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static dev.quiver.ipc.TestData.ints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Dictionary batches: the spec's delta and replacement streams, files, nesting, shared ids. */
class DictionaryTest {
    static final ArrowType.Dictionary TYPE = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT64, false);
    static final Schema SCHEMA = Schema.of(new Field("col", TYPE, true, 0L, Map.of()));

    /** Dictionary-encoded data: int32 indices into an int64 dictionary. */
    static Array encoded(long[] dictionary, Long... indices) {
        Long[] boxed = Arrays.stream(dictionary).boxed().toArray(Long[]::new);
        ArrayData dict = ints(ArrowType.INT64, boxed).data();
        ArrayData idx = ints(ArrowType.INT32, indices).data();
        return Array.ofUnchecked(new ArrayData(TYPE, idx.length(), 0, ArrayData.UNKNOWN_NULL_COUNT, idx.buffers(),
                List.of(), dict));
    }

    static RecordBatch batch(Array column) {
        return new RecordBatch(SCHEMA, List.of(column));
    }

    /** The decoded values of dictionary-encoded int64 data (null for null slots). */
    static List<Long> decode(Array column) {
        ArrayData data = column.data();
        Array indices = Array.ofUnchecked(data.withType(ArrowType.INT32).withDictionary(null));
        Array dict = Array.ofUnchecked(data.dictionary());
        List<Long> out = new ArrayList<>();
        for (long i = 0; i < column.length(); i++) {
            out.add(indices.isNull(i) ? null : (Long) dict.getObject((Integer) indices.getObject(i)));
        }
        return out;
    }

    /** The header of every message of a stream, for checking what was written. */
    static List<Header> headers(byte[] stream) throws IOException {
        MessageReader reader = new MessageReader(new SegmentInput(TestData.segment(stream)));
        List<Header> out = new ArrayList<>();
        for (MessageReader.IpcMessage m = reader.next(); m != null; m = reader.next()) {
            out.add(m.message().header());
        }
        return out;
    }

    static final long[] ABC = {'A', 'B', 'C'};
    static final long[] ABCDE = {'A', 'B', 'C', 'D', 'E'};
    static final long[] ACDE = {'A', 'C', 'D', 'E'};

    @Test
    void specDeltaStream() throws IOException {
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA)) {
                w.write(batch(encoded(ABC, 0L, 1L, 2L, 1L)));
                w.write(batch(encoded(ABCDE, 3L, 2L, 4L, 0L)));
            }
        });
        List<Header> headers = headers(stream);
        assertEquals(5, headers.size());
        Header.Dictionary first = (Header.Dictionary) headers.get(1);
        assertEquals(0, first.id());
        assertEquals(false, first.delta());
        assertEquals(3, first.data().length());
        Header.Dictionary delta = (Header.Dictionary) headers.get(3);
        assertEquals(true, delta.delta());
        assertEquals(2, delta.data().length());

        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            assertEquals(List.of(65L, 66L, 67L, 66L), decode(r.readNext().orElseThrow().column(0)));
            RecordBatch second = r.readNext().orElseThrow();
            assertEquals(List.of(68L, 67L, 69L, 65L), decode(second.column(0)));
            assertEquals(5, second.column(0).data().dictionary().length());
            assertNull(r.readNext().orElse(null));
        }
    }

    @Test
    void specReplacementStream() throws IOException {
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA)) {
                w.write(batch(encoded(ABC, 0L, 1L, 2L, 1L)));
                w.write(batch(encoded(ACDE, 2L, 1L, 3L, 0L)));
            }
        });
        List<Header> headers = headers(stream);
        Header.Dictionary replacement = (Header.Dictionary) headers.get(3);
        assertEquals(false, replacement.delta());
        assertEquals(4, replacement.data().length());
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            assertEquals(List.of(65L, 66L, 67L, 66L), decode(r.readNext().orElseThrow().column(0)));
            assertEquals(List.of(68L, 67L, 69L, 65L), decode(r.readNext().orElseThrow().column(0)));
        }
    }

    @Test
    void sameDictionaryIsSentOnce() throws IOException {
        Array column = encoded(ABC, 0L, null, 2L);
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA)) {
                w.write(batch(column));
                w.write(batch(column.slice(1, 2)));
                w.write(batch(encoded(ABC, 1L)));
            }
        });
        assertEquals(5, headers(stream).size());
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            assertEquals(Arrays.asList(65L, null, 67L), decode(r.readNext().orElseThrow().column(0)));
            assertEquals(Arrays.asList(null, 67L), decode(r.readNext().orElseThrow().column(0)));
            assertEquals(List.of(66L), decode(r.readNext().orElseThrow().column(0)));
        }
    }

    @Test
    void fileAppliesDeltasAndRefusesReplacement() {
        byte[] file = TestData.written(out -> {
            try (IpcFileWriter w = IpcFileWriter.open(out, SCHEMA, IpcWriteOptions.DEFAULT)) {
                w.write(batch(encoded(ABC, 0L, 1L)));
                w.write(batch(encoded(ABCDE, 4L)));
            }
        });
        try (IpcFileReader r = IpcFileReader.open(TestData.segment(file), IpcReadOptions.DEFAULT)) {
            assertEquals(List.of(65L, 66L), decode(r.batch(0).column(0)));
            assertEquals(List.of(69L), decode(r.batch(1).column(0)));
            assertEquals(5, r.batch(0).column(0).data().dictionary().length());
        }
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        IpcFileWriter w = IpcFileWriter.open(sink, SCHEMA, IpcWriteOptions.DEFAULT);
        w.write(batch(encoded(ABC, 0L)));
        IpcException e = assertThrows(IpcException.class, () -> w.write(batch(encoded(ACDE, 0L))));
        assertTrue(e.getMessage().contains("cannot replace"), e.getMessage());
        w.write(batch(encoded(ABC, 2L)));
        w.close();
        try (IpcFileReader r = IpcFileReader.open(TestData.segment(sink.toByteArray()), IpcReadOptions.DEFAULT)) {
            assertEquals(2, r.batchCount());
        }
    }

    @Test
    void fileWithTwoDictionariesForOneIdIsRefused() throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        ByteOutput out = new ByteOutput(Channels.newChannel(sink));
        out.write(IpcFileReader.MAGIC);
        out.align(8);
        BatchWriter writer = new BatchWriter(out, SCHEMA, IpcWriteOptions.DEFAULT, true);
        writer.writeSchema();
        BatchWriter.Written a = writer.writeBatch(batch(encoded(ABC, 0L)), Map.of());
        BatchWriter.Written b = writer.writeBatch(batch(encoded(ACDE, 0L)), Map.of());
        writer.writeEndOfStream();
        List<Header.Block> dictionaries = new ArrayList<>(a.dictionaries());
        dictionaries.addAll(b.dictionaries());
        writer.writeFooterAndClose(new Header.Footer(SCHEMA, dictionaries, List.of(a.batch(), b.batch()), Map.of()));
        IpcException e = assertThrows(IpcException.class,
                () -> IpcFileReader.open(TestData.segment(sink.toByteArray()), IpcReadOptions.DEFAULT));
        assertTrue(e.getMessage().contains("cannot replace dictionary 0"), e.getMessage());
    }

    @Test
    void nestedDictionariesAreWrittenInnerFirst() throws IOException {
        // col: dictionary<list<dictionary<int64, id 1>>, id 0>
        Field inner = Field.dictionary("item", ArrowType.INT32, ArrowType.INT64, false, 1, true);
        ArrowType.List listType = new ArrowType.List(inner);
        ArrowType.Dictionary outerType = new ArrowType.Dictionary(ArrowType.INT8, listType, false);
        Schema schema = Schema.of(new Field("col", outerType, true, 0L, Map.of()));

        ArrayData innerDictionary = ints(ArrowType.INT64, 100L, 200L).data();
        ArrayData innerIndices = ints(ArrowType.INT32, 1L, 0L, 1L).data();
        ArrayData items = new ArrayData(inner.type(), 3, 0, 0, innerIndices.buffers(), List.of(), innerDictionary);
        ArrayData lists = ArrayData.of(listType, 2, Arrays.asList(null, TestData.int32s(0, 1, 3)), List.of(items));
        ArrayData outerIndices = ints(ArrowType.INT8, 1L, 1L, 0L).data();
        ArrayData column = new ArrayData(outerType, 3, 0, 0, outerIndices.buffers(), List.of(), lists);
        RecordBatch batch = new RecordBatch(schema, List.of(Array.ofUnchecked(column)));

        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, schema)) {
                w.write(batch);
            }
        });
        List<Header> headers = headers(stream);
        assertEquals(1, ((Header.Dictionary) headers.get(1)).id());
        assertEquals(0, ((Header.Dictionary) headers.get(2)).id());
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            assertEquals(schema, r.schema());
            ArrayData read = r.readNext().orElseThrow().column(0).data();
            assertEquals(3, read.length());
            ArrayData readLists = read.dictionary();
            assertEquals(2, readLists.length());
            ArrayData readItems = readLists.child(0);
            assertEquals(3, readItems.length());
            assertEquals(ints(ArrowType.INT64, 100L, 200L), Array.ofUnchecked(readItems.dictionary()));
            assertEquals(ints(ArrowType.INT32, 1L, 0L, 1L),
                    Array.ofUnchecked(readItems.withType(ArrowType.INT32).withDictionary(null)));
            assertEquals(ints(ArrowType.INT8, 1L, 1L, 0L), Array.ofUnchecked(read.withType(ArrowType.INT8)
                    .withDictionary(null)));
        }
    }

    @Test
    void fieldsWithoutIdsAreNumberedByTheWriter() throws IOException {
        // A schema from C Data, CSV or a hand-built Field carries no ids; IPC pairs dictionaries by id.
        Field inner = new Field("item", new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT64, false), true, null,
                Map.of());
        ArrowType.List listType = new ArrowType.List(inner);
        Schema schema = Schema.of(new Field("a", TYPE, true, null, Map.of()), new Field("b", TYPE, true, 4L, Map.of()),
                new Field("c", listType, true, null, Map.of()));
        ArrayData innerIndices = ints(ArrowType.INT32, 1L, 0L).data();
        ArrayData items = new ArrayData(inner.type(), 2, 0, 0, innerIndices.buffers(), List.of(),
                ints(ArrowType.INT64, 100L, 200L).data());
        Array lists = Array.ofUnchecked(ArrayData.of(listType, 2, Arrays.asList(null, TestData.int32s(0, 1, 2)),
                List.of(items)));
        RecordBatch batch = new RecordBatch(schema, List.of(encoded(ABC, 0L, 2L), encoded(ACDE, 3L, 1L), lists));
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, schema)) {
                w.write(batch);
                w.write(batch);
            }
        });
        List<Header> headers = headers(stream);
        assertEquals(List.of(5L, 4L, 6L), headers.subList(1, 4).stream().map(h -> ((Header.Dictionary) h).id()).toList());
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            assertEquals(List.of(5L, 4L, 6L), List.of(r.schema().field(0).dictionaryId(), r.schema().field(1).dictionaryId(),
                    ((ArrowType.List) r.schema().field(2).type()).valueField().dictionaryId()));
            for (int k = 0; k < 2; k++) {
                RecordBatch read = r.readNext().orElseThrow();
                assertEquals(List.of(65L, 67L), decode(read.column(0)));
                assertEquals(List.of(69L, 67L), decode(read.column(1)));
                assertEquals(batch, read);
            }
        }
    }

    @Test
    void oneIdSharedByTwoFields() throws IOException {
        Schema schema = Schema.of(new Field("a", TYPE, true, 0L, Map.of()), new Field("b", TYPE, true, 0L, Map.of()));
        Array a = encoded(ABC, 0L, 1L);
        Array b = Array.ofUnchecked(encoded(ABC, 2L, 2L).data().withDictionary(a.data().dictionary()));
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, schema)) {
                w.write(new RecordBatch(schema, List.of(a, b)));
            }
        });
        assertEquals(3, headers(stream).size());
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            RecordBatch batch = r.readNext().orElseThrow();
            assertEquals(List.of(65L, 66L), decode(batch.column(0)));
            assertEquals(List.of(67L, 67L), decode(batch.column(1)));
        }
    }

    @Test
    void dictionaryUsedBeforeDefinitionIsRefusedUnlessAllNull() throws IOException {
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA)) {
                w.write(batch(encoded(ABC, 0L)));
            }
        });
        // Drop the dictionary message: schema, then the batch directly.
        List<int[]> spans = spans(stream);
        byte[] withoutDictionary = concat(stream, spans.get(0), spans.get(2), spans.get(3));
        IpcException e = assertThrows(IpcException.class, () -> {
            try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(withoutDictionary))) {
                r.readNext().orElseThrow();
            }
        });
        assertTrue(e.getMessage().contains("used before it is defined"), e.getMessage());

        byte[] allNull = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA)) {
                w.write(batch(encoded(ABC, null, null)));
            }
        });
        List<int[]> s2 = spans(allNull);
        byte[] nullsFirst = concat(allNull, s2.get(0), s2.get(2), s2.get(1), s2.get(3));
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(nullsFirst))) {
            assertEquals(Arrays.asList(null, null), decode(r.readNext().orElseThrow().column(0)));
        }
    }

    /** [start, end) of each message of a stream, and of the end marker. */
    static List<int[]> spans(byte[] stream) throws IOException {
        MessageReader reader = new MessageReader(new SegmentInput(TestData.segment(stream)));
        List<int[]> out = new ArrayList<>();
        long start = 0;
        while (reader.next() != null) {
            long end = reader.input().position();
            out.add(new int[] {(int) start, (int) end});
            start = end;
        }
        out.add(new int[] {(int) start, stream.length});
        return out;
    }

    static byte[] concat(byte[] src, int[]... spans) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int[] s : spans) {
            out.write(src, s[0], s[1] - s[0]);
        }
        return out.toByteArray();
    }

    @Test
    void deltaOfEveryFixedWidthAndNullableDictionaryConcatenates() {
        dev.quiver.core.memory.BufferAllocator allocator = dev.quiver.core.memory.BufferAllocator.managed();
        ArrayCompactor compactor = new ArrayCompactor(allocator);
        Array a = ints(ArrowType.INT16, 1L, null, 3L, 4L, 5L, null, 7L, 8L, 9L);
        Array b = ints(ArrowType.INT16, null, 11L, 12L);
        GrowingArray grown = new GrowingArray(ArrowType.INT16, allocator);
        grown.append(compactor.compact(a.slice(2, 7).data()), "t");
        grown.append(compactor.compact(b.data()), "t");
        Array joined = Array.ofUnchecked(grown.view());
        assertEquals(ints(ArrowType.INT16, 3L, 4L, 5L, null, 7L, 8L, 9L, null, 11L, 12L), joined);
        assertEquals(2, joined.nullCount());
        GrowingArray strings = new GrowingArray(ArrowType.UTF8, allocator);
        strings.append(ArrayData.of(ArrowType.UTF8, 2, Arrays.asList(null, TestData.int32s(0, 1, 3),
                TestData.bytes('a', 'b', 'c')), List.of()), "t");
        strings.append(ArrayData.of(ArrowType.UTF8, 1, Arrays.asList(null, TestData.int32s(0, 2),
                TestData.bytes('d', 'e')), List.of()), "t");
        ArrowBuffer offsets = strings.view().buffer(1);
        assertEquals(Arrays.toString(TestData.int32s(0, 1, 3, 5).toByteArray()), Arrays.toString(offsets.toByteArray()));
    }
}
