package dev.quiver.ipc.compression;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;

/**
 * LZ4 frame format: compressed by lz4-java (independent blocks), decompressed by {@link Lz4FrameDecoder},
 * which also reads linked blocks.
 */
public final class Lz4FrameCodec implements CompressionCodec {
    @Override
    public CompressionType type() {
        return CompressionType.LZ4_FRAME;
    }

    @Override
    public OutputStream compressing(OutputStream sink) throws IOException {
        return new LZ4FrameOutputStream(sink);
    }

    @Override
    public InputStream decompressing(InputStream source) throws IOException {
        return new Lz4FrameDecoder(source);
    }
}
