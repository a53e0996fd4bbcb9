// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static dev.quiver.ipc.TestData.ints;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import dev.quiver.ipc.compression.Lz4FrameCodec;
import dev.quiver.ipc.compression.ZstdCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Body compression: per-buffer prefixes, raw fallback, empty buffers, and the JS LZ4 quirk. */
class CompressionTest {
    private static final BufferAllocator ALLOCATOR = BufferAllocator.managed();

    private static ArrowBuffer buffer(MemorySegment s) {
        return ArrowBuffer.wrap(s);
    }

    /** Decompresses with no limit but the data's own (the limits are tested in DecompressionBombTest). */
    private static ArrowBuffer decompress(ArrowBuffer raw, CompressionCodec codec, BufferAllocator allocator,
            String where) {
        return BodyCompression.decompress(raw, codec, allocator, where,
                new BodyCompression.Limit(Long.MAX_VALUE, Long.MAX_VALUE));
    }

    @Test
    void compressibleBuffersCarryTheirUncompressedLength() throws IOException {
        for (CompressionCodec codec : List.of(new Lz4FrameCodec(), new ZstdCodec())) {
            ArrowBuffer zeros = ArrowBuffer.wrap(new byte[10_000]);
            MemorySegment c = BodyCompression.compress(zeros, codec, ALLOCATOR);
            assertEquals(10_000, buffer(c).getLong(0), codec.type().toString());
            assertTrue(c.byteSize() < 1000);
            ArrowBuffer back = decompress(buffer(c), codec, ALLOCATOR, "test");
            assertArrayEquals(new byte[10_000], back.toByteArray());
        }
    }

    @Test
    void incompressibleBuffersAreStoredRawBehindMinusOne() throws IOException {
        byte[] noise = new byte[4096];
        new Random(1).nextBytes(noise);
        for (CompressionCodec codec : List.of(new Lz4FrameCodec(), new ZstdCodec())) {
            MemorySegment c = BodyCompression.compress(ArrowBuffer.wrap(noise), codec, ALLOCATOR);
            assertEquals(-1, buffer(c).getLong(0));
            assertEquals(4096 + 8, c.byteSize());
            assertArrayEquals(noise, decompress(buffer(c), codec, ALLOCATOR, "t").toByteArray());
        }
    }

    @Test
    void emptyBuffersHaveNoPrefix() throws IOException {
        assertEquals(0, BodyCompression.compress(ArrowBuffer.EMPTY, new ZstdCodec(), ALLOCATOR).byteSize());
        assertEquals(0, decompress(ArrowBuffer.EMPTY, new ZstdCodec(), ALLOCATOR, "t").byteSize());
        assertEquals(0, decompress(ArrowBuffer.wrap(new byte[8]), new Lz4FrameCodec(), ALLOCATOR,
                "t").byteSize());
    }

    /** Replaces the length prefix of a compressed buffer. */
    private static ArrowBuffer withPrefix(MemorySegment compressed, long prefix) {
        byte[] bytes = compressed.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(0, prefix);
        return ArrowBuffer.wrap(bytes);
    }

    @Test
    void lz4WithTheCompressedLengthInThePrefixIsReadAnyway() throws IOException {
        byte[] data = new byte[50_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i % 7);
        }
        MemorySegment c = BodyCompression.compress(ArrowBuffer.wrap(data), new Lz4FrameCodec(), ALLOCATOR);
        ArrowBuffer quirk = withPrefix(c, c.byteSize() - 8);
        assertArrayEquals(data, decompress(quirk, new Lz4FrameCodec(), ALLOCATOR, "t").toByteArray());
    }

    @Test
    void zstdOutputMustMatchThePrefix() throws IOException {
        MemorySegment c = BodyCompression.compress(ArrowBuffer.wrap(new byte[50_000]), new ZstdCodec(), ALLOCATOR);
        for (long prefix : new long[] {10, 49_999, 50_001, Long.MAX_VALUE, -2}) {
            IpcException e = assertThrows(IpcException.class,
                    () -> decompress(withPrefix(c, prefix), new ZstdCodec(), ALLOCATOR, "buf 3"));
            assertTrue(e.getMessage().startsWith("buf 3"), e.getMessage());
        }
    }

    @Test
    void aHugeClaimReservesOnlyWhatTheDataDecompressesTo() throws IOException {
        MemorySegment c = BodyCompression.compress(ArrowBuffer.wrap(new byte[1000]), new ZstdCodec(), ALLOCATOR);
        BufferAllocator limited = BufferAllocator.managed(1 << 20);
        assertThrows(IpcException.class, () -> decompress(withPrefix(c, 1L << 40),
                new ZstdCodec(), limited, "t"));
        assertTrue(limited.allocatedBytes() <= 1 << 20);
    }

    @Test
    void aTinyBufferClaimingAHugeLengthIsNotAllocated() throws IOException {
        BufferAllocator limited = BufferAllocator.managed(64 << 20);
        MemorySegment z = BodyCompression.compress(ArrowBuffer.wrap(new byte[1000]), new ZstdCodec(), ALLOCATOR);
        IpcException e = assertThrows(IpcException.class,
                () -> decompress(withPrefix(z, 1L << 30), new ZstdCodec(), limited, "t"));
        assertTrue(e.getMessage().contains("decompressed to 1000 bytes"), e.getMessage());
        MemorySegment l = BodyCompression.compress(ArrowBuffer.wrap(new byte[1000]), new Lz4FrameCodec(), ALLOCATOR);
        ArrowBuffer back = decompress(withPrefix(l, 1L << 30), new Lz4FrameCodec(), limited, "t");
        assertArrayEquals(new byte[1000], back.toByteArray());
        assertTrue(limited.allocatedBytes() < 1 << 20, "allocated " + limited.allocatedBytes());
    }

    @Test
    void aPlausibleButWrongClaimFallsBackToTheStream() throws IOException {
        byte[] data = new byte[50_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i % 7);
        }
        MemorySegment c = BodyCompression.compress(ArrowBuffer.wrap(data), new Lz4FrameCodec(), ALLOCATOR);
        for (long prefix : new long[] {49_999, 50_001, 60_000}) {
            ArrowBuffer back = decompress(withPrefix(c, prefix), new Lz4FrameCodec(), ALLOCATOR, "t");
            assertArrayEquals(data, back.toByteArray(), "prefix " + prefix);
        }
    }

    @Test
    void directAndStreamedDecompressionAgree() throws IOException {
        Random random = new Random(3);
        for (CompressionCodec codec : List.of(new Lz4FrameCodec(), new ZstdCodec())) {
            for (int size : new int[] {1, 100, 65_536, 65_537, 300_000, 1 << 20}) {
                byte[] data = new byte[size];
                for (int i = 0; i < size; i++) {
                    data[i] = (byte) (random.nextInt(16) < 3 ? random.nextInt() : i / 64);
                }
                MemorySegment c = BodyCompression.compress(ArrowBuffer.wrap(data), codec, ALLOCATOR);
                ArrowBuffer raw = ArrowBuffer.wrap(ALLOCATOR.allocate(c.byteSize()).segment().copyFrom(c));
                assertTrue(raw.segment().isNative());
                assertArrayEquals(data, decompress(raw, codec, ALLOCATOR, "t").toByteArray(),
                        codec.type() + " " + size);
            }
        }
    }

    @Test
    void garbageIsAnIpcException() {
        byte[] garbage = new byte[64];
        new Random(2).nextBytes(garbage);
        ByteBuffer.wrap(garbage).order(ByteOrder.LITTLE_ENDIAN).putLong(0, 100);
        for (CompressionCodec codec : List.of(new Lz4FrameCodec(), new ZstdCodec())) {
            assertThrows(IpcException.class,
                    () -> decompress(ArrowBuffer.wrap(garbage), codec, ALLOCATOR, "t"));
        }
    }

    @Test
    void compressedStreamsRecordTheCodecAndSkipShrinklessBuffers() throws IOException {
        Schema schema = Schema.of(Field.nullable("a", ArrowType.INT64), Field.notNull("b", ArrowType.INT8));
        Long[] values = new Long[5000];
        Long[] small = new Long[5000];
        Random random = new Random(3);
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 10 == 0 ? null : (long) (i / 100);
            small[i] = (long) random.nextInt();
        }
        RecordBatch batch = new RecordBatch(schema, List.<Array>of(ints(ArrowType.INT64, values),
                ints(ArrowType.INT8, small)));
        for (CompressionCodec codec : List.of(new Lz4FrameCodec(), new ZstdCodec())) {
            byte[] stream = TestData.written(out -> {
                try (IpcStreamWriter w = IpcStreamWriter.open(out, schema, IpcWriteOptions.DEFAULT.withCodec(codec))) {
                    w.write(batch);
                }
            });
            List<Header> headers = DictionaryTest.headers(stream);
            Header.Batch header = (Header.Batch) headers.get(1);
            assertEquals(codec.type(), header.compression());
            try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
                RecordBatch back = r.readNext().orElseThrow();
                assertEquals(batch.column(0), back.column(0));
                assertEquals(batch.column(1), back.column(1));
            }
            assertTrue(stream.length < 5000 * 8, "compressed: " + stream.length);
        }
    }

    @Test
    void aMissingCodecIsReported() {
        Schema schema = Schema.of(Field.nullable("a", ArrowType.INT64));
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, schema,
                    IpcWriteOptions.DEFAULT.withCodec(new ZstdCodec()))) {
                w.write(new RecordBatch(schema, List.of(ints(ArrowType.INT64, 1L, 2L))));
            }
        });
        IpcReadOptions noCodecs = new IpcReadOptions(ValidationLevel.FULL, ALLOCATOR, java.util.Map.of());
        IpcException e = assertThrows(IpcException.class, () -> {
            try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream), noCodecs)) {
                r.readNext().orElseThrow();
            }
        });
        assertTrue(e.getMessage().contains("no codec for " + CompressionType.ZSTD), e.getMessage());
    }
}
