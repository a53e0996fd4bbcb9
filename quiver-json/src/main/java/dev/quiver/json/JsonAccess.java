// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.json.JsonValue.JArray;
import dev.quiver.json.JsonValue.JBool;
import dev.quiver.json.JsonValue.JNull;
import dev.quiver.json.JsonValue.JNumber;
import dev.quiver.json.JsonValue.JObject;
import dev.quiver.json.JsonValue.JString;

/** Typed access to JSON members; every failure is a {@link JsonFormatException} naming the place. */
final class JsonAccess {
    private JsonAccess() {
    }

    static JObject object(JsonValue value, String place) {
        if (value instanceof JObject o) {
            return o;
        }
        throw JsonFormatException.at(place, "expected an object, found " + JsonValue.kind(value));
    }

    static JsonValue required(JObject obj, String key, String place) {
        JsonValue value = obj.get(key);
        if (value == null) {
            throw JsonFormatException.at(place, "missing member \"" + key + "\"");
        }
        return value;
    }

    static JObject object(JObject obj, String key, String place) {
        return object(required(obj, key, place), place + "." + key);
    }

    static JArray array(JObject obj, String key, String place) {
        JsonValue value = required(obj, key, place);
        if (value instanceof JArray a) {
            return a;
        }
        throw JsonFormatException.at(place, "\"" + key + "\" must be an array, not " + JsonValue.kind(value));
    }

    /** The array member, or an empty array when it is absent or null. */
    static JArray optionalArray(JObject obj, String key, String place) {
        JsonValue value = obj.get(key);
        return value == null || value == JNull.INSTANCE ? new JArray(java.util.List.of()) : array(obj, key, place);
    }

    static String string(JObject obj, String key, String place) {
        JsonValue value = required(obj, key, place);
        if (value instanceof JString s) {
            return s.value();
        }
        throw JsonFormatException.at(place, "\"" + key + "\" must be a string, not " + JsonValue.kind(value));
    }

    static boolean bool(JObject obj, String key, String place) {
        JsonValue value = required(obj, key, place);
        if (value instanceof JBool b) {
            return b.value();
        }
        throw JsonFormatException.at(place, "\"" + key + "\" must be true or false, not " + JsonValue.kind(value));
    }

    static int integer(JObject obj, String key, String place) {
        long v = longValue(required(obj, key, place), place + "." + key);
        if (v != (int) v) {
            throw JsonFormatException.at(place, "\"" + key + "\" is out of range: " + v);
        }
        return (int) v;
    }

    /** A JSON integer, or a string holding one (the format writes 64-bit integers as strings). */
    static long longValue(JsonValue value, String place) {
        String text = integerText(value, place);
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw JsonFormatException.at(place, "not a 64-bit integer: " + text);
        }
    }

    private static String integerText(JsonValue value, String place) {
        return switch (value) {
            case JNumber n when n.integral() -> n.text();
            case JString s -> s.value().trim();
            default -> throw JsonFormatException.at(place, "expected an integer, found " + JsonValue.kind(value));
        };
    }

    static String text(JsonValue value, String place) {
        if (value instanceof JString s) {
            return s.value();
        }
        throw JsonFormatException.at(place, "expected a string, found " + JsonValue.kind(value));
    }
}
