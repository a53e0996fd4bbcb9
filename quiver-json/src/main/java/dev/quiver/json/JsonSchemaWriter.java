// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.ExtensionTypes;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.util.Map;

/**
 * Writes the {@code "schema"} object. Extension types are written as their storage type with the
 * {@code ARROW:extension:*} metadata; dictionary-encoded fields as their value type plus a
 * {@code "dictionary"} member.
 */
final class JsonSchemaWriter {
    private JsonSchemaWriter() {
    }

    static void write(Schema schema, JsonGenerator g) throws IOException {
        g.writeObjectFieldStart("schema");
        g.writeArrayFieldStart("fields");
        for (Field field : schema.fields()) {
            writeField(ExtensionTypes.toStorage(field), g);
        }
        g.writeEndArray();
        writeMetadata(schema.metadata(), g);
        g.writeEndObject();
    }

    private static void writeField(Field field, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", field.name());
        g.writeBooleanField("nullable", field.nullable());
        ArrowType type = field.type();
        ArrowType.Dictionary dictionary = type instanceof ArrowType.Dictionary d ? d : null;
        if (dictionary != null) {
            type = dictionary.valueType();
            if (type instanceof ArrowType.Extension) {
                throw new JsonFormatException("field " + field.name() + ": dictionary values of an extension type"
                        + " cannot be written");
            }
        }
        g.writeObjectFieldStart("type");
        writeType(type, g);
        g.writeEndObject();
        g.writeArrayFieldStart("children");
        for (Field child : type.children()) {
            writeField(child, g);
        }
        g.writeEndArray();
        if (dictionary != null) {
            if (field.dictionaryId() == null) {
                throw new JsonFormatException("field " + field.name() + " is dictionary-encoded but has no id");
            }
            g.writeObjectFieldStart("dictionary");
            g.writeNumberField("id", field.dictionaryId());
            g.writeObjectFieldStart("indexType");
            writeType(dictionary.indexType(), g);
            g.writeEndObject();
            g.writeBooleanField("isOrdered", dictionary.ordered());
            g.writeEndObject();
        }
        writeMetadata(field.metadata(), g);
        g.writeEndObject();
    }

    private static void writeMetadata(Map<String, String> metadata, JsonGenerator g) throws IOException {
        if (metadata.isEmpty()) {
            return;
        }
        g.writeArrayFieldStart("metadata");
        for (Map.Entry<String, String> e : metadata.entrySet()) {
            g.writeStartObject();
            g.writeStringField("key", e.getKey());
            g.writeStringField("value", e.getValue());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** The members of a type object (name and parameters). */
    static void writeType(ArrowType type, JsonGenerator g) throws IOException {
        switch (type) {
            case ArrowType.Null t -> g.writeStringField("name", "null");
            case ArrowType.Bool t -> g.writeStringField("name", "bool");
            case ArrowType.Int t -> {
                g.writeStringField("name", "int");
                g.writeNumberField("bitWidth", t.bitWidth());
                g.writeBooleanField("isSigned", t.signed());
            }
            case ArrowType.FloatingPoint t -> {
                g.writeStringField("name", "floatingpoint");
                g.writeStringField("precision", t.precision().name());
            }
            case ArrowType.Utf8 t -> g.writeStringField("name", "utf8");
            case ArrowType.Binary t -> g.writeStringField("name", "binary");
            case ArrowType.LargeUtf8 t -> g.writeStringField("name", "largeutf8");
            case ArrowType.LargeBinary t -> g.writeStringField("name", "largebinary");
            case ArrowType.Utf8View t -> g.writeStringField("name", "utf8view");
            case ArrowType.BinaryView t -> g.writeStringField("name", "binaryview");
            case ArrowType.FixedSizeBinary t -> {
                g.writeStringField("name", "fixedsizebinary");
                g.writeNumberField("byteWidth", t.byteWidth());
            }
            case ArrowType.Decimal t -> {
                g.writeStringField("name", "decimal");
                g.writeNumberField("precision", t.precision());
                g.writeNumberField("scale", t.scale());
                g.writeNumberField("bitWidth", t.bitWidth());
            }
            case ArrowType.Date t -> {
                g.writeStringField("name", "date");
                g.writeStringField("unit", t.unit() == DateUnit.DAY ? "DAY" : "MILLISECOND");
            }
            case ArrowType.Time t -> {
                g.writeStringField("name", "time");
                g.writeStringField("unit", t.unit().name());
                g.writeNumberField("bitWidth", t.bitWidth());
            }
            case ArrowType.Timestamp t -> {
                g.writeStringField("name", "timestamp");
                g.writeStringField("unit", t.unit().name());
                if (t.timezone() != null) {
                    g.writeStringField("timezone", t.timezone());
                }
            }
            case ArrowType.Duration t -> {
                g.writeStringField("name", "duration");
                g.writeStringField("unit", t.unit().name());
            }
            case ArrowType.Interval t -> {
                g.writeStringField("name", "interval");
                g.writeStringField("unit", t.unit().name());
            }
            case ArrowType.List t -> g.writeStringField("name", "list");
            case ArrowType.LargeList t -> g.writeStringField("name", "largelist");
            case ArrowType.ListView t -> g.writeStringField("name", "listview");
            case ArrowType.LargeListView t -> g.writeStringField("name", "largelistview");
            case ArrowType.FixedSizeList t -> {
                g.writeStringField("name", "fixedsizelist");
                g.writeNumberField("listSize", t.listSize());
            }
            case ArrowType.Struct t -> g.writeStringField("name", "struct");
            case ArrowType.Map t -> {
                g.writeStringField("name", "map");
                g.writeBooleanField("keysSorted", t.keysSorted());
            }
            case ArrowType.Union t -> {
                g.writeStringField("name", "union");
                g.writeStringField("mode", t.mode().name());
                g.writeArrayFieldStart("typeIds");
                for (int id : t.typeIds()) {
                    g.writeNumber(id);
                }
                g.writeEndArray();
            }
            case ArrowType.RunEndEncoded t -> g.writeStringField("name", "runendencoded");
            case ArrowType.Dictionary t -> throw new JsonFormatException("a dictionary type is written as its field");
            case ArrowType.Extension t -> throw new JsonFormatException("extension type " + t.name()
                    + " is written as its storage type");
        }
    }
}
