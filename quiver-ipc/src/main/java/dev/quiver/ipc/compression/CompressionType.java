package dev.quiver.ipc.compression;

/** The body compression codecs of Message.fbs {@code CompressionType}. */
public enum CompressionType {
    /** The LZ4 frame format (not the raw block format). */
    LZ4_FRAME,
    /** Zstandard. */
    ZSTD;

    /** The value of this codec in Message.fbs. */
    public byte flatbufferValue() {
        return (byte) ordinal();
    }

    /** The codec of a Message.fbs value, or null for an unknown value. */
    public static CompressionType ofFlatbufferValue(int value) {
        return value >= 0 && value < values().length ? values()[value] : null;
    }
}
