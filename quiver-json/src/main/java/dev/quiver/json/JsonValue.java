// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import java.util.List;
import java.util.Map;

/**
 * A parsed JSON value. Numbers keep their text, so that 64-bit integers and decimals lose nothing
 * and each reader parses them at the width it needs.
 */
sealed interface JsonValue {

    /** An object; members in document order, a repeated key keeps its last value. */
    record JObject(Map<String, JsonValue> members) implements JsonValue {
        JsonValue get(String key) {
            return members.get(key);
        }

        boolean has(String key) {
            return members.containsKey(key);
        }
    }

    /** An array. */
    record JArray(List<JsonValue> items) implements JsonValue {
        int size() {
            return items.size();
        }

        JsonValue get(int i) {
            return items.get(i);
        }
    }

    /** A string. */
    record JString(String value) implements JsonValue {
    }

    /** A number, as written; {@code integral} when it has no fraction or exponent. */
    record JNumber(String text, boolean integral) implements JsonValue {
    }

    /** {@code true} or {@code false}. */
    record JBool(boolean value) implements JsonValue {
    }

    /** {@code null}. */
    enum JNull implements JsonValue {
        INSTANCE
    }

    /** A short description of the value's kind, for messages. */
    static String kind(JsonValue value) {
        return switch (value) {
            case null -> "nothing";
            case JObject o -> "an object";
            case JArray a -> "an array";
            case JString s -> "the string \"" + abbreviate(s.value()) + "\"";
            case JNumber n -> "the number " + abbreviate(n.text());
            case JBool b -> String.valueOf(b.value());
            case JNull n -> "null";
        };
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
