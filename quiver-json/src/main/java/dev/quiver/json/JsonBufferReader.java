// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.Precision;
import dev.quiver.json.JsonScalars.BadValue;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the JSON arrays that encode buffers (bits, integers, floats, decimals, hex) token by token
 * straight into Arrow buffers. Each method starts at the array's first token and ends at its last;
 * {@code key} and {@code place} name the member in messages, with the index of the entry at fault.
 */
final class JsonBufferReader {
    private final BufferAllocator allocator;
    private final JsonInput in;
    private final JsonParser parser;

    JsonBufferReader(BufferAllocator allocator, JsonInput in) {
        this.allocator = allocator;
        this.in = in;
        this.parser = in.parser();
    }

    /** A JSON array decoded into a buffer: the bytes and the number of entries. */
    record Decoded(ArrowBuffer buffer, long entries) {
    }

    /** How the entries of an array encode a buffer. */
    private enum Kind {
        BITS, INTEGER, FLOAT, DECIMAL, FIXED_SIZE_BINARY
    }

    ArrowBuffer allocate(long size) {
        return allocator.allocate(size);
    }

    /** A buffer to append to, from this reader's allocator. */
    GrowableBuffer growable() {
        return new GrowableBuffer(allocator);
    }

    JsonInput input() {
        return in;
    }

    /** The place of entry {@code i} of member {@code key}. */
    static String entry(String place, String key, long i) {
        return place + "." + key + "[" + i + "]";
    }

    /** A bitmap of 0/1 or true/false values. */
    Decoded bits(String key, String place) throws IOException {
        return decode(key, place, Kind.BITS, 1, false, null);
    }

    /** Integers of {@code bitWidth} bits, checked against the range of the type. */
    Decoded integers(String key, int bitWidth, boolean signed, String place) throws IOException {
        return decode(key, place, Kind.INTEGER, bitWidth, signed, null);
    }

    /** Floating point numbers of the given precision (NaN and infinities may be strings). */
    Decoded floats(String key, Precision precision, String place) throws IOException {
        return decode(key, place, Kind.FLOAT, precision.bitWidth(), true, precision);
    }

    /** Unscaled decimal integers (strings) as two's complement of {@code byteWidth} bytes. */
    Decoded decimals(String key, int byteWidth, String place) throws IOException {
        return decode(key, place, Kind.DECIMAL, byteWidth * 8, true, null);
    }

    /** Hex values of {@code width} bytes each; an empty string (as written for nulls) is zeros. */
    Decoded fixedSizeBinary(String key, int width, String place) throws IOException {
        return decode(key, place, Kind.FIXED_SIZE_BINARY, width * 8, false, null);
    }

    /**
     * Decodes every entry of the array as {@code kind} says, {@code bitWidth} bits each; a
     * {@link BadValue} is reported at {@code place.key[index]}.
     */
    private Decoded decode(String key, String place, Kind kind, int bitWidth, boolean signed, Precision precision)
            throws IOException {
        in.expectArray(key, place);
        GrowableBuffer out = growable();
        long i = 0;
        try {
            while (in.nextValue() != JsonToken.END_ARRAY) {
                switch (kind) {
                    case BITS -> bit(out, i);
                    case INTEGER -> integer(out, bitWidth, signed);
                    case FLOAT -> floatingPoint(out, precision);
                    case DECIMAL -> decimal(out, bitWidth / 8);
                    case FIXED_SIZE_BINARY -> fixedSizeBinary(out, bitWidth / 8);
                }
                i++;
            }
        } catch (BadValue e) {
            throw JsonFormatException.at(entry(place, key, i), e.getMessage());
        }
        return new Decoded(out.finish(), i);
    }

    private void bit(GrowableBuffer out, long i) throws IOException {
        if ((i & 7) == 0) {
            out.appendByte((byte) 0);
        }
        if (JsonScalars.bit(parser)) {
            Bitmaps.set(out.segment(), i, true);
        }
    }

    private void integer(GrowableBuffer out, int bitWidth, boolean signed) throws IOException {
        long v = JsonScalars.integer(parser, bitWidth, signed);
        switch (bitWidth) {
            case 8 -> out.appendByte((byte) v);
            case 16 -> out.appendShort((short) v);
            case 32 -> out.appendInt((int) v);
            default -> out.appendLong(v);
        }
    }

    private void floatingPoint(GrowableBuffer out, Precision precision) throws IOException {
        String text = JsonScalars.numberText(parser);
        try {
            switch (precision) {
                case HALF -> out.appendShort(HalfFloat.fromFloat(Float.parseFloat(text)));
                case SINGLE -> out.appendFloat(Float.parseFloat(text));
                case DOUBLE -> out.appendDouble(Double.parseDouble(text));
            }
        } catch (NumberFormatException e) {
            throw new BadValue("not a number: " + JsonInput.abbreviate(text));
        }
    }

    private void decimal(GrowableBuffer out, int byteWidth) throws IOException {
        BigInteger v = JsonScalars.bigInteger(parser);
        if (v.bitLength() >= byteWidth * 8) {
            throw new BadValue(JsonInput.abbreviate(v.toString()) + " does not fit in " + byteWidth * 8 + " bits");
        }
        long at = out.size();
        out.setSize(at + byteWidth);
        WideIntegers.write(out.segment(), at, byteWidth, v);
    }

    private void fixedSizeBinary(GrowableBuffer out, int width) throws IOException {
        long bytes = JsonScalars.appendHex(parser, out);
        if (bytes == 0) {
            out.appendZeros(width);
        } else if (bytes != width) {
            throw new BadValue(bytes + " bytes where the width is " + width);
        }
    }

    /** One buffer per hex string of the array. */
    List<ArrowBuffer> hexBuffers(String key, String place) throws IOException {
        in.expectArray(key, place);
        List<ArrowBuffer> out = new ArrayList<>();
        GrowableBuffer bytes = growable();
        while (in.nextValue() != JsonToken.END_ARRAY) {
            try {
                JsonScalars.appendHex(parser, bytes);
            } catch (BadValue e) {
                throw JsonFormatException.at(entry(place, key, out.size()), e.getMessage());
            }
            out.add(bytes.finish());
        }
        return out;
    }

    /** The current token as a 32-bit integer, for members such as {@code count}. */
    int intMember(String key, String place) throws IOException {
        long v;
        try {
            v = JsonScalars.longValue(parser);
        } catch (BadValue e) {
            throw JsonFormatException.at(place + "." + key, e.getMessage());
        }
        if (v != (int) v) {
            throw JsonFormatException.at(place, "\"" + key + "\" is out of range: " + v);
        }
        return (int) v;
    }

    /** The current string token, for members such as {@code name}. */
    String stringMember(String key, String place) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            throw JsonFormatException.at(place, "\"" + key + "\" must be a string, not " + in.describeCurrent());
        }
        return parser.getText();
    }
}
