// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.BinaryViewBuilder;
import dev.quiver.core.builder.BooleanBuilder;
import dev.quiver.core.builder.DateBuilder;
import dev.quiver.core.builder.DecimalBuilder;
import dev.quiver.core.builder.DurationBuilder;
import dev.quiver.core.builder.ExtensionBuilder;
import dev.quiver.core.builder.FixedSizeBinaryBuilder;
import dev.quiver.core.builder.FixedSizeListBuilder;
import dev.quiver.core.builder.FloatBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.MapBuilder;
import dev.quiver.core.builder.StructBuilder;
import dev.quiver.core.builder.TimeBuilder;
import dev.quiver.core.builder.TimestampBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.type.ArrowType;
import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * Appends the JSON values of one field to its builder, straight from the parser's tokens. One reader per
 * field of the schema, nested as the types nest; readers live as long as the NDJSON reader, their builders
 * start over after every batch.
 */
abstract class ValueReader {
    /** The field's path, for messages ({@code a.b[]}). */
    final String path;

    ValueReader(String path) {
        this.path = path;
    }

    /**
     * Appends the value whose first token is {@code t} (the parser's current token), consuming it whole.
     *
     * @throws NdjsonException if the value does not fit the field's type
     * @throws IOException if the parser fails
     */
    abstract void read(JsonParser p, JsonToken t) throws IOException;

    /** Appends a null, for a key missing from its object. */
    abstract void appendNull();

    /** A failure at the parser's current token in this field. */
    final NdjsonException mismatch(JsonParser p, JsonToken t, String expected) {
        return new NdjsonException(line(p), path, "expected " + expected + ", found " + describe(p, t));
    }

    /** A failure at the parser's current token in this field, with its cause. */
    final NdjsonException failure(JsonParser p, String problem, Throwable cause) {
        return new NdjsonException(line(p), path, problem, cause);
    }

    static long line(JsonParser p) {
        return p.currentTokenLocation().getLineNr();
    }

    static String describe(JsonParser p, JsonToken t) {
        String kind = switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "the string ";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number ";
            case VALUE_TRUE, VALUE_FALSE -> "the boolean ";
            case VALUE_NULL -> "null";
            default -> String.valueOf(t);
        };
        if (t.isScalarValue() && t != JsonToken.VALUE_NULL) {
            try {
                String text = p.getText();
                if (text.length() > 60) {
                    text = text.substring(0, 60) + "...";
                }
                return kind + (t == JsonToken.VALUE_STRING ? "\"" + text + "\"" : text);
            } catch (IOException e) {
                return kind.trim();
            }
        }
        return kind;
    }

    /**
     * The reader of a field's values into {@code builder}, a builder of {@code type}.
     *
     * @throws NdjsonException if values of the type cannot be read from NDJSON (unions)
     */
    static ValueReader of(ArrowType type, ArrayBuilder builder, String path, boolean ignoreUnknownKeys) {
        return switch (type) {
            case ArrowType.Null t -> new ScalarReaders.NullReader(path, builder);
            case ArrowType.Bool t -> new ScalarReaders.BoolReader(path, (BooleanBuilder) builder);
            case ArrowType.Int t -> new ScalarReaders.IntReader(path, t, (IntBuilder<?>) builder);
            case ArrowType.FloatingPoint t -> new ScalarReaders.FloatReader(path, t, (FloatBuilder<?>) builder);
            case ArrowType.Decimal t -> new ScalarReaders.DecimalReader(path, t, (DecimalBuilder) builder);
            case ArrowType.Utf8 t -> new TextReader(path, builder, textSink((VarBinaryBuilder) builder));
            case ArrowType.LargeUtf8 t -> new TextReader(path, builder, textSink((VarBinaryBuilder) builder));
            case ArrowType.Utf8View t -> new TextReader(path, builder, (bytes, length) ->
                    ((BinaryViewBuilder) builder).append(MemorySegment.ofArray(bytes), 0, length));
            case ArrowType.Binary t -> new ScalarReaders.BinaryReader(path, builder, ((VarBinaryBuilder) builder)::append);
            case ArrowType.LargeBinary t ->
                    new ScalarReaders.BinaryReader(path, builder, ((VarBinaryBuilder) builder)::append);
            case ArrowType.BinaryView t ->
                    new ScalarReaders.BinaryReader(path, builder, ((BinaryViewBuilder) builder)::append);
            case ArrowType.FixedSizeBinary t -> new ScalarReaders.BinaryReader(path, builder, bytes -> {
                if (bytes.length != t.byteWidth()) {
                    throw new IllegalArgumentException(bytes.length + " bytes where the type has " + t.byteWidth());
                }
                ((FixedSizeBinaryBuilder) builder).append(bytes);
            });
            case ArrowType.Date t -> new TemporalReaders.DateReader(path, t, (DateBuilder) builder);
            case ArrowType.Time t -> new TemporalReaders.TimeReader(path, t, (TimeBuilder) builder);
            case ArrowType.Timestamp t -> new TemporalReaders.TimestampReader(path, t, (TimestampBuilder) builder);
            case ArrowType.Duration t -> new TemporalReaders.DurationReader(path, t, (DurationBuilder) builder);
            case ArrowType.Interval t -> new TemporalReaders.IntervalReader(path, t, builder);
            case ArrowType.Struct t -> new NestedReaders.StructReader(path, t, (StructBuilder) builder,
                    ignoreUnknownKeys);
            case ArrowType.List t -> NestedReaders.ListReader.of(path, t.valueField(), builder, ignoreUnknownKeys);
            case ArrowType.LargeList t -> NestedReaders.ListReader.of(path, t.valueField(), builder, ignoreUnknownKeys);
            case ArrowType.ListView t -> NestedReaders.ListReader.of(path, t.valueField(), builder, ignoreUnknownKeys);
            case ArrowType.LargeListView t ->
                    NestedReaders.ListReader.of(path, t.valueField(), builder, ignoreUnknownKeys);
            case ArrowType.FixedSizeList t -> new NestedReaders.FixedSizeListReader(path, t,
                    (FixedSizeListBuilder) builder, ignoreUnknownKeys);
            case ArrowType.Map t -> new NestedReaders.MapReader(path, t, (MapBuilder) builder, ignoreUnknownKeys);
            case ArrowType.Dictionary t -> new ScalarReaders.EncodedReader(path, t.valueType(), builder,
                    ignoreUnknownKeys);
            case ArrowType.RunEndEncoded t -> new ScalarReaders.EncodedReader(path, t.values().type(), builder,
                    ignoreUnknownKeys);
            case ArrowType.Extension t -> of(t.storageType(), ((ExtensionBuilder) builder).storage(), path,
                    ignoreUnknownKeys);
            case ArrowType.Union t -> throw new NdjsonException(0, path, "union fields cannot be read from NDJSON "
                    + "(a union is written as its value, without the child it came from)");
        };
    }

    private static TextReader.Sink textSink(VarBinaryBuilder builder) {
        return (bytes, length) -> builder.append(bytes, 0, length);
    }
}
