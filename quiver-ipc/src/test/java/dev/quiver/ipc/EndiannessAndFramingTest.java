// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static dev.quiver.ipc.TestData.ints;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Endianness;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Big-endian data is byte-swapped; the framing before 0.15 is read. */
class EndiannessAndFramingTest {
    static final Schema SCHEMA = Schema.of(Field.nullable("i32", ArrowType.INT32),
            Field.nullable("u16", ArrowType.UINT16), Field.nullable("i64", ArrowType.INT64),
            Field.nullable("s", ArrowType.UTF8));

    static RecordBatch batch() {
        ArrayData utf8 = ArrayData.of(ArrowType.UTF8, 3, Arrays.asList(TestData.bytes(0b101),
                TestData.int32s(0, 2, 2, 5), TestData.bytes('h', 'i', 'a', 'b', 'c')), List.of());
        return new RecordBatch(SCHEMA, List.of(ints(ArrowType.INT32, 1L, null, 0x01020304L),
                ints(ArrowType.UINT16, 0x0102L, 7L, null), ints(ArrowType.INT64, -1L, 2L, 3L),
                Array.ofUnchecked(utf8)));
    }

    @Test
    void bigEndianIsWrittenSwappedAndReadBackLittleEndian() throws IOException {
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA,
                    IpcWriteOptions.DEFAULT.withByteOrder(Endianness.BIG))) {
                w.write(batch());
            }
        });
        MessageReader reader = new MessageReader(new SegmentInput(TestData.segment(stream)));
        Header.SchemaHeader schema = (Header.SchemaHeader) reader.next().message().header();
        assertEquals(Endianness.BIG, schema.schema().endianness());
        MessageReader.IpcMessage m = reader.next();
        Header.Batch header = (Header.Batch) m.message().header();
        ArrowBuffer i32 = m.body().slice(header.buffers()[2], header.buffers()[3]);
        assertArrayEquals(new byte[] {0, 0, 0, 1, 0, 0, 0, 0, 1, 2, 3, 4}, i32.toByteArray());
        ArrowBuffer offsets = m.body().slice(header.buffers()[14], header.buffers()[15]);
        assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 5}, offsets.toByteArray());

        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            assertEquals(Endianness.BIG, r.schema().endianness());
            RecordBatch back = r.readNext().orElseThrow();
            RecordBatch expected = batch();
            for (int c = 0; c < 3; c++) {
                assertEquals(expected.column(c), back.column(c));
            }
            assertArrayEquals(TestData.int32s(0, 2, 2, 5).toByteArray(), back.column(3).data().buffer(1)
                    .toByteArray());
        }
    }

    @Test
    void swappingCoversIntervalsDecimalsAndViews() {
        ByteSwapper toBig = new ByteSwapper(BufferAllocator.managed(), false);
        ByteSwapper toLittle = new ByteSwapper(BufferAllocator.managed(), true);
        ArrowBuffer mdn = ArrowBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
        ArrayData interval = ArrayData.of(new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO), 1,
                Arrays.asList(null, mdn), List.of());
        assertArrayEquals(new byte[] {4, 3, 2, 1, 8, 7, 6, 5, 16, 15, 14, 13, 12, 11, 10, 9},
                toBig.swap(interval).buffer(1).toByteArray());
        ArrayData decimal = ArrayData.of(new ArrowType.Decimal(10, 2), 1, Arrays.asList(null, mdn), List.of());
        assertArrayEquals(new byte[] {16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1},
                toBig.swap(decimal).buffer(1).toByteArray());
        // A long view (length 20, prefix, buffer 0, offset 4) and an inline one (length 2).
        ArrowBuffer views = ArrowBuffer.wrap(new byte[] {20, 0, 0, 0, 'a', 'b', 'c', 'd', 0, 0, 0, 0, 4, 0, 0, 0,
                2, 0, 0, 0, 'x', 'y', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
        ArrayData view = ArrayData.of(ArrowType.BINARY_VIEW, 2, Arrays.asList(null, views, ArrowBuffer.wrap(
                new byte[24])), List.of());
        ArrayData big = toBig.swap(view);
        assertArrayEquals(new byte[] {0, 0, 0, 20, 'a', 'b', 'c', 'd', 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 2, 'x', 'y',
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, big.buffer(1).toByteArray());
        assertArrayEquals(views.toByteArray(), toLittle.swap(big).buffer(1).toByteArray());
    }

    @Test
    void framingWithoutContinuationMarkerIsRead() throws IOException {
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA)) {
                w.write(batch());
                w.write(batch().slice(1, 2));
            }
        });
        // Rewrite every message without its 4-byte continuation marker, as writers before 0.15 did.
        ByteArrayOutputStream legacy = new ByteArrayOutputStream();
        for (int[] span : DictionaryTest.spans(stream)) {
            legacy.write(stream, span[0] + 4, span[1] - span[0] - 4);
        }
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(legacy.toByteArray()))) {
            assertEquals(SCHEMA, r.schema());
            assertEquals(batch().column(0), r.readNext().orElseThrow().column(0));
            assertEquals(batch().slice(1, 2).column(2), r.readNext().orElseThrow().column(2));
            assertNull(r.readNext().orElse(null));
        }
    }

    @Test
    void aStreamThatSimplyEndsIsReadFine() {
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA)) {
                w.write(batch());
            }
        });
        byte[] noEos = Arrays.copyOf(stream, stream.length - 8);
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(noEos))) {
            assertEquals(batch().column(0), r.readNext().orElseThrow().column(0));
            assertNull(r.readNext().orElse(null));
        }
        assertArrayEquals(new byte[] {-1, -1, -1, -1, 0, 0, 0, 0}, Arrays.copyOfRange(stream, stream.length - 8,
                stream.length));
    }
}
