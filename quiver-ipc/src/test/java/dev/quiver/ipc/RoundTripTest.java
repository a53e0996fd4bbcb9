// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static dev.quiver.ipc.TestData.ints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.ipc.compression.Lz4FrameCodec;
import dev.quiver.ipc.compression.ZstdCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Integer, temporal and null columns through streams and files, every codec and alignment. */
class RoundTripTest {
    @TempDir
    Path dir;

    static final List<ArrowType> INT_TYPES = List.of(ArrowType.INT8, ArrowType.INT16, ArrowType.INT32,
            ArrowType.INT64, ArrowType.UINT8, ArrowType.UINT16, ArrowType.UINT32, ArrowType.UINT64,
            new ArrowType.Date(DateUnit.DAY), new ArrowType.Date(DateUnit.MILLISECOND),
            new ArrowType.Time(TimeUnit.SECOND), new ArrowType.Time(TimeUnit.NANOSECOND),
            new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), new ArrowType.Duration(TimeUnit.MICROSECOND),
            new ArrowType.Interval(IntervalUnit.YEAR_MONTH));

    static Schema schema() {
        List<Field> fields = new ArrayList<>();
        for (ArrowType t : INT_TYPES) {
            fields.add(Field.nullable(t.toString(), t));
        }
        fields.add(Field.nullable("null", ArrowType.NULL));
        fields.add(Field.notNull("dense", ArrowType.INT64));
        return new Schema(fields, Map.of("origin", "test"), dev.quiver.core.type.Endianness.LITTLE);
    }

    /** A batch of {@code rows} rows: value i (or null every 3rd row) in each column. */
    static RecordBatch batch(Schema schema, int rows, long seed) {
        List<Array> columns = new ArrayList<>();
        for (Field f : schema.fields()) {
            if (f.type() instanceof ArrowType.Null) {
                columns.add(Array.ofUnchecked(new ArrayData(ArrowType.NULL, rows, 0, rows, List.of(), List.of(),
                        null)));
                continue;
            }
            Long[] values = new Long[rows];
            for (int i = 0; i < rows; i++) {
                values[i] = f.nullable() && (i + seed) % 3 == 0 ? null : (seed * 1000 + i) * (i % 2 == 0 ? 1 : -1);
                if (values[i] != null && f.type() instanceof ArrowType.Time) {
                    values[i] = Math.floorMod(values[i], 86_400L); // a time of day, whatever the unit
                }
            }
            columns.add(ints(f.type(), values));
        }
        return new RecordBatch(schema, columns, rows);
    }

    static Stream<Arguments> options() {
        List<Arguments> out = new ArrayList<>();
        for (int alignment : new int[] {8, 64}) {
            out.add(Arguments.of(IpcWriteOptions.DEFAULT.withAlignment(alignment)));
            out.add(Arguments.of(IpcWriteOptions.DEFAULT.withAlignment(alignment).withCodec(new Lz4FrameCodec())));
            out.add(Arguments.of(IpcWriteOptions.DEFAULT.withAlignment(alignment).withCodec(new ZstdCodec())));
        }
        return out.stream();
    }

    static List<RecordBatch> batches(Schema schema) {
        RecordBatch big = batch(schema, 1000, 3);
        return List.of(batch(schema, 10, 1), batch(schema, 0, 2), big, big.slice(13, 101), big.slice(999, 1),
                big.slice(5, 0), batch(schema, 1, 4).slice(0, 1));
    }

    static void assertSame(RecordBatch expected, RecordBatch actual) {
        assertEquals(expected.rowCount(), actual.rowCount());
        for (int c = 0; c < expected.columns().size(); c++) {
            assertEquals(expected.column(c), actual.column(c), "column " + expected.schema().field(c));
            assertEquals(expected.column(c).nullCount(), actual.column(c).nullCount());
        }
    }

    @ParameterizedTest
    @MethodSource("options")
    void streamRoundTrip(IpcWriteOptions options) {
        Schema schema = schema();
        List<RecordBatch> batches = batches(schema);
        byte[] bytes = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, schema, options)) {
                for (RecordBatch b : batches) {
                    w.write(b, Map.of("rows", Long.toString(b.rowCount())));
                }
            }
        });
        assertEquals(0, bytes.length % 8);
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(bytes))) {
            assertEquals(schema, r.schema());
            for (RecordBatch b : batches) {
                assertSame(b, r.readNext().orElseThrow());
                assertEquals(Map.of("rows", Long.toString(b.rowCount())), r.batchMetadata());
            }
            assertNull(r.readNext().orElse(null));
            assertNull(r.readNext().orElse(null));
        }
        try (IpcStreamReader r = IpcStreamReader.open(TestData.segment(bytes), IpcReadOptions.DEFAULT)) {
            for (RecordBatch b : batches) {
                assertSame(b, r.readNext().orElseThrow());
            }
            assertNull(r.readNext().orElse(null));
        }
    }

    @ParameterizedTest
    @MethodSource("options")
    void fileRoundTrip(IpcWriteOptions options) throws IOException {
        Schema schema = schema();
        List<RecordBatch> batches = batches(schema);
        Path file = dir.resolve("t.arrow");
        try (IpcFileWriter w = IpcFileWriter.open(Files.newByteChannel(file,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE), schema,
                options.withFooterMetadata(Map.of("footer", "yes")))) {
            for (RecordBatch b : batches) {
                w.write(b);
            }
        }
        try (IpcFileReader r = IpcFileReader.map(file)) {
            assertEquals(schema, r.schema());
            assertEquals(Map.of("footer", "yes"), r.footerMetadata());
            assertEquals(batches.size(), r.batchCount());
            for (int k = batches.size() - 1; k >= 0; k--) {
                assertSame(batches.get(k), r.batch(k));
            }
        }
        try (SeekableByteChannel ch = Files.newByteChannel(file);
                IpcFileReader r = IpcFileReader.open(ch, IpcReadOptions.DEFAULT)) {
            assertSame(batches.get(2), r.batch(2));
        }
        // The file holds the stream: read it as one after the 8-byte magic and padding.
        byte[] all = Files.readAllBytes(file);
        try (IpcStreamReader r = IpcStreamReader.open(Channels.newChannel(
                new ByteArrayInputStream(all, 8, all.length - 8)), IpcReadOptions.DEFAULT)) {
            for (RecordBatch b : batches) {
                assertSame(b, r.readNext().orElseThrow());
            }
            assertNull(r.readNext().orElse(null));
        }
    }

    @ParameterizedTest
    @MethodSource("options")
    void zeroBatches(IpcWriteOptions options) throws IOException {
        Schema schema = schema();
        byte[] stream = TestData.written(out -> IpcStreamWriter.open(out, schema, options).close());
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            assertEquals(schema, r.schema());
            assertNull(r.readNext().orElse(null));
        }
        byte[] file = TestData.written(out -> IpcFileWriter.open(out, schema, options).close());
        try (IpcFileReader r = IpcFileReader.open(TestData.segment(file), IpcReadOptions.DEFAULT)) {
            assertEquals(schema, r.schema());
            assertEquals(0, r.batchCount());
        }
    }

    @ParameterizedTest
    @MethodSource("options")
    void bodyBuffersAreAligned(IpcWriteOptions options) {
        Schema schema = schema();
        byte[] bytes = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, schema, options)) {
                w.write(batch(schema, 77, 5));
            }
        });
        MessageReader reader = new MessageReader(new SegmentInput(TestData.segment(bytes)));
        try {
            reader.next();
            MessageReader.IpcMessage m = reader.next();
            long bodyStart = m.body().segment().address();
            assertEquals(0, bodyStart % options.alignment(), "body start");
            Header.Batch header = (Header.Batch) m.message().header();
            for (int i = 0; i < header.bufferCount(); i++) {
                assertEquals(0, header.buffers()[2 * i] % options.alignment(), "buffer " + i);
            }
            assertEquals(0, m.message().bodyLength() % options.alignment());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
