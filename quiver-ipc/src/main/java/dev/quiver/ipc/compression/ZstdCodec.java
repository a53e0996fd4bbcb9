// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc.compression;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import dev.quiver.core.memory.LittleEndian;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Zstandard compression, by zstd-jni, at a configurable level (default 1, as Arrow C++ writes). Buffers
 * are compressed and decompressed in one call each where possible, with zstd contexts kept for reuse
 * (one per thread using the codec at once). A Zstandard block holds at
 * most 128 KiB and takes at least 4 bytes (an RLE block), so output beyond 2^15 times the input is
 * implausible: that bounds what a claimed length may make the reader allocate.
 */
public final class ZstdCodec implements CompressionCodec {
    private static final long MAX_RATIO = 1 << 15;
    private static final int MAGIC = 0xFD2FB528;
    private static final int[] DICTIONARY_ID_BYTES = {0, 1, 2, 4};

    /** The level of {@link #ZstdCodec()}: Arrow C++'s default for IPC body compression. */
    public static final int DEFAULT_LEVEL = 1;

    private final int level;
    private final Queue<ZstdCompressCtx> compressors = new ConcurrentLinkedQueue<>();
    private final Queue<ZstdDecompressCtx> decompressors = new ConcurrentLinkedQueue<>();

    /** Zstandard at level {@value #DEFAULT_LEVEL}, Arrow C++'s default. */
    public ZstdCodec() {
        this(DEFAULT_LEVEL);
    }

    /**
     * Zstandard at the given compression level.
     *
     * @param level the level passed to zstd-jni: higher compresses smaller and slower (3 is the zstd
     *     command's default, 1 Arrow C++'s)
     */
    public ZstdCodec(int level) {
        this.level = level;
    }

    @Override
    public CompressionType type() {
        return CompressionType.ZSTD;
    }

    @Override
    public OutputStream compressing(OutputStream sink) throws IOException {
        return new ZstdOutputStream(sink, level);
    }

    @Override
    public InputStream decompressing(InputStream source) throws IOException {
        return new ZstdInputStream(source);
    }

    @Override
    public long maxDecompressedSize(long compressedSize) {
        return compressedSize > Long.MAX_VALUE / MAX_RATIO ? Long.MAX_VALUE : compressedSize * MAX_RATIO;
    }

    /** One call into zstd-jni; -1 when the frame records a content size other than the target's. */
    @Override
    public long decompress(MemorySegment source, MemorySegment target) throws IOException {
        ByteBuffer src = source.asByteBuffer();
        ByteBuffer dst = target.asByteBuffer();
        long content = frameContentSize(source);
        if (content >= 0 && content != dst.capacity()) {
            return -1;
        }
        if (!src.isDirect() && !src.hasArray()) {
            return -1;
        }
        ZstdDecompressCtx context = decompressors.poll();
        if (context == null) {
            context = new ZstdDecompressCtx();
        }
        try {
            long n = src.isDirect() ? context.decompressDirectByteBuffer(dst, 0, dst.capacity(), src, 0, src.capacity())
                    : context.decompressByteArrayToDirectByteBuffer(dst, 0, dst.capacity(), src.array(),
                            src.arrayOffset() + src.position(), src.remaining());
            decompressors.offer(context);
            return n;
        } catch (ZstdException e) {
            context.close();
            throw new IOException("ZSTD: " + e.getMessage(), e);
        }
    }

    @Override
    public long maxCompressedSize(long size) {
        return size > Integer.MAX_VALUE ? 0 : Zstd.compressBound(size);
    }

    /** One zstd frame recording its content size, as Arrow C++ writes; -1 for a source not in native memory. */
    @Override
    public long compress(MemorySegment source, MemorySegment target) throws IOException {
        if (!source.isNative() || source.byteSize() > Integer.MAX_VALUE || target.byteSize() > Integer.MAX_VALUE) {
            return -1;
        }
        ZstdCompressCtx context = compressors.poll();
        if (context == null) {
            context = new ZstdCompressCtx().setLevel(level).setContentSize(true);
        }
        ByteBuffer src = source.asByteBuffer();
        ByteBuffer dst = target.asByteBuffer();
        try {
            long n = context.compressDirectByteBuffer(dst, 0, dst.capacity(), src, 0, src.capacity());
            compressors.offer(context);
            return n;
        } catch (ZstdException e) {
            context.close();
            throw new IOException("ZSTD: " + e.getMessage(), e);
        }
    }

    /**
     * The content size a Zstandard frame header records (RFC 8878, 3.1.1.1), or -1 when it records
     * none or the header is not a Zstandard frame's.
     */
    static long frameContentSize(MemorySegment frame) {
        if (frame.byteSize() < 5 || frame.get(LittleEndian.INT, 0) != MAGIC) {
            return -1;
        }
        int descriptor = frame.get(LittleEndian.BYTE, 4) & 0xFF;
        int sizeFlag = descriptor >>> 6;
        boolean singleSegment = (descriptor & 0x20) != 0;
        int at = 5 + (singleSegment ? 0 : 1) + DICTIONARY_ID_BYTES[descriptor & 3];
        int bytes = sizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << sizeFlag;
        if (bytes == 0 || frame.byteSize() < at + bytes) {
            return -1;
        }
        return switch (bytes) {
            case 1 -> frame.get(LittleEndian.BYTE, at) & 0xFF;
            case 2 -> (frame.get(LittleEndian.SHORT, at) & 0xFFFF) + 256;
            case 4 -> frame.get(LittleEndian.INT, at) & 0xFFFFFFFFL;
            default -> frame.get(LittleEndian.LONG, at);
        };
    }
}
