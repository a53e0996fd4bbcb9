// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.LittleEndian;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/**
 * Decodes the scalar at a parser's current token: integers (JSON numbers, or strings as the format
 * writes 64-bit ones), numbers, bits, and strings as UTF-8 or hex bytes appended straight to a buffer.
 * A value that does not decode raises {@link BadValue}, which the caller turns into a
 * {@link JsonFormatException} naming the place, so that no place is built for values that decode.
 */
final class JsonScalars {
    /** The most characters of an integer read at any width. */
    static final int MAX_INTEGER_LENGTH = 1000;

    private JsonScalars() {
    }

    /** A value that does not decode; the message says why, the caller adds where. */
    static final class BadValue extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadValue(String problem) {
            super(problem, null, false, false);
        }
    }

    /** One integer, checked against the range of {@code bitWidth} bits; the raw bits for unsigned 64. */
    static long integer(JsonParser p, int bitWidth, boolean signed) throws IOException {
        if (bitWidth == 64 && !signed) {
            return uint64(p);
        }
        long v = longValue(p);
        long min = signed ? (bitWidth == 64 ? Long.MIN_VALUE : -(1L << (bitWidth - 1))) : 0;
        long max = signed ? (bitWidth == 64 ? Long.MAX_VALUE : (1L << (bitWidth - 1)) - 1) : (1L << bitWidth) - 1;
        if (v < min || v > max) {
            throw new BadValue(v + " is outside the range of " + (signed ? "int" : "uint") + bitWidth);
        }
        return v;
    }

    private static long uint64(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NUMBER_INT && fitsLong(p)) {
            long v = p.getLongValue();
            if (v < 0) {
                throw new BadValue(v + " is outside the range of uint64");
            }
            return v;
        }
        BigInteger big = bigInteger(p);
        if (big.signum() < 0 || big.bitLength() > 64) {
            throw new BadValue(big + " is outside the range of uint64");
        }
        return big.longValue();
    }

    /** A 64-bit integer. */
    static long longValue(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NUMBER_INT && fitsLong(p)) {
            return p.getLongValue();
        }
        String text = integerText(p);
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new BadValue("not a 64-bit integer: " + JsonInput.abbreviate(text));
        }
    }

    /**
     * An integer of up to {@link #MAX_INTEGER_LENGTH} characters (far more than any decimal needs):
     * parsing a longer one would take time quadratic in its length.
     */
    static BigInteger bigInteger(JsonParser p) throws IOException {
        String text = integerText(p);
        if (text.length() > MAX_INTEGER_LENGTH) {
            throw new BadValue("an integer of " + text.length() + " characters is too long (at most "
                    + MAX_INTEGER_LENGTH + ")");
        }
        try {
            return new BigInteger(text);
        } catch (NumberFormatException e) {
            throw new BadValue("not an integer: " + JsonInput.abbreviate(text));
        }
    }

    private static boolean fitsLong(JsonParser p) throws IOException {
        JsonParser.NumberType type = p.getNumberType();
        return type == JsonParser.NumberType.INT || type == JsonParser.NumberType.LONG;
    }

    private static String integerText(JsonParser p) throws IOException {
        return switch (p.currentToken()) {
            case VALUE_NUMBER_INT -> p.getText();
            case VALUE_STRING -> p.getText().trim();
            default -> throw new BadValue("expected an integer, found " + JsonInput.describe(p));
        };
    }

    /** A JSON number, or one of the strings NaN, Infinity, -Infinity (or a number in a string). */
    static String numberText(JsonParser p) throws IOException {
        return switch (p.currentToken()) {
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.getText();
            case VALUE_STRING -> p.getText().trim();
            default -> throw new BadValue("expected a number, found " + JsonInput.describe(p));
        };
    }

    /** 1/0 or true/false. */
    static boolean bit(JsonParser p) throws IOException {
        switch (p.currentToken()) {
            case VALUE_TRUE:
                return true;
            case VALUE_FALSE:
                return false;
            case VALUE_NUMBER_INT:
                if (p.getTextLength() == 1) {
                    char c = p.getTextCharacters()[p.getTextOffset()];
                    if (c == '0' || c == '1') {
                        return c == '1';
                    }
                }
                break;
            default:
                break;
        }
        throw new BadValue("expected 0, 1, true or false, found " + JsonInput.describe(p));
    }

    /** Fails unless the current token is a string. */
    static void expectString(JsonParser p) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw new BadValue("expected a string, found " + JsonInput.describe(p));
        }
    }

    /** The string at the current token. */
    static String text(JsonParser p) throws IOException {
        expectString(p);
        return p.getText();
    }

    /**
     * Appends the UTF-8 encoding of the string at the current token and returns its byte count. A lone
     * surrogate has no UTF-8 encoding and fails rather than turning into another character.
     */
    static long appendUtf8(JsonParser p, GrowableBuffer out) throws IOException {
        expectString(p);
        char[] chars = p.getTextCharacters();
        int from = p.getTextOffset();
        int end = from + p.getTextLength();
        long start = out.size();
        out.ensureCapacity(start + 3L * (end - from));
        MemorySegment s = out.segment();
        long at = start;
        for (int k = from; k < end; k++) {
            char c = chars[k];
            if (c < 0x80) {
                s.set(LittleEndian.BYTE, at++, (byte) c);
            } else if (c < 0x800) {
                s.set(LittleEndian.BYTE, at++, (byte) (0xC0 | c >> 6));
                s.set(LittleEndian.BYTE, at++, (byte) (0x80 | c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || k + 1 == end || !Character.isLowSurrogate(chars[k + 1])) {
                    throw new BadValue("the string holds a lone surrogate (U+" + Integer.toHexString(c)
                            .toUpperCase(java.util.Locale.ROOT) + "), which has no UTF-8 encoding");
                }
                int cp = Character.toCodePoint(c, chars[++k]);
                s.set(LittleEndian.BYTE, at++, (byte) (0xF0 | cp >> 18));
                s.set(LittleEndian.BYTE, at++, (byte) (0x80 | cp >> 12 & 0x3F));
                s.set(LittleEndian.BYTE, at++, (byte) (0x80 | cp >> 6 & 0x3F));
                s.set(LittleEndian.BYTE, at++, (byte) (0x80 | cp & 0x3F));
            } else {
                s.set(LittleEndian.BYTE, at++, (byte) (0xE0 | c >> 12));
                s.set(LittleEndian.BYTE, at++, (byte) (0x80 | c >> 6 & 0x3F));
                s.set(LittleEndian.BYTE, at++, (byte) (0x80 | c & 0x3F));
            }
        }
        out.setSize(at);
        return at - start;
    }

    /** Appends the bytes of the hex string at the current token and returns their count. */
    static long appendHex(JsonParser p, GrowableBuffer out) throws IOException {
        expectString(p);
        char[] chars = p.getTextCharacters();
        int from = p.getTextOffset();
        int length = p.getTextLength();
        if (length % 2 != 0) {
            throw notHex(p);
        }
        long start = out.size();
        out.ensureCapacity(start + length / 2);
        MemorySegment s = out.segment();
        for (int k = 0; k < length; k += 2) {
            int high = hexDigit(chars[from + k]);
            int low = hexDigit(chars[from + k + 1]);
            if (high < 0 || low < 0) {
                throw notHex(p);
            }
            s.set(LittleEndian.BYTE, start + k / 2, (byte) (high << 4 | low));
        }
        out.setSize(start + length / 2);
        return length / 2;
    }

    private static BadValue notHex(JsonParser p) throws IOException {
        return new BadValue("not a hex string: " + JsonInput.abbreviate(p.getText()));
    }

    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        return -1;
    }
}
