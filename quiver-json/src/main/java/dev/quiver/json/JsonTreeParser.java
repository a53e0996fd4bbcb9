package dev.quiver.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parses a JSON document into {@link JsonValue}s with Jackson's streaming parser. */
final class JsonTreeParser {
    /**
     * No limit on string length (hex-encoded data buffers can be long); Jackson's nesting limit stays.
     * The caller's stream is left open.
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build())
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .build();

    private JsonTreeParser() {
    }

    /**
     * Parses one JSON value from the stream (which is not closed).
     *
     * @throws JsonFormatException if the text is not JSON
     */
    static JsonValue parse(InputStream in) throws IOException {
        try (JsonParser parser = FACTORY.createParser(in)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new JsonFormatException("the input is empty");
            }
            JsonValue value = read(parser, first);
            if (parser.nextToken() != null) {
                throw new JsonFormatException("unexpected content after the JSON value at "
                        + describe(parser));
            }
            return value;
        } catch (StreamReadException e) {
            throw new JsonFormatException("not valid JSON: " + e.getOriginalMessage() + " at "
                    + describe(e.getProcessor() instanceof JsonParser p ? p : null), e);
        }
    }

    private static String describe(JsonParser parser) {
        if (parser == null) {
            return "an unknown place";
        }
        var location = parser.currentLocation();
        return "line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private static JsonValue read(JsonParser parser, JsonToken token) throws IOException {
        return switch (token) {
            case START_OBJECT -> readObject(parser);
            case START_ARRAY -> readArray(parser);
            case VALUE_STRING -> new JsonValue.JString(parser.getText());
            case VALUE_NUMBER_INT -> new JsonValue.JNumber(parser.getText(), true);
            case VALUE_NUMBER_FLOAT -> new JsonValue.JNumber(parser.getText(), false);
            case VALUE_TRUE -> new JsonValue.JBool(true);
            case VALUE_FALSE -> new JsonValue.JBool(false);
            case VALUE_NULL -> JsonValue.JNull.INSTANCE;
            default -> throw new JsonFormatException("unexpected " + token + " at " + describe(parser));
        };
    }

    private static JsonValue.JObject readObject(JsonParser parser) throws IOException {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        JsonToken token;
        while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            members.put(key, read(parser, parser.nextToken()));
        }
        if (token != JsonToken.END_OBJECT) {
            throw new JsonFormatException("unterminated object at " + describe(parser));
        }
        return new JsonValue.JObject(members);
    }

    private static JsonValue.JArray readArray(JsonParser parser) throws IOException {
        List<JsonValue> items = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token == null) {
                throw new JsonFormatException("unterminated array at " + describe(parser));
            }
            items.add(read(parser, token));
        }
        return new JsonValue.JArray(items);
    }
}
