// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * The token stream of one JSON text, read with Jackson's streaming parser, and the checks every
 * reader of it needs: the kind of the current token, skipping and copying values, and a description
 * of a token or a position for messages.
 */
final class JsonInput implements AutoCloseable {
    /**
     * No limit on string length (hex-encoded data buffers can be long); Jackson's nesting limit stays.
     * The caller's stream is left open.
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build())
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .build();

    private final JsonParser parser;

    private JsonInput(JsonParser parser) {
        this.parser = parser;
    }

    /** The JSON text of a stream, plain or gzip-compressed (recognized by its magic bytes). */
    static JsonInput of(InputStream in) throws IOException {
        BufferedInputStream buffered = new BufferedInputStream(in);
        buffered.mark(2);
        int b0 = buffered.read();
        int b1 = buffered.read();
        buffered.reset();
        InputStream source = b0 == 0x1f && b1 == 0x8b ? new GZIPInputStream(buffered) : buffered;
        return new JsonInput(FACTORY.createParser(source));
    }

    /** JSON text held in memory (a value copied by {@link #copyValue()}). */
    static JsonInput of(byte[] json) throws IOException {
        return new JsonInput(FACTORY.createParser(json));
    }

    /** The parser, for the readers that decode values straight from its tokens. */
    JsonParser parser() {
        return parser;
    }

    /** The next token; null at the end of the text. */
    JsonToken next() throws IOException {
        return parser.nextToken();
    }

    /** The current token. */
    JsonToken current() {
        return parser.currentToken();
    }

    /** The next token, which must begin the value of the member just read. */
    JsonToken nextValue() throws IOException {
        JsonToken token = parser.nextToken();
        if (token == null) {
            throw new JsonFormatException("unexpected end of the input at " + position());
        }
        return token;
    }

    /** Skips the current value (the whole object or array when it begins one). */
    void skipValue() throws IOException {
        parser.skipChildren();
    }

    /** Copies the current value (the whole object or array when it begins one) as compact JSON text. */
    byte[] copyValue() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.copyCurrentStructure(parser);
        }
        return out.toByteArray();
    }

    /** Fails unless the current token begins an object; {@code place} names the value. */
    void expectObject(String place) {
        if (current() != JsonToken.START_OBJECT) {
            throw JsonFormatException.at(place, "expected an object, found " + describeCurrent());
        }
    }

    /** Fails unless the current token begins an array: {@code "key" must be an array}. */
    void expectArray(String key, String place) {
        if (current() != JsonToken.START_ARRAY) {
            throw JsonFormatException.at(place, "\"" + key + "\" must be an array, not " + describeCurrent());
        }
    }

    /** A short description of the current token's value, for messages. */
    String describeCurrent() {
        return describe(parser);
    }

    /** A short description of the value of {@code parser}'s current token, for messages. */
    static String describe(JsonParser parser) {
        JsonToken token = parser.currentToken();
        if (token == null) {
            return "nothing";
        }
        try {
            return switch (token) {
                case START_OBJECT -> "an object";
                case START_ARRAY -> "an array";
                case VALUE_STRING -> "the string \"" + abbreviate(parser.getText()) + "\"";
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + abbreviate(parser.getText());
                case VALUE_TRUE -> "true";
                case VALUE_FALSE -> "false";
                case VALUE_NULL -> "null";
                default -> token.asString() == null ? token.name() : token.asString();
            };
        } catch (IOException e) {
            return token.name();
        }
    }

    /** The parser's position, as {@code line L, column C}. */
    String position() {
        return describe(parser.currentLocation());
    }

    /** The failure of Jackson as a {@link JsonFormatException}. */
    static JsonFormatException invalid(JsonProcessingException e) {
        return new JsonFormatException("not valid JSON: " + e.getOriginalMessage() + " at "
                + describe(e.getLocation()), e);
    }

    /** A gzip stream that is corrupt or ends early, as a {@link JsonFormatException}. */
    static JsonFormatException badGzip(IOException e) {
        return new JsonFormatException("the gzip-compressed input is corrupt or truncated: " + e.getMessage(), e);
    }

    /**
     * Text that is not valid in the encoding Jackson detected from its first bytes (a UTF-32 character
     * beyond U+10FFFF), as a {@link JsonFormatException}.
     */
    static JsonFormatException badEncoding(CharConversionException e) {
        return new JsonFormatException("not valid JSON: " + e.getMessage(), e);
    }

    private static String describe(JsonLocation location) {
        if (location == null) {
            return "an unknown place";
        }
        return "line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }
}
