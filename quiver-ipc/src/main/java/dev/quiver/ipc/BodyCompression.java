// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.QuiverException;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.util.function.LongFunction;

/**
 * Buffer compression of record batch bodies: each buffer on its own, behind its uncompressed length as
 * a little-endian int64, or -1 and the raw bytes when compression would not make it smaller.
 */
final class BodyCompression {
    private static final int CHUNK = 1 << 16;
    private static final int MAX_IDLE_READS = 1000;

    /**
     * The most bytes one buffer may decompress to: what its array's type and length need, padded to the
     * 64-byte alignment writers may keep ({@code need}), and what is left of the batch's
     * {@link IpcReadOptions#maxDecompressedBytes()} ({@code left}).
     */
    record Limit(long need, long left) {
        long bytes() {
            return Math.min(padded(need), left);
        }

        private static long padded(long n) {
            return n > Long.MAX_VALUE - BufferAllocator.ALIGNMENT ? Long.MAX_VALUE : BufferAllocator.padded(n);
        }

        IpcException exceeded(String where, long claimed) {
            String bound = padded(need) <= left
                    ? "the " + padded(need) + " bytes its array's type and length allow (" + need + " needed)"
                    : "the " + left + " bytes left of the batch's limit (IpcReadOptions.maxDecompressedBytes)";
            return new IpcException(where + ": decompresses to more than " + bound + "; its length prefix claims "
                    + claimed + " bytes");
        }
    }

    private BodyCompression() {
    }

    /** The compressed form of one buffer (empty for an empty buffer), in memory of {@code allocator}. */
    static MemorySegment compress(ArrowBuffer buffer, CompressionCodec codec, BufferAllocator allocator)
            throws IOException {
        return compress(buffer, codec, allocator, null);
    }

    /**
     * The compressed form of one buffer (empty for an empty buffer), in memory {@code target} gives (a
     * segment of at least the bytes asked for) when not null, else in memory of {@code allocator}.
     */
    static MemorySegment compress(ArrowBuffer buffer, CompressionCodec codec, BufferAllocator allocator,
            LongFunction<MemorySegment> target) throws IOException {
        long size = buffer == null ? 0 : buffer.byteSize();
        if (size == 0) {
            return MemorySegment.NULL;
        }
        MemorySegment once = compressAtOnce(buffer, codec, allocator, target);
        if (once != null) {
            return once;
        }
        GrowableBuffer out = new GrowableBuffer(allocator);
        out.appendLong(size);
        byte[] chunk = new byte[(int) Math.min(CHUNK, size)];
        try (OutputStream os = codec.compressing(SegmentStreams.writing(out))) {
            for (long at = 0; at < size; at += chunk.length) {
                int n = (int) Math.min(chunk.length, size - at);
                MemorySegment.copy(buffer.segment(), LittleEndian.BYTE, at, chunk, 0, n);
                os.write(chunk, 0, n);
            }
        }
        if (out.size() >= size + 8) {
            out.clear();
            out.appendLong(-1);
            out.appendBytes(buffer.segment(), 0, size);
        }
        return out.finish().segment();
    }

    /**
     * The compressed form of a buffer made in one call of the codec into one allocation, or null when the
     * codec has no such path for it (or the buffer lies in a file mapping, which no native codec reads).
     */
    private static MemorySegment compressAtOnce(ArrowBuffer buffer, CompressionCodec codec, BufferAllocator allocator,
            LongFunction<MemorySegment> target) throws IOException {
        MemorySegment source = buffer.segment();
        long size = source.byteSize();
        long bound = MappedFile.inMapping(source) ? 0 : codec.maxCompressedSize(size);
        if (bound <= 0) {
            return null;
        }
        long bytes = 8 + Math.max(bound, size);
        MemorySegment out = target != null ? target.apply(bytes) : allocator.allocateForOverwrite(bytes).segment();
        long n = codec.compress(source, out.asSlice(8, bound));
        if (n < 0) {
            return null;
        }
        if (n >= size) {
            out.set(LittleEndian.LONG, 0, -1);
            MemorySegment.copy(source, 0, out, 8, size);
            return out.asSlice(0, 8 + size);
        }
        out.set(LittleEndian.LONG, 0, size);
        return out.asSlice(0, 8 + n);
    }

    /**
     * The decompressed bytes of one body buffer. When the length prefix is plausible for the payload
     * ({@link CompressionCodec#maxDecompressedSize}) the codec decompresses in one call into a buffer of
     * exactly that size; otherwise, or when that fails or yields another size, the buffer is streamed:
     * memory then grows only as the codec really produces bytes. The length prefix bounds the output
     * for ZSTD; for LZ4 frames the frame itself delimits the output (which also reads files whose prefix
     * holds the compressed length, as apache-arrow JS writes them). Nothing returned lies in a file
     * mapping, and no native codec reads one (see {@link MappedFile}).
     */
    static ArrowBuffer decompress(ArrowBuffer raw, CompressionCodec codec, BufferAllocator allocator, String where,
            Limit limit) {
        long length = raw.byteSize();
        if (length == 0) {
            return raw;
        }
        if (length < 8) {
            throw new IpcException(where + ": a compressed buffer of " + length + " bytes has no length prefix");
        }
        long claimed = raw.getLong(0);
        ArrowBuffer payload = raw.slice(8, length - 8);
        if (claimed == -1) {
            if (payload.byteSize() > limit.left()) {
                throw new IpcException(where + ": its " + payload.byteSize() + " bytes exceed the " + limit.left()
                        + " bytes left of the batch's limit (IpcReadOptions.maxDecompressedBytes)");
            }
            return MappedFile.inMapping(payload.segment()) ? copy(payload, allocator, where) : payload;
        }
        if (claimed < -1) {
            throw new IpcException(where + ": invalid uncompressed length " + claimed);
        }
        if (claimed == 0) {
            return ArrowBuffer.EMPTY;
        }
        boolean frameDelimited = codec.type() == CompressionType.LZ4_FRAME;
        if (claimed > limit.bytes() && !frameDelimited) {
            throw limit.exceeded(where, claimed);
        }
        ArrowBuffer direct = claimed > limit.bytes() ? null
                : decompressAtOnce(payload, claimed, codec, allocator, where);
        if (direct != null) {
            return direct;
        }
        return decompressStreaming(payload, claimed, frameDelimited, codec, allocator, where, limit);
    }

    /**
     * The buffer decompressed in one call into exactly {@code claimed} bytes, or null when the claim is
     * implausible, the codec cannot do it, or the output has another size. Only a plausible claim is
     * allocated; if the allocator refuses it, that is the error.
     */
    private static ArrowBuffer decompressAtOnce(ArrowBuffer payload, long claimed, CompressionCodec codec,
            BufferAllocator allocator, String where) {
        MemorySegment source = payload.segment();
        if (claimed > Integer.MAX_VALUE || source.byteSize() > Integer.MAX_VALUE
                || claimed > codec.maxDecompressedSize(source.byteSize())) {
            return null;
        }
        if (MappedFile.inMapping(source)) {
            // Native codecs never read a mapping: a file shrinking under it would crash the JVM there,
            // where this copy fails with an InternalError that the file reader reports.
            source = ScratchCopy.of(source);
        }
        ArrowBuffer out;
        try {
            out = allocator.allocateForOverwrite(claimed);
        } catch (QuiverException e) {
            throw new IpcException(where + ": " + e.getMessage(), e);
        }
        try {
            if (codec.decompress(source, out.segment().asSlice(0, claimed)) == claimed) {
                return out;
            }
        } catch (IOException | RuntimeException e) {
            // Malformed data or a wrong claim: the streaming path reports it precisely.
        }
        allocator.release(out);
        return null;
    }

    /**
     * A copy of a buffer stored uncompressed in a mapping: the buffers of a compressed batch never point
     * into a file that may shrink under its mapping.
     */
    private static ArrowBuffer copy(ArrowBuffer payload, BufferAllocator allocator, String where) {
        ArrowBuffer out;
        try {
            out = allocator.allocateForOverwrite(payload.byteSize());
        } catch (QuiverException e) {
            throw new IpcException(where + ": " + e.getMessage(), e);
        }
        out.copyFrom(payload, 0, 0, payload.byteSize());
        return out;
    }

    /**
     * Decompresses through the codec's stream, reading at most one byte past what may come out (the
     * claim for ZSTD, the limit for LZ4 frames): memory grows only as the codec really produces bytes,
     * and never to much more than the limit.
     */
    private static ArrowBuffer decompressStreaming(ArrowBuffer payload, long claimed, boolean frameDelimited,
            CompressionCodec codec, BufferAllocator allocator, String where, Limit limit) {
        long cap = Math.min(frameDelimited ? limit.bytes() : claimed, Long.MAX_VALUE - 1);
        GrowableBuffer out = new GrowableBuffer(allocator);
        try (InputStream in = codec.decompressing(SegmentStreams.reading(payload.segment()))) {
            out.ensureCapacity(Math.min(Math.min(claimed, cap + 1), Math.max(CHUNK, payload.byteSize() * 4)));
            byte[] chunk = new byte[CHUNK];
            int idle = 0;
            while (out.size() <= cap) {
                int r = in.read(chunk, 0, (int) Math.min(chunk.length, cap - out.size() + 1));
                if (r < 0) {
                    break;
                }
                idle = r == 0 ? idle + 1 : 0;
                if (idle > MAX_IDLE_READS) {
                    throw new IpcException(where + ": the " + codec.type() + " codec makes no progress");
                }
                out.appendBytes(chunk, 0, r);
            }
        } catch (IOException | RuntimeException e) {
            out.clear();
            if (e instanceof QuiverException q && !(e instanceof IpcException)) {
                throw new IpcException(where + ": " + q.getMessage(), q);
            }
            if (e instanceof IpcException i) {
                throw i;
            }
            throw new IpcException(where + ": cannot decompress " + codec.type() + " data (" + e + ")", e);
        }
        if (frameDelimited && out.size() > cap) {
            out.clear();
            throw limit.exceeded(where, claimed);
        }
        if (!frameDelimited && out.size() != claimed) {
            long got = out.size();
            out.clear();
            throw new IpcException(where + ": decompressed to " + (got > claimed ? "more than " + claimed : got)
                    + " bytes where the prefix says " + claimed);
        }
        return out.finish();
    }
}
