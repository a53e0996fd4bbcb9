// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.Lz4FrameCodec;
import dev.quiver.ipc.compression.ZstdCodec;
import org.apache.arrow.vector.compression.CompressionUtil;

/** A body compression setting as both implementations spell it (benchmark parameter values). */
public enum Codec {
    NONE, LZ4, ZSTD;

    /** The codec named by a benchmark parameter: none, lz4 or zstd. */
    public static Codec of(String name) {
        return valueOf(name.toUpperCase(java.util.Locale.ROOT));
    }

    /**
     * Quiver's write options for this codec (ZSTD at level 3, as arrow-java's default), compressing on the
     * calling thread: the benchmarks compare one thread with one thread, and {@link CpuTimes} counts
     * the calling thread's CPU time only.
     */
    public IpcWriteOptions quiver() {
        IpcWriteOptions oneThread = IpcWriteOptions.DEFAULT.withThreads(1);
        return switch (this) {
            case NONE -> oneThread;
            case LZ4 -> oneThread.withCodec(new Lz4FrameCodec());
            case ZSTD -> oneThread.withCodec(new ZstdCodec(3));
        };
    }

    /** arrow-java's codec type. */
    public CompressionUtil.CodecType arrow() {
        return switch (this) {
            case NONE -> CompressionUtil.CodecType.NO_COMPRESSION;
            case LZ4 -> CompressionUtil.CodecType.LZ4_FRAME;
            case ZSTD -> CompressionUtil.CodecType.ZSTD;
        };
    }
}
