// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.Lz4FrameCodec;
import dev.quiver.ipc.compression.ZstdCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The codecs' one-shot compression against their streams, and the writer's reused compression slots. */
class OneShotCompressionTest {
    /** Native bytes: runs of repeated values and random noise, so blocks both shrink and do not. */
    private static MemorySegment data(int size, long seed) {
        Random random = new Random(seed);
        MemorySegment s = Arena.ofAuto().allocate(Math.max(size, 1), 64).asSlice(0, size);
        for (int i = 0; i < size; i++) {
            s.set(LittleEndian.BYTE, i, (byte) ((i / 4096) % 2 == 0 ? i % 7 : random.nextInt()));
        }
        return s;
    }

    private static byte[] streamed(CompressionCodec codec, MemorySegment source) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream os = codec.compressing(out)) {
            os.write(source.toArray(LittleEndian.BYTE));
        }
        return out.toByteArray();
    }

    private static byte[] oneShot(CompressionCodec codec, MemorySegment source) throws IOException {
        MemorySegment target = Arena.ofAuto().allocate(codec.maxCompressedSize(source.byteSize()) + 1, 64);
        long n = codec.compress(source, target.asSlice(0, codec.maxCompressedSize(source.byteSize())));
        assertTrue(n > 0);
        return target.asSlice(0, n).toArray(LittleEndian.BYTE);
    }

    private static byte[] inflate(CompressionCodec codec, byte[] compressed) throws IOException {
        try (InputStream in = codec.decompressing(new java.io.ByteArrayInputStream(compressed))) {
            return in.readAllBytes();
        }
    }

    @Test
    void lz4OneShotWritesTheBytesOfTheFrameStream() throws IOException {
        Lz4FrameCodec codec = new Lz4FrameCodec();
        for (int size : new int[] {0, 1, 100, 65_536, 65_537, 300_001}) {
            MemorySegment source = data(size, size);
            byte[] once = oneShot(codec, source);
            assertArrayEquals(streamed(codec, source), once, "size " + size);
            assertArrayEquals(source.toArray(LittleEndian.BYTE), inflate(codec, once));
        }
    }

    @Test
    void zstdOneShotRoundTripsAndRecordsTheContentSize() throws IOException {
        ZstdCodec codec = new ZstdCodec();
        assertEquals(1, ZstdCodec.DEFAULT_LEVEL);
        for (int size : new int[] {1, 1000, 200_000}) {
            MemorySegment source = data(size, size);
            byte[] once = oneShot(codec, source);
            assertEquals(size, com.github.luben.zstd.Zstd.getFrameContentSize(once));
            assertArrayEquals(source.toArray(LittleEndian.BYTE), inflate(codec, once));
        }
        assertEquals(-1, codec.compress(MemorySegment.ofArray(new byte[10]), Arena.ofAuto().allocate(100)),
                "heap sources take the stream");
    }

    @Test
    void bodyCompressionInSlotsReadsBack() throws IOException {
        CompressionSlots slots = new CompressionSlots();
        BufferAllocator allocator = BufferAllocator.managed();
        for (CompressionCodec codec : new CompressionCodec[] {new Lz4FrameCodec(), new ZstdCodec()}) {
            MemorySegment a = data(100_000, 1);
            MemorySegment b = data(150_000, 2);
            MemorySegment ca = BodyCompression.compress(ArrowBuffer.wrap(a), codec, allocator, n -> slots.slot(0, n));
            MemorySegment cb = BodyCompression.compress(ArrowBuffer.wrap(b), codec, allocator, n -> slots.slot(1, n));
            BodyCompression.Limit limit = new BodyCompression.Limit(Long.MAX_VALUE, Long.MAX_VALUE);
            assertArrayEquals(a.toArray(LittleEndian.BYTE), BodyCompression.decompress(ArrowBuffer.wrap(ca), codec, allocator,
                    "a", limit).toByteArray(), "slot 0 untouched by slot 1");
            assertArrayEquals(b.toArray(LittleEndian.BYTE), BodyCompression.decompress(ArrowBuffer.wrap(cb), codec, allocator,
                    "b", limit).toByteArray());
            assertArrayEquals(BodyCompression.compress(ArrowBuffer.wrap(a), codec, allocator).toArray(LittleEndian.BYTE),
                    ca.toArray(LittleEndian.BYTE), "the same bytes as in memory of the allocator");
        }
    }

    @Test
    void slotsAreReusedAndGrown() {
        CompressionSlots slots = new CompressionSlots();
        MemorySegment first = slots.slot(2, 1000);
        assertEquals(1000, first.byteSize());
        assertEquals(first.address(), slots.slot(2, 500).address(), "reused");
        MemorySegment grown = slots.slot(2, 5000);
        assertEquals(5000, grown.byteSize());
        MemorySegment other = slots.slot(0, 1000);
        assertTrue(other.address() + 1000 <= grown.address() || grown.address() + 5000 <= other.address(),
                "slots do not overlap");
    }
}
