// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static dev.quiver.json.JsonAccess.bool;
import static dev.quiver.json.JsonAccess.object;
import static dev.quiver.json.JsonAccess.optionalArray;
import static dev.quiver.json.JsonAccess.string;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.ExtensionTypes;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.json.JsonValue.JNull;
import dev.quiver.json.JsonValue.JObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@code "schema"} object: fields with their types, nullability, dictionary encodings and
 * custom metadata. Extension types are resolved through {@link ExtensionTypes#resolve}; unregistered
 * ones stay their storage type with the extension metadata kept.
 */
final class JsonSchemaReader {
    private JsonSchemaReader() {
    }

    static Schema read(JObject schema) {
        List<Field> fields = new ArrayList<>();
        for (JsonValue f : JsonAccess.array(schema, "fields", "schema").items()) {
            fields.add(ExtensionTypes.resolve(readField(f, "schema field ")));
        }
        return new Schema(fields).withMetadata(readMetadata(schema, "schema"));
    }

    private static Field readField(JsonValue value, String parentPlace) {
        JObject obj = object(value, parentPlace + "?");
        String name = string(obj, "name", parentPlace + "?");
        String place = parentPlace + name;
        boolean nullable = bool(obj, "nullable", place);
        List<Field> children = new ArrayList<>();
        for (JsonValue child : optionalArray(obj, "children", place).items()) {
            children.add(readField(child, place + "."));
        }
        try {
            ArrowType type = JsonTypeReader.read(object(obj, "type", place), children, place);
            Map<String, String> metadata = readMetadata(obj, place);
            JsonValue dictionary = obj.get("dictionary");
            if (dictionary == null || dictionary == JNull.INSTANCE) {
                return new Field(name, type, nullable, null, metadata);
            }
            String at = place + ".dictionary";
            JObject dict = object(dictionary, at);
            long id = JsonAccess.longValue(JsonAccess.required(dict, "id", at), at + ".id");
            ArrowType.Int indexType = JsonTypeReader.integerType(object(dict, "indexType", at), at + ".indexType");
            boolean ordered = dict.has("isOrdered") && bool(dict, "isOrdered", at);
            return new Field(name, new ArrowType.Dictionary(indexType, type, ordered), nullable, id, metadata);
        } catch (JsonFormatException e) {
            throw e;
        } catch (QuiverException e) {
            throw JsonFormatException.at(place, e.getMessage());
        }
    }

    /**
     * The {@code "metadata"} member: absent or null means none. A repeated key keeps its last value
     * (Quiver's metadata is a map).
     */
    static Map<String, String> readMetadata(JObject obj, String place) {
        Map<String, String> metadata = new LinkedHashMap<>();
        for (JsonValue entry : optionalArray(obj, "metadata", place).items()) {
            JObject kv = object(entry, place + ".metadata");
            metadata.put(string(kv, "key", place + ".metadata"), string(kv, "value", place + ".metadata"));
        }
        return metadata;
    }
}
