// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;

/** The {@code --codec} choices: body compression of Arrow output. */
enum Codec {
    NONE(null), LZ4(CompressionType.LZ4_FRAME), ZSTD(CompressionType.ZSTD);

    private final CompressionType type;

    Codec(CompressionType type) {
        this.type = type;
    }

    /** The write options with this codec. */
    IpcWriteOptions writeOptions() {
        return IpcWriteOptions.DEFAULT.withCodec(type == null ? null : CompressionCodec.of(type));
    }

    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
