package dev.quiver.ipc.compression;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** Zstandard compression, by zstd-jni, at a configurable level (default 3). */
public final class ZstdCodec implements CompressionCodec {
    private final int level;

    /** Zstandard at level 3. */
    public ZstdCodec() {
        this(3);
    }

    /** Zstandard at the given compression level. */
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
}
