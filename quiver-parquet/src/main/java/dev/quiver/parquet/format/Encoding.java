// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

/** Codes of Parquet's encodings ({@code Encoding} in parquet.thrift). */
public final class Encoding {
    /** Values one after another. */
    public static final int PLAIN = 0;
    /** Dictionary indices (legacy name of RLE_DICTIONARY for data pages; PLAIN for dictionary pages). */
    public static final int PLAIN_DICTIONARY = 2;
    /** The RLE/bit-packing hybrid. */
    public static final int RLE = 3;
    /** Bit-packed levels (deprecated). */
    public static final int BIT_PACKED = 4;
    /** Delta encoding of integers. */
    public static final int DELTA_BINARY_PACKED = 5;
    /** Delta-encoded lengths, then the bytes. */
    public static final int DELTA_LENGTH_BYTE_ARRAY = 6;
    /** Incremental (prefix) encoding of byte arrays. */
    public static final int DELTA_BYTE_ARRAY = 7;
    /** Dictionary indices in the RLE/bit-packing hybrid. */
    public static final int RLE_DICTIONARY = 8;
    /** The bytes of values split into streams. */
    public static final int BYTE_STREAM_SPLIT = 9;
    /** Adaptive lossless floating-point compression. */
    public static final int ALP = 10;

    private static final String[] NAMES = {
        "PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED", "DELTA_BINARY_PACKED",
        "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY", "RLE_DICTIONARY", "BYTE_STREAM_SPLIT", "ALP"
    };

    private Encoding() {}

    /**
     * The name of a code.
     *
     * @param code the code
     * @return its name, or "encoding N" for a code this version does not know
     */
    public static String name(int code) {
        return code >= 0 && code < NAMES.length ? NAMES[code] : "encoding " + code;
    }
}
