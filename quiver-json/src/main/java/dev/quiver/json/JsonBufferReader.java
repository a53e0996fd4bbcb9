package dev.quiver.json;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.LE;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.Precision;
import dev.quiver.json.JsonValue.JArray;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.HexFormat;

/** Decodes the JSON encodings of buffers (bits, integers, floats, decimals, hex) into Arrow buffers. */
final class JsonBufferReader {
    private static final HexFormat HEX = HexFormat.of();

    private final BufferAllocator allocator;

    JsonBufferReader(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    ArrowBuffer allocate(long size) {
        return allocator.allocate(size);
    }

    /** The validity bitmap of a {@code VALIDITY} array, or null when every slot is valid. */
    ArrowBuffer validity(JArray bits, String place) {
        ArrowBuffer buffer = bits(bits, place);
        long n = bits.size();
        return Bitmaps.countSet(buffer.segment(), 0, n) == n ? null : buffer;
    }

    /** A bitmap of 0/1 or true/false values. */
    ArrowBuffer bits(JArray values, String place) {
        int n = values.size();
        ArrowBuffer buffer = allocator.allocate(Bitmaps.bytesFor(n));
        MemorySegment segment = buffer.segment();
        for (int i = 0; i < n; i++) {
            if (JsonAccess.bit(values.get(i), place + "[" + i + "]")) {
                Bitmaps.set(segment, i, true);
            }
        }
        return buffer;
    }

    /** Integers of {@code bitWidth} bits, checked against the range of the type. */
    ArrowBuffer integers(JArray values, int bitWidth, boolean signed, String place) {
        int n = values.size();
        ArrowBuffer buffer = allocator.allocate((long) n * (bitWidth / 8));
        MemorySegment segment = buffer.segment();
        for (int i = 0; i < n; i++) {
            long v = integer(values.get(i), bitWidth, signed, place + "[" + i + "]");
            switch (bitWidth) {
                case 8 -> segment.set(LE.BYTE, i, (byte) v);
                case 16 -> segment.set(LE.SHORT, 2L * i, (short) v);
                case 32 -> segment.set(LE.INT, 4L * i, (int) v);
                default -> segment.set(LE.LONG, 8L * i, v);
            }
        }
        return buffer;
    }

    /** One integer, checked against the range of {@code bitWidth} bits; the raw bits for unsigned 64. */
    static long integer(JsonValue value, int bitWidth, boolean signed, String place) {
        if (bitWidth == 64 && !signed) {
            BigInteger big = JsonAccess.bigInteger(value, place);
            if (big.signum() < 0 || big.bitLength() > 64) {
                throw JsonFormatException.at(place, big + " is outside the range of uint64");
            }
            return big.longValue();
        }
        long v = JsonAccess.longValue(value, place);
        long min = signed ? (bitWidth == 64 ? Long.MIN_VALUE : -(1L << (bitWidth - 1))) : 0;
        long max = signed ? (bitWidth == 64 ? Long.MAX_VALUE : (1L << (bitWidth - 1)) - 1) : (1L << bitWidth) - 1;
        if (v < min || v > max) {
            throw JsonFormatException.at(place, v + " is outside the range of " + (signed ? "int" : "uint")
                    + bitWidth);
        }
        return v;
    }

    /** Offsets or sizes as longs (32-bit ones as JSON numbers, 64-bit ones usually as strings). */
    static long[] longs(JArray values, int bitWidth, String place) {
        long[] out = new long[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = integer(values.get(i), bitWidth, true, place + "[" + i + "]");
        }
        return out;
    }

    /** Floating point numbers of the given precision (NaN and infinities may be strings). */
    ArrowBuffer floats(JArray values, Precision precision, String place) {
        int n = values.size();
        int width = precision.bitWidth() / 8;
        ArrowBuffer buffer = allocator.allocate((long) n * width);
        MemorySegment segment = buffer.segment();
        for (int i = 0; i < n; i++) {
            String text = JsonAccess.numberText(values.get(i), place + "[" + i + "]");
            try {
                switch (precision) {
                    case HALF -> segment.set(LE.SHORT, 2L * i, HalfFloat.fromFloat(Float.parseFloat(text)));
                    case SINGLE -> segment.set(LE.FLOAT, 4L * i, Float.parseFloat(text));
                    case DOUBLE -> segment.set(LE.DOUBLE, 8L * i, Double.parseDouble(text));
                }
            } catch (NumberFormatException e) {
                throw JsonFormatException.at(place + "[" + i + "]", "not a number: " + text);
            }
        }
        return buffer;
    }

    /** Unscaled decimal integers (strings) as two's complement of {@code byteWidth} bytes. */
    ArrowBuffer decimals(JArray values, int byteWidth, String place) {
        int n = values.size();
        ArrowBuffer buffer = allocator.allocate((long) n * byteWidth);
        for (int i = 0; i < n; i++) {
            BigInteger v = JsonAccess.bigInteger(values.get(i), place + "[" + i + "]");
            if (v.bitLength() >= byteWidth * 8) {
                throw JsonFormatException.at(place + "[" + i + "]", v + " does not fit in " + byteWidth * 8
                        + " bits");
            }
            WideIntegers.write(buffer.segment(), (long) i * byteWidth, byteWidth, v);
        }
        return buffer;
    }

    /** Bytes from a hex string. */
    static byte[] hex(String text, String place) {
        try {
            return HEX.parseHex(text);
        } catch (IllegalArgumentException e) {
            throw JsonFormatException.at(place, "not a hex string: " + abbreviate(text));
        }
    }

    /** A buffer holding the bytes of a hex string. */
    ArrowBuffer hexBuffer(String text, String place) {
        byte[] bytes = hex(text, place);
        ArrowBuffer buffer = allocator.allocate(bytes.length);
        MemorySegment.copy(bytes, 0, buffer.segment(), LE.BYTE, 0, bytes.length);
        return buffer;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
