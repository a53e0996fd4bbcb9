// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses one value of a JSON token stream into {@link JsonValue}s: for the small parts of a file,
 * such as its schema, that are easier to read as a tree.
 */
final class JsonTreeParser {
    private JsonTreeParser() {
    }

    /** The value that starts at the input's current token; the input is left at its last token. */
    static JsonValue read(JsonInput input) throws IOException {
        JsonParser parser = input.parser();
        return switch (input.current()) {
            case START_OBJECT -> readObject(input);
            case START_ARRAY -> readArray(input);
            case VALUE_STRING -> new JsonValue.JString(parser.getText());
            case VALUE_NUMBER_INT -> new JsonValue.JNumber(parser.getText(), true);
            case VALUE_NUMBER_FLOAT -> new JsonValue.JNumber(parser.getText(), false);
            case VALUE_TRUE -> new JsonValue.JBool(true);
            case VALUE_FALSE -> new JsonValue.JBool(false);
            case VALUE_NULL -> JsonValue.JNull.INSTANCE;
            default -> throw new JsonFormatException("unexpected " + input.current() + " at " + input.position());
        };
    }

    private static JsonValue.JObject readObject(JsonInput input) throws IOException {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        while (input.nextValue() == JsonToken.FIELD_NAME) {
            String key = input.parser().currentName();
            input.nextValue();
            members.put(key, read(input));
        }
        return new JsonValue.JObject(members);
    }

    private static JsonValue.JArray readArray(JsonInput input) throws IOException {
        List<JsonValue> items = new ArrayList<>();
        while (input.nextValue() != JsonToken.END_ARRAY) {
            items.add(read(input));
        }
        return new JsonValue.JArray(items);
    }
}
