// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.codec;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.CompressionCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.io.OutputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import java.util.zip.Inflater;

/**
 * GZIP (RFC 1952) with the JDK's zlib: the header is parsed here and the deflate stream inflated straight
 * into the target; concatenated members are read in turn.
 */
final class GzipCodec implements PageCodec {
    static final GzipCodec INSTANCE = new GzipCodec(Deflater.DEFAULT_COMPRESSION);
    /** Deflate expands at most about 1032 times. */
    private static final long MAX_RATIO = 1032;

    private final int level;

    private GzipCodec(int level) {
        this.level = level;
    }

    /**
     * A GZIP codec writing at a level.
     *
     * @param level the deflate level, 0 (stored) to 9 (smallest)
     * @return the codec
     * @throws ParquetException if the level is outside 0 to 9
     */
    static GzipCodec atLevel(int level) {
        if (level < 0 || level > 9) {
            throw new ParquetException("GZIP compression level " + level + " is outside 0 to 9");
        }
        return new GzipCodec(level);
    }

    @Override
    public int code() {
        return CompressionCodec.GZIP;
    }

    @Override
    public long maxDecompressedSize(long compressedSize) {
        return compressedSize > Long.MAX_VALUE / MAX_RATIO ? Long.MAX_VALUE : compressedSize * MAX_RATIO + 64;
    }

    @Override
    public void decompress(MemorySegment source, MemorySegment target) {
        var in = source.asByteBuffer();
        var out = target.asByteBuffer();
        Inflater inflater = new Inflater(true);
        try {
            while (in.hasRemaining()) {
                skipHeader(in);
                inflater.reset();
                inflater.setInput(in);
                while (!inflater.finished()) {
                    if (inflater.inflate(out) == 0 && !inflater.finished()) {
                        if (!out.hasRemaining()) {
                            throw new ParquetException("GZIP data longer than the declared " + target.byteSize() + " bytes");
                        }
                        throw new ParquetException("GZIP data cut short");
                    }
                }
                if (in.remaining() < 8) {
                    throw new ParquetException("GZIP member without its trailer");
                }
                in.position(in.position() + 8);
            }
        } catch (DataFormatException e) {
            throw new ParquetException("malformed GZIP data: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
        if (out.hasRemaining()) {
            throw new ParquetException("GZIP data of " + out.position() + " bytes where the page declares "
                    + target.byteSize());
        }
    }

    private static void skipHeader(java.nio.ByteBuffer in) {
        if (in.remaining() < 10 || (in.get(in.position()) & 0xFF) != 0x1F || (in.get(in.position() + 1) & 0xFF) != 0x8B
                || in.get(in.position() + 2) != 8) {
            throw new ParquetException("not GZIP data (bad header)");
        }
        int flags = in.get(in.position() + 3) & 0xFF;
        in.position(in.position() + 10);
        if ((flags & 4) != 0) {
            need(in, 2);
            int xlen = (in.get() & 0xFF) | (in.get() & 0xFF) << 8;
            need(in, xlen);
            in.position(in.position() + xlen);
        }
        if ((flags & 8) != 0) {
            skipZeroTerminated(in);
        }
        if ((flags & 16) != 0) {
            skipZeroTerminated(in);
        }
        if ((flags & 2) != 0) {
            need(in, 2);
            in.position(in.position() + 2);
        }
    }

    private static void skipZeroTerminated(java.nio.ByteBuffer in) {
        while (true) {
            need(in, 1);
            if (in.get() == 0) {
                return;
            }
        }
    }

    private static void need(java.nio.ByteBuffer in, int n) {
        if (in.remaining() < n) {
            throw new ParquetException("GZIP header cut short");
        }
    }

    @Override
    public long maxCompressedSize(long size) {
        return size + (size >>> 12) + (size >>> 14) + (size >>> 25) + 64 + 18;
    }

    @Override
    public long compress(MemorySegment source, MemorySegment target) {
        var bytes = new ByteArrayOutputStream((int) Math.min(Integer.MAX_VALUE - 8, source.byteSize() / 2 + 64));
        try (GZIPOutputStream gzip = new LeveledGzip(bytes, level)) {
            gzip.write(Segments.array(source));
        } catch (IOException e) {
            throw new ParquetException("GZIP compression failed: " + e.getMessage(), e);
        }
        byte[] out = bytes.toByteArray();
        MemorySegment.copy(MemorySegment.ofArray(out), 0, target, 0, out.length);
        return out.length;
    }

    /** A GZIP stream whose deflater works at a given level. */
    private static final class LeveledGzip extends GZIPOutputStream {
        LeveledGzip(OutputStream out, int level) throws IOException {
            super(out);
            def.setLevel(level);
        }
    }
}
