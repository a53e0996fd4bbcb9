// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc.compression;

/** The body compression codecs of Message.fbs {@code CompressionType}. */
public enum CompressionType {
    /** The LZ4 frame format (not the raw block format). */
    LZ4_FRAME,
    /** Zstandard. */
    ZSTD;

    /**
     * The value of this codec in Message.fbs.
     *
     * @return the {@code CompressionType} value written in a record batch's {@code BodyCompression}
     */
    public byte flatbufferValue() {
        return (byte) ordinal();
    }

    /**
     * The codec of a Message.fbs value.
     *
     * @param value a {@code CompressionType} value as read from a record batch's {@code BodyCompression}
     * @return the codec, or null for a value this enum does not know
     */
    public static CompressionType ofFlatbufferValue(int value) {
        return value >= 0 && value < values().length ? values()[value] : null;
    }
}
