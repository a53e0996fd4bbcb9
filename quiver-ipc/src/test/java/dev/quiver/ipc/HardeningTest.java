// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static dev.quiver.ipc.TestData.ints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.compression.ZstdCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Truncated and corrupted input ends in an IpcException, never another exception or a hang. */
class HardeningTest {
    static final ArrowType.Dictionary DICT = new ArrowType.Dictionary(ArrowType.INT8, ArrowType.INT64, false);
    static final Schema SCHEMA = new Schema(List.of(Field.nullable("a", ArrowType.INT32),
            Field.nullable("n", ArrowType.NULL), new Field("d", DICT, true, 3L, Map.of()),
            Field.nullable("s", ArrowType.Struct.of(Field.nullable("x", ArrowType.INT16)))),
            Map.of("k", "v"), dev.quiver.core.type.Endianness.LITTLE);

    static RecordBatch batch(int rows, int dictSize) {
        Long[] values = new Long[rows];
        Long[] indices = new Long[rows];
        for (int i = 0; i < rows; i++) {
            values[i] = i % 4 == 1 ? null : (long) i * 31;
            indices[i] = i % 5 == 2 ? null : (long) (i % dictSize);
        }
        Long[] dict = new Long[dictSize];
        for (int i = 0; i < dictSize; i++) {
            dict[i] = 1000L + i;
        }
        ArrayData idx = ints(ArrowType.INT8, indices).data();
        ArrayData d = new ArrayData(DICT, rows, 0, ArrayData.UNKNOWN_NULL_COUNT, idx.buffers(), List.of(),
                ints(ArrowType.INT64, dict).data());
        ArrayData x = ints(ArrowType.INT16, values).data();
        ArrayData s = ArrayData.of(SCHEMA.field(3).type(), rows, java.util.Arrays.asList((Object) null).stream()
                .map(o -> (dev.quiver.core.memory.ArrowBuffer) null).toList(), List.of(x));
        return new RecordBatch(SCHEMA, List.of(ints(ArrowType.INT32, values),
                Array.ofUnchecked(new ArrayData(ArrowType.NULL, rows, 0, rows, List.of(), List.of(), null)),
                Array.ofUnchecked(d),
                Array.ofUnchecked(s)));
    }

    static byte[] stream(IpcWriteOptions options) {
        return TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA, options)) {
                w.write(batch(9, 3), Map.of("m", "1"));
                w.write(batch(20, 5));
                w.write(batch(0, 5));
            }
        });
    }

    static byte[] file() {
        return TestData.written(out -> {
            try (IpcFileWriter w = IpcFileWriter.open(out, SCHEMA, IpcWriteOptions.DEFAULT)) {
                w.write(batch(9, 3));
                w.write(batch(20, 5));
            }
        });
    }

    /** Reads everything; returns the number of batches. Only IpcException may escape. */
    static int readStream(byte[] bytes, IpcReadOptions options) {
        int n = 0;
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(bytes), options)) {
            for (RecordBatch b : r) {
                b.validateFull();
                n++;
            }
        }
        return n;
    }

    static int readFile(byte[] bytes) {
        try (IpcFileReader r = IpcFileReader.open(TestData.segment(bytes), IpcReadOptions.DEFAULT)) {
            for (int k = 0; k < r.batchCount(); k++) {
                r.batch(k).validateFull();
            }
            return r.batchCount();
        }
    }

    static void onlyIpcException(Runnable read, String what) {
        try {
            read.run();
        } catch (IpcException expected) {
            assertTrue(expected.getMessage() != null && !expected.getMessage().isEmpty());
        } catch (Throwable t) {
            fail(what + ": " + t, t);
        }
    }

    @Test
    void streamTruncatedAtEveryByte() {
        for (IpcWriteOptions options : List.of(IpcWriteOptions.DEFAULT,
                IpcWriteOptions.DEFAULT.withCodec(new ZstdCodec()))) {
            byte[] full = stream(options);
            assertEquals(3, readStream(full, IpcReadOptions.DEFAULT));
            for (int cut = 0; cut < full.length; cut++) {
                byte[] part = java.util.Arrays.copyOf(full, cut);
                onlyIpcException(() -> readStream(part, IpcReadOptions.DEFAULT), "cut at " + cut);
            }
        }
    }

    @Test
    void fileTruncatedAtEveryByte() {
        byte[] full = file();
        assertEquals(2, readFile(full));
        for (int cut = 0; cut < full.length; cut++) {
            byte[] part = java.util.Arrays.copyOf(full, cut);
            int at = cut;
            assertThrows(IpcException.class, () -> readFile(part), () -> "cut at " + at);
        }
    }

    /** Every metadata byte of every message set to several values. */
    @Test
    void streamMetadataCorruption() throws IOException {
        byte[] full = stream(IpcWriteOptions.DEFAULT);
        for (int[] span : metadataSpans(full)) {
            for (int i = span[0]; i < span[1]; i++) {
                for (int v : new int[] {0x00, 0xFF, 0x7F, 0x80, full[i] ^ 0x01, full[i] ^ 0x10}) {
                    byte[] bad = full.clone();
                    bad[i] = (byte) v;
                    int at = i;
                    onlyIpcException(() -> readStream(bad, IpcReadOptions.DEFAULT), "byte " + at + " = " + v);
                }
            }
        }
    }

    @Test
    void fileFooterAndMetadataCorruption() {
        byte[] full = file();
        for (int i = 0; i < full.length; i++) {
            for (int v : new int[] {0x00, 0xFF, full[i] ^ 0x04}) {
                byte[] bad = full.clone();
                bad[i] = (byte) v;
                int at = i;
                onlyIpcException(() -> readFile(bad), "byte " + at + " = " + v);
            }
        }
    }

    static List<int[]> metadataSpans(byte[] stream) throws IOException {
        List<int[]> out = new ArrayList<>();
        MessageReader reader = new MessageReader(new SegmentInput(TestData.segment(stream)));
        for (MessageReader.IpcMessage m = reader.next(); m != null; m = reader.next()) {
            int start = (int) m.offset();
            int length = ByteBuffer.wrap(stream, start + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            out.add(new int[] {start, start + 8 + length});
        }
        return out;
    }

    @Test
    void hugeClaimsAllocateNothing() {
        byte[] full = stream(IpcWriteOptions.DEFAULT);
        // Metadata length claims 2 GiB; body length and buffers claim more than exists.
        byte[] bad = full.clone();
        ByteBuffer.wrap(bad, 4, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(Integer.MAX_VALUE);
        BufferAllocator limited = BufferAllocator.managed(64 << 20);
        IpcReadOptions options = IpcReadOptions.DEFAULT.withAllocator(limited);
        IpcException e = assertThrows(IpcException.class, () -> readStream(bad, options));
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void errorsNameMessageFieldAndBuffer() throws IOException {
        byte[] full = stream(IpcWriteOptions.DEFAULT);
        // Make buffer 1 (values of field a) of the first record batch lie past the body.
        Header.Batch header = null;
        MessageReader reader = new MessageReader(new SegmentInput(TestData.segment(full)));
        MessageReader.IpcMessage m;
        do {
            m = reader.next();
        } while (!(m.message().header() instanceof Header.Batch));
        header = (Header.Batch) m.message().header();
        long[] buffers = header.buffers().clone();
        buffers[3] = 1 << 20;
        ByteBuffer meta = MessageCodec.encodeBatch(new Header.Batch(header.length(), header.nodes(), buffers,
                header.variadicCounts(), null), m.message().bodyLength(), Map.of());
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        WritableByteChannel ch = Channels.newChannel(out);
        out.write(full, 0, (int) m.offset());
        new MessageFramer(new ByteOutput(ch), 8).write(meta, new MessageBody(List.of(m.body().segment()),
                new long[] {0}, m.body().byteSize()));
        IpcException e = assertThrows(IpcException.class, () -> readStream(out.toByteArray(),
                IpcReadOptions.DEFAULT));
        assertTrue(e.getMessage().contains("message 2"), e.getMessage());
        assertTrue(e.getMessage().contains("field a"), e.getMessage());
        assertTrue(e.getMessage().contains("buffer 1 (values)"), e.getMessage());
    }

    @Test
    void aFailedWriteIsReportedAndCloseThrows() {
        WritableByteChannel failing = new WritableByteChannel() {
            private int writes;

            @Override
            public int write(ByteBuffer src) throws IOException {
                if (++writes > 6) {
                    throw new IOException("disk full");
                }
                int n = src.remaining();
                src.position(src.limit());
                return n;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        };
        IpcStreamWriter w = IpcStreamWriter.open(failing, SCHEMA, IpcWriteOptions.DEFAULT);
        IpcException first = assertThrows(IpcException.class, () -> w.write(batch(5, 2)));
        assertTrue(first.getMessage().contains("disk full"), first.getMessage());
        assertThrows(IpcException.class, () -> w.write(batch(5, 2)));
        assertThrows(IpcException.class, w::close);
    }

    @Test
    void randomCorruptionAnywhereOfCompressedAndPlainStreams() {
        java.util.Random random = new java.util.Random(42);
        for (IpcWriteOptions options : List.of(IpcWriteOptions.DEFAULT,
                IpcWriteOptions.DEFAULT.withCodec(new ZstdCodec()),
                IpcWriteOptions.DEFAULT.withCodec(new dev.quiver.ipc.compression.Lz4FrameCodec()))) {
            byte[] full = stream(options);
            for (int round = 0; round < 1500; round++) {
                byte[] bad = full.clone();
                int flips = 1 + random.nextInt(4);
                for (int k = 0; k < flips; k++) {
                    bad[random.nextInt(bad.length)] = (byte) random.nextInt(256);
                }
                int r = round;
                onlyIpcException(() -> readStream(bad, IpcReadOptions.DEFAULT), options.codec() + " round " + r);
            }
        }
    }
}
