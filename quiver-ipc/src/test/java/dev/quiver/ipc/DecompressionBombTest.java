// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.compression.CompressionType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A compressed buffer decompresses to no more than its array's type and length need (a variable-size
 * binary's data: what its offsets say), nor more than the batch's limit: a bomb is refused, naming the
 * buffer, before it takes memory. Each read runs on an allocator whose limit is far below the bomb: an
 * allocation beyond it would fail with the allocator's message, not the refusal asserted.
 */
class DecompressionBombTest {
    private static final long GIB = 1L << 30;
    private static final long PEAK = 1 << 20;
    private static final Schema INT64 = Schema.of(Field.nullable("v", ArrowType.INT64));

    /**
     * A Zstandard frame (RFC 8878) of {@code size} zero bytes: RLE blocks of 128 KiB, 4 bytes each,
     * behind a header that records no content size.
     */
    static byte[] zstdZeros(long size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x00, 7 << 3});
        for (long left = size; left > 0; ) {
            int n = (int) Math.min(128 << 10, left);
            left -= n;
            int header = n << 3 | 1 << 1 | (left == 0 ? 1 : 0);
            out.writeBytes(new byte[] {(byte) header, (byte) (header >>> 8), (byte) (header >>> 16), 0});
        }
        return out.toByteArray();
    }

    /** An LZ4 frame of {@code size} zero bytes in blocks of 4 MiB. */
    static byte[] lz4Zeros(long size) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[1 << 20];
        try (LZ4FrameOutputStream lz4 = new LZ4FrameOutputStream(out, LZ4FrameOutputStream.BLOCKSIZE.SIZE_4MB)) {
            for (long left = size; left > 0; left -= chunk.length) {
                lz4.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
        }
        return out.toByteArray();
    }

    /** A body buffer: the little-endian length prefix, then the bytes. */
    static byte[] prefixed(long prefix, byte[] bytes) {
        return ByteBuffer.allocate(8 + bytes.length).order(ByteOrder.LITTLE_ENDIAN).putLong(prefix).put(bytes)
                .array();
    }

    /** A stream of the schema and one compressed record batch of the given field nodes and buffers. */
    static byte[] stream(Schema schema, long rows, long[] nodes, List<byte[]> buffers, long[] variadicCounts,
            CompressionType compression) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MessageFramer framer = new MessageFramer(new ByteOutput(Channels.newChannel(out)), 8);
        long[] ranges = new long[2 * buffers.size()];
        List<MemorySegment> segments = new ArrayList<>();
        long at = 0;
        for (int i = 0; i < buffers.size(); i++) {
            ranges[2 * i] = at;
            ranges[2 * i + 1] = buffers.get(i).length;
            segments.add(MemorySegment.ofArray(buffers.get(i)));
            at += (buffers.get(i).length + 7) & -8;
        }
        Header.Batch batch = new Header.Batch(rows, nodes, ranges, variadicCounts, compression);
        try {
            framer.write(MessageCodec.encodeSchema(schema, Map.of()), MessageBody.EMPTY);
            framer.write(MessageCodec.encodeBatch(batch, at, Map.of()),
                    new MessageBody(segments, offsets(ranges), at));
            framer.writeEndOfStream();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out.toByteArray();
    }

    private static long[] offsets(long[] ranges) {
        long[] offsets = new long[ranges.length / 2];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = ranges[2 * i];
        }
        return offsets;
    }

    /** One 1,000-row int64 column whose values buffer is {@code values}. */
    static byte[] int64Stream(byte[] values, CompressionType compression) {
        return stream(INT64, 1000, new long[] {1000, 0}, List.of(new byte[0], values), new long[0], compression);
    }

    /** Reads the stream on an allocator that refuses more than {@link #PEAK} bytes; returns the refusal. */
    static IpcException refused(byte[] stream, IpcReadOptions options) {
        try (ScopedAllocator allocator = BufferAllocator.scoped(PEAK)) {
            return assertThrows(IpcException.class,
                    () -> HardeningTest.readStream(stream, options.withAllocator(allocator)));
        }
    }

    @Test
    void aZstdBombInAnInt64ColumnIsRefusedBeforeItsMemory() {
        byte[] stream = int64Stream(prefixed(GIB, zstdZeros(GIB)), CompressionType.ZSTD);
        assertTrue(stream.length < 50_000, "the bomb takes " + stream.length + " bytes");
        IpcException e = refused(stream, IpcReadOptions.DEFAULT);
        assertTrue(e.getMessage().contains("message 1 (record batch at byte"), e.getMessage());
        assertTrue(e.getMessage().contains("field v (int64, node 0), buffer 1 (values)"), e.getMessage());
        assertTrue(e.getMessage().contains("more than the 8000 bytes its array's type and length allow"),
                e.getMessage());
        assertTrue(e.getMessage().contains("claims 1073741824 bytes"), e.getMessage());
    }

    @Test
    void aZstdBombBehindAModestPrefixIsRefusedToo() {
        IpcException e = refused(int64Stream(prefixed(8000, zstdZeros(GIB)), CompressionType.ZSTD),
                IpcReadOptions.DEFAULT);
        assertTrue(e.getMessage().contains("buffer 1 (values): decompressed to more than 8000 bytes"),
                e.getMessage());
    }

    @Test
    void anLz4BombIsRefusedWhateverItsPrefixSays() throws IOException {
        byte[] frame = lz4Zeros(64L << 20);
        for (long prefix : new long[] {64L << 20, 8000, frame.length}) {
            IpcException e = refused(int64Stream(prefixed(prefix, frame), CompressionType.LZ4_FRAME),
                    IpcReadOptions.DEFAULT);
            assertTrue(e.getMessage().contains("buffer 1 (values): decompresses to more than the 8000 bytes"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("claims " + prefix + " bytes"), e.getMessage());
        }
    }

    @Test
    void binaryDataIsBoundedByItsOffsets() {
        Schema schema = Schema.of(Field.nullable("s", ArrowType.UTF8));
        byte[] offsets = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(0).putInt(5).putInt(10)
                .array();
        byte[] stream = stream(schema, 2, new long[] {2, 0}, List.of(new byte[0], prefixed(-1, offsets),
                prefixed(GIB, zstdZeros(GIB))), new long[0], CompressionType.ZSTD);
        IpcException e = refused(stream, IpcReadOptions.DEFAULT);
        assertTrue(e.getMessage().contains("field s (utf8, node 0), buffer 2 (data): decompresses to more than the "
                + "64 bytes its array's type and length allow (10 needed)"), e.getMessage());
    }

    /** Views may leave bytes of their variadic buffers unused (arrow-java writes whole buffers). */
    @Test
    void viewDataIsBoundedByTheBatchLimit() {
        Schema schema = Schema.of(Field.nullable("s", ArrowType.UTF8_VIEW));
        byte[] view = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(20).putInt(0).putInt(0)
                .putInt(0).array();
        byte[] stream = stream(schema, 1, new long[] {1, 0}, List.of(new byte[0], prefixed(-1, view),
                prefixed(GIB, zstdZeros(GIB))), new long[] {1}, CompressionType.ZSTD);
        IpcException e = refused(stream, IpcReadOptions.DEFAULT.withMaxDecompressedBytes(PEAK / 2));
        assertTrue(e.getMessage().contains("buffer 2 (variadic data 0): decompresses to more than the 524272 bytes "
                + "left of the batch's limit"), e.getMessage());
        byte[] unused = stream(schema, 1, new long[] {1, 0}, List.of(new byte[0], prefixed(-1, view),
                prefixed(100, zstdZeros(100))), new long[] {1}, CompressionType.ZSTD);
        assertEquals(1, HardeningTest.readStream(unused, IpcReadOptions.DEFAULT));
    }

    @Test
    void theBatchLimitOfTheOptionsBoundsWhatTheShapeAllows() {
        int rows = 1_000_000;
        byte[] stream = stream(INT64, rows, new long[] {rows, 0}, List.of(new byte[0],
                prefixed(8L * rows, zstdZeros(8L * rows))), new long[0], CompressionType.ZSTD);
        IpcException e = refused(stream, IpcReadOptions.DEFAULT.withMaxDecompressedBytes(PEAK / 2));
        assertTrue(e.getMessage().contains("more than the 524288 bytes left of the batch's limit "
                + "(IpcReadOptions.maxDecompressedBytes)"), e.getMessage());
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            RecordBatch batch = r.readNext().orElseThrow();
            assertEquals(rows, batch.rowCount());
            assertEquals(0L, batch.column(0).getObject(rows - 1));
        }
    }
}
