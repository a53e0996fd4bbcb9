// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.CompressionCodec;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PageCodecTest {
    private static final int[] WRITABLE = {
        CompressionCodec.UNCOMPRESSED, CompressionCodec.SNAPPY, CompressionCodec.GZIP, CompressionCodec.LZ4,
        CompressionCodec.ZSTD, CompressionCodec.LZ4_RAW
    };

    private static byte[] sample(int n) {
        byte[] b = new byte[n];
        Random r = new Random(n);
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i % 7 == 0 ? r.nextInt() : i / 13);
        }
        return b;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 100, 70_000, 1 << 20})
    void everyWritableCodecRoundTripsOnNativeAndHeapSegments(int size) {
        byte[] data = sample(size);
        for (int code : WRITABLE) {
            PageCodec codec = PageCodec.of(code);
            try (Arena arena = Arena.ofConfined()) {
                for (boolean offHeap : new boolean[] {true, false}) {
                    MemorySegment src = offHeap ? arena.allocate(Math.max(1, size)).asSlice(0, size)
                            : MemorySegment.ofArray(new byte[size]);
                    src.copyFrom(MemorySegment.ofArray(data));
                    long bound = codec.maxCompressedSize(size);
                    MemorySegment packed = offHeap ? arena.allocate(bound) : MemorySegment.ofArray(new byte[(int) bound]);
                    long n = codec.compress(src, packed);
                    MemorySegment out = offHeap ? arena.allocate(Math.max(1, size)).asSlice(0, size)
                            : MemorySegment.ofArray(new byte[size]);
                    codec.decompress(packed.asSlice(0, n), out);
                    assertArrayEquals(data, out.toArray(ValueLayout.JAVA_BYTE), CompressionCodec.name(code));
                }
            }
        }
    }

    @Test
    void compressionReadsAndWritesHeapSlicesWhereTheyLie() {
        byte[] data = sample(50_000);
        for (int code : WRITABLE) {
            PageCodec codec = PageCodec.of(code);
            byte[] around = new byte[data.length + 20];
            Arrays.fill(around, (byte) 0x5A);
            System.arraycopy(data, 0, around, 7, data.length);
            MemorySegment src = MemorySegment.ofArray(around).asSlice(7, data.length);
            long bound = codec.maxCompressedSize(data.length);
            byte[] target = new byte[(int) bound + 30];
            Arrays.fill(target, (byte) 0x33);
            long n = codec.compress(src, MemorySegment.ofArray(target).asSlice(11, bound));
            for (int i = 0; i < 11; i++) {
                assertEquals((byte) 0x33, target[i], "nothing written before the target slice");
            }
            byte[] out = new byte[data.length];
            codec.decompress(MemorySegment.ofArray(target).asSlice(11, n), MemorySegment.ofArray(out));
            assertArrayEquals(data, out, CompressionCodec.name(code));
        }
    }

    @Test
    void aWrongDeclaredSizeIsAnError() {
        byte[] data = sample(10_000);
        for (int code : WRITABLE) {
            PageCodec codec = PageCodec.of(code);
            byte[] packed = new byte[(int) codec.maxCompressedSize(data.length)];
            long n = codec.compress(MemorySegment.ofArray(data), MemorySegment.ofArray(packed));
            MemorySegment source = MemorySegment.ofArray(packed).asSlice(0, n);
            for (int declared : new int[] {data.length - 1, data.length + 1}) {
                assertThrows(ParquetException.class, () -> codec.decompress(source, MemorySegment.ofArray(new byte[declared])),
                        CompressionCodec.name(code) + " declared " + declared);
            }
        }
    }

    @Test
    void garbageEndsInParquetException() {
        Random r = new Random(42);
        for (int code : new int[] {
            CompressionCodec.SNAPPY, CompressionCodec.GZIP, CompressionCodec.LZ4, CompressionCodec.ZSTD,
            CompressionCodec.LZ4_RAW, CompressionCodec.BROTLI
        }) {
            PageCodec codec = PageCodec.of(code);
            for (int i = 0; i < 200; i++) {
                byte[] junk = new byte[r.nextInt(64)];
                r.nextBytes(junk);
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment src = arena.allocate(Math.max(1, junk.length)).asSlice(0, junk.length);
                    src.copyFrom(MemorySegment.ofArray(junk));
                    MemorySegment out = arena.allocate(1000);
                    try {
                        codec.decompress(src, out);
                    } catch (ParquetException expected) {
                        assertTrue(expected.getMessage() != null && !expected.getMessage().isBlank());
                    }
                }
            }
        }
    }

    @Test
    void declaredSizesPastTheFormatsRatioOrTheLimitAreRefused() {
        // Snappy cannot expand 10 bytes to 1 MB; a zstd page cannot claim more than the reader's limit.
        ParquetException bomb = assertThrows(ParquetException.class,
                () -> PageCodec.of(CompressionCodec.SNAPPY).checkDeclaredSize(1 << 20, 10, Long.MAX_VALUE, "page 0"));
        assertTrue(bomb.getMessage().contains("decompression bomb"), bomb.getMessage());
        assertThrows(ParquetException.class,
                () -> PageCodec.of(CompressionCodec.ZSTD).checkDeclaredSize(1L << 40, 10, 1 << 30, "page 0"));
        PageCodec.of(CompressionCodec.ZSTD).checkDeclaredSize(1 << 20, 10, 1 << 30, "page 0");
    }

    @Test
    void brotliWritingIsRefusedAndLzoIsUnsupported() {
        ParquetException e = assertThrows(ParquetException.class, () -> PageCodec.of(CompressionCodec.BROTLI)
                .compress(MemorySegment.ofArray(new byte[4]), MemorySegment.ofArray(new byte[100])));
        assertTrue(e.getMessage().contains("BROTLI"), e.getMessage());
        assertThrows(ParquetException.class, () -> PageCodec.of(CompressionCodec.LZO));
        assertEquals(CompressionCodec.ZSTD, PageCodec.of(CompressionCodec.ZSTD).code());
    }
}
