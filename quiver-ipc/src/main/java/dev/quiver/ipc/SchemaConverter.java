// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Endianness;
import dev.quiver.core.type.ExtensionTypes;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import dev.quiver.ipc.flatbuf.Type;
import dev.quiver.ipc.internal.flatbuffers.FlatBufferBuilder;
import dev.quiver.ipc.internal.flatbuffers.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts schemas between Quiver's type model and Schema.fbs. In Quiver a dictionary-encoded field has
 * type {@link ArrowType.Dictionary} and a dictionary id; in the flatbuffer its type is the value type
 * and {@code dictionary} holds the encoding. Extension types travel as their storage type plus the
 * {@code ARROW:extension:*} field metadata.
 */
final class SchemaConverter {
    private SchemaConverter() {
    }

    // ---- Quiver -> flatbuffer

    /** Writes the schema; returns its offset in the builder. */
    static int write(FlatBufferBuilder b, Schema schema) {
        int[] fields = new int[schema.fields().size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = writeField(b, ExtensionTypes.toStorage(schema.field(i)));
        }
        int fieldsVector = dev.quiver.ipc.flatbuf.Schema.createFieldsVector(b, fields);
        int meta = writeMetadata(b, schema.metadata());
        short endianness = schema.endianness() == Endianness.BIG
                ? dev.quiver.ipc.flatbuf.Endianness.Big : dev.quiver.ipc.flatbuf.Endianness.Little;
        return dev.quiver.ipc.flatbuf.Schema.createSchema(b, endianness, fieldsVector, meta, 0);
    }

    /** A vector of key-value pairs, or 0 (absent) for no metadata. */
    static int writeMetadata(FlatBufferBuilder b, Map<String, String> metadata) {
        if (metadata.isEmpty()) {
            return 0;
        }
        int[] pairs = new int[metadata.size()];
        int i = 0;
        for (Map.Entry<String, String> e : metadata.entrySet()) {
            int k = b.createString(e.getKey());
            int v = b.createString(e.getValue());
            pairs[i++] = dev.quiver.ipc.flatbuf.KeyValue.createKeyValue(b, k, v);
        }
        return dev.quiver.ipc.flatbuf.Schema.createCustomMetadataVector(b, pairs);
    }

    private static int writeField(FlatBufferBuilder b, Field field) {
        ArrowType type = field.type();
        Map<String, String> metadata = field.metadata();
        int dictionary = 0;
        if (type instanceof ArrowType.Dictionary d) {
            if (field.dictionaryId() == null) {
                throw new IpcException("dictionary-encoded field " + field.name() + " has no dictionary id");
            }
            int index = dev.quiver.ipc.flatbuf.Int.createInt(b, d.indexType().bitWidth(), d.indexType().signed());
            dictionary = dev.quiver.ipc.flatbuf.DictionaryEncoding.createDictionaryEncoding(b, field.dictionaryId(),
                    index, d.ordered(), dev.quiver.ipc.flatbuf.DictionaryKind.DenseArray);
            type = d.valueType();
            if (type instanceof ArrowType.Extension ext) {
                Field stored = ExtensionTypes.toStorage(new Field(field.name(), ext, field.nullable(), null, metadata));
                type = stored.type();
                metadata = stored.metadata();
            }
        }
        List<Field> childFields = type.children();
        int[] children = new int[childFields.size()];
        for (int i = 0; i < children.length; i++) {
            children[i] = writeField(b, childFields.get(i));
        }
        int childrenVector = dev.quiver.ipc.flatbuf.Field.createChildrenVector(b, children);
        int name = b.createString(field.name());
        int typeOffset = writeType(b, type);
        int meta = writeMetadata(b, metadata);
        return dev.quiver.ipc.flatbuf.Field.createField(b, name, field.nullable(), typeId(type), typeOffset,
                dictionary, childrenVector, meta);
    }

    private static byte typeId(ArrowType type) {
        return switch (type) {
            case ArrowType.Null t -> Type.Null;
            case ArrowType.Int t -> Type.Int;
            case ArrowType.FloatingPoint t -> Type.FloatingPoint;
            case ArrowType.Binary t -> Type.Binary;
            case ArrowType.Utf8 t -> Type.Utf8;
            case ArrowType.LargeBinary t -> Type.LargeBinary;
            case ArrowType.LargeUtf8 t -> Type.LargeUtf8;
            case ArrowType.BinaryView t -> Type.BinaryView;
            case ArrowType.Utf8View t -> Type.Utf8View;
            case ArrowType.FixedSizeBinary t -> Type.FixedSizeBinary;
            case ArrowType.Bool t -> Type.Bool;
            case ArrowType.Decimal t -> Type.Decimal;
            case ArrowType.Date t -> Type.Date;
            case ArrowType.Time t -> Type.Time;
            case ArrowType.Timestamp t -> Type.Timestamp;
            case ArrowType.Interval t -> Type.Interval;
            case ArrowType.Duration t -> Type.Duration;
            case ArrowType.List t -> Type.List;
            case ArrowType.LargeList t -> Type.LargeList;
            case ArrowType.ListView t -> Type.ListView;
            case ArrowType.LargeListView t -> Type.LargeListView;
            case ArrowType.FixedSizeList t -> Type.FixedSizeList;
            case ArrowType.Struct t -> Type.Struct_;
            case ArrowType.Map t -> Type.Map;
            case ArrowType.Union t -> Type.Union;
            case ArrowType.RunEndEncoded t -> Type.RunEndEncoded;
            case ArrowType.Dictionary t -> throw new IpcException("a dictionary's values cannot be dictionary-encoded "
                    + "directly: " + t);
            case ArrowType.Extension t -> throw new IpcException("extension type " + t.name() + " left unconverted");
        };
    }

    private static int writeType(FlatBufferBuilder b, ArrowType type) {
        return switch (type) {
            case ArrowType.Int t -> dev.quiver.ipc.flatbuf.Int.createInt(b, t.bitWidth(), t.signed());
            case ArrowType.FloatingPoint t -> dev.quiver.ipc.flatbuf.FloatingPoint.createFloatingPoint(b,
                    (short) t.precision().ordinal());
            case ArrowType.FixedSizeBinary t -> dev.quiver.ipc.flatbuf.FixedSizeBinary.createFixedSizeBinary(b,
                    t.byteWidth());
            case ArrowType.Decimal t -> dev.quiver.ipc.flatbuf.Decimal.createDecimal(b, t.precision(), t.scale(),
                    t.bitWidth());
            case ArrowType.Date t -> dev.quiver.ipc.flatbuf.Date.createDate(b, (short) t.unit().ordinal());
            case ArrowType.Time t -> dev.quiver.ipc.flatbuf.Time.createTime(b, (short) t.unit().ordinal(),
                    t.bitWidth());
            case ArrowType.Timestamp t -> dev.quiver.ipc.flatbuf.Timestamp.createTimestamp(b,
                    (short) t.unit().ordinal(), t.timezone() == null ? 0 : b.createString(t.timezone()));
            case ArrowType.Interval t -> dev.quiver.ipc.flatbuf.Interval.createInterval(b, (short) t.unit().ordinal());
            case ArrowType.Duration t -> dev.quiver.ipc.flatbuf.Duration.createDuration(b, (short) t.unit().ordinal());
            case ArrowType.FixedSizeList t -> dev.quiver.ipc.flatbuf.FixedSizeList.createFixedSizeList(b,
                    t.listSize());
            case ArrowType.Map t -> dev.quiver.ipc.flatbuf.Map.createMap(b, t.keysSorted());
            case ArrowType.Union t -> {
                int ids = dev.quiver.ipc.flatbuf.Union.createTypeIdsVector(b,
                        t.typeIds().stream().mapToInt(Integer::intValue).toArray());
                yield dev.quiver.ipc.flatbuf.Union.createUnion(b, (short) t.mode().ordinal(), ids);
            }
            default -> {
                // Types without parameters are empty tables.
                b.startTable(0);
                yield b.endTable();
            }
        };
    }

    // ---- flatbuffer -> Quiver

    /** Reads a schema; every malformation ends in an {@link IpcException}. */
    static Schema read(dev.quiver.ipc.flatbuf.Schema fb, int metadataBytes) {
        int[] budget = {Math.max(16, metadataBytes / 4)};
        int n = checkedLength(fb.fieldsLength(), 4, metadataBytes, "schema fields");
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            fields.add(ExtensionTypes.resolve(readField(fb.fields(i), 0, budget, metadataBytes, "field " + i)));
        }
        Map<String, String> metadata = readMetadata(fb.customMetadataVector(), fb.customMetadataLength(),
                metadataBytes);
        Endianness endianness = switch (fb.endianness()) {
            case dev.quiver.ipc.flatbuf.Endianness.Little -> Endianness.LITTLE;
            case dev.quiver.ipc.flatbuf.Endianness.Big -> Endianness.BIG;
            default -> throw new IpcException("unknown endianness " + fb.endianness());
        };
        return new Schema(fields, metadata, endianness);
    }

    /** A vector length, checked against the bytes the metadata has (so nothing is sized on a claim). */
    static int checkedLength(int length, int elementBytes, int metadataBytes, String what) {
        if (length < 0 || (long) length * elementBytes > metadataBytes) {
            throw new IpcException(what + ": " + length + " entries cannot fit in " + metadataBytes
                    + " bytes of metadata");
        }
        return length;
    }

    static Map<String, String> readMetadata(dev.quiver.ipc.flatbuf.KeyValue.Vector vector, int length,
            int metadataBytes) {
        if (vector == null || length == 0) {
            return Map.of();
        }
        int n = checkedLength(length, 4, metadataBytes, "custom metadata");
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            dev.quiver.ipc.flatbuf.KeyValue kv = vector.get(i);
            String key = kv.key();
            if (key == null) {
                throw new IpcException("custom metadata entry " + i + " has no key");
            }
            String value = kv.value();
            out.put(key, value == null ? "" : value);
        }
        return out;
    }

    private static Field readField(dev.quiver.ipc.flatbuf.Field fb, int depth, int[] budget, int metadataBytes,
            String path) {
        if (fb == null) {
            throw new IpcException(path + " is missing");
        }
        if (depth > IpcLimits.MAX_NESTING_DEPTH) {
            throw new IpcException(path + ": fields nest deeper than " + IpcLimits.MAX_NESTING_DEPTH
                    + " levels");
        }
        if (--budget[0] < 0) {
            throw new IpcException(path + ": more fields than the metadata can hold");
        }
        String name = fb.name() == null ? "" : fb.name();
        String where = path + " (" + name + ")";
        int childCount = fb.childrenLength();
        if (childCount < 0 || childCount > budget[0]) {
            throw new IpcException(where + " claims " + childCount + " children");
        }
        List<Field> children = new ArrayList<>();
        for (int i = 0; i < childCount; i++) {
            children.add(readField(fb.children(i), depth + 1, budget, metadataBytes, path + "." + i));
        }
        Map<String, String> metadata = readMetadata(fb.customMetadataVector(), fb.customMetadataLength(),
                metadataBytes);
        try {
            ArrowType type = readType(fb, children, where);
            dev.quiver.ipc.flatbuf.DictionaryEncoding encoding = fb.dictionary();
            if (encoding == null) {
                return new Field(name, type, fb.nullable(), null, metadata);
            }
            dev.quiver.ipc.flatbuf.Int index = encoding.indexType();
            ArrowType.Int indexType = index == null ? ArrowType.INT32 : new ArrowType.Int(index.bitWidth(),
                    index.isSigned());
            return new Field(name, new ArrowType.Dictionary(indexType, type, encoding.isOrdered()), fb.nullable(),
                    encoding.id(), metadata);
        } catch (IpcException e) {
            throw e;
        } catch (QuiverException e) {
            throw new IpcException(where + ": " + e.getMessage(), e);
        }
    }

    private static ArrowType readType(dev.quiver.ipc.flatbuf.Field fb, List<Field> children, String where) {
        byte id = fb.typeType();
        Table table = switch (id) {
            case Type.Int -> new dev.quiver.ipc.flatbuf.Int();
            case Type.FloatingPoint -> new dev.quiver.ipc.flatbuf.FloatingPoint();
            case Type.FixedSizeBinary -> new dev.quiver.ipc.flatbuf.FixedSizeBinary();
            case Type.Decimal -> new dev.quiver.ipc.flatbuf.Decimal();
            case Type.Date -> new dev.quiver.ipc.flatbuf.Date();
            case Type.Time -> new dev.quiver.ipc.flatbuf.Time();
            case Type.Timestamp -> new dev.quiver.ipc.flatbuf.Timestamp();
            case Type.Interval -> new dev.quiver.ipc.flatbuf.Interval();
            case Type.Duration -> new dev.quiver.ipc.flatbuf.Duration();
            case Type.FixedSizeList -> new dev.quiver.ipc.flatbuf.FixedSizeList();
            case Type.Map -> new dev.quiver.ipc.flatbuf.Map();
            case Type.Union -> new dev.quiver.ipc.flatbuf.Union();
            default -> null;
        };
        if (table != null && fb.type(table) == null) {
            throw new IpcException(where + ": the " + Type.name(id) + " type has no parameters");
        }
        ArrowType type = switch (id) {
            case Type.Null -> ArrowType.NULL;
            case Type.Int -> {
                dev.quiver.ipc.flatbuf.Int t = (dev.quiver.ipc.flatbuf.Int) table;
                yield new ArrowType.Int(t.bitWidth(), t.isSigned());
            }
            case Type.FloatingPoint -> new ArrowType.FloatingPoint(
                    enumValue(Precision.values(), ((dev.quiver.ipc.flatbuf.FloatingPoint) table).precision(), where));
            case Type.Binary -> ArrowType.BINARY;
            case Type.Utf8 -> ArrowType.UTF8;
            case Type.LargeBinary -> ArrowType.LARGE_BINARY;
            case Type.LargeUtf8 -> ArrowType.LARGE_UTF8;
            case Type.BinaryView -> ArrowType.BINARY_VIEW;
            case Type.Utf8View -> ArrowType.UTF8_VIEW;
            case Type.Bool -> ArrowType.BOOL;
            case Type.FixedSizeBinary -> new ArrowType.FixedSizeBinary(
                    ((dev.quiver.ipc.flatbuf.FixedSizeBinary) table).byteWidth());
            case Type.Decimal -> {
                dev.quiver.ipc.flatbuf.Decimal t = (dev.quiver.ipc.flatbuf.Decimal) table;
                yield new ArrowType.Decimal(t.precision(), t.scale(), t.bitWidth());
            }
            case Type.Date -> new ArrowType.Date(
                    enumValue(DateUnit.values(), ((dev.quiver.ipc.flatbuf.Date) table).unit(), where));
            case Type.Time -> {
                dev.quiver.ipc.flatbuf.Time t = (dev.quiver.ipc.flatbuf.Time) table;
                yield new ArrowType.Time(enumValue(TimeUnit.values(), t.unit(), where), t.bitWidth());
            }
            case Type.Timestamp -> {
                dev.quiver.ipc.flatbuf.Timestamp t = (dev.quiver.ipc.flatbuf.Timestamp) table;
                yield new ArrowType.Timestamp(enumValue(TimeUnit.values(), t.unit(), where), t.timezone());
            }
            case Type.Interval -> new ArrowType.Interval(
                    enumValue(IntervalUnit.values(), ((dev.quiver.ipc.flatbuf.Interval) table).unit(), where));
            case Type.Duration -> new ArrowType.Duration(
                    enumValue(TimeUnit.values(), ((dev.quiver.ipc.flatbuf.Duration) table).unit(), where));
            case Type.List -> new ArrowType.List(only(children, where));
            case Type.LargeList -> new ArrowType.LargeList(only(children, where));
            case Type.ListView -> new ArrowType.ListView(only(children, where));
            case Type.LargeListView -> new ArrowType.LargeListView(only(children, where));
            case Type.FixedSizeList -> new ArrowType.FixedSizeList(only(children, where),
                    ((dev.quiver.ipc.flatbuf.FixedSizeList) table).listSize());
            case Type.Struct_ -> new ArrowType.Struct(children);
            case Type.Map -> new ArrowType.Map(only(children, where),
                    ((dev.quiver.ipc.flatbuf.Map) table).keysSorted());
            case Type.Union -> readUnion((dev.quiver.ipc.flatbuf.Union) table, children, where);
            case Type.RunEndEncoded -> {
                if (children.size() != 2) {
                    throw new IpcException(where + ": run-end encoded needs 2 children, not " + children.size());
                }
                yield new ArrowType.RunEndEncoded(children.get(0), children.get(1));
            }
            default -> throw new IpcException(where + ": unsupported type id " + id);
        };
        if (type.children().isEmpty() && !children.isEmpty()) {
            throw new IpcException(where + ": " + type + " cannot have children");
        }
        return type;
    }

    private static ArrowType readUnion(dev.quiver.ipc.flatbuf.Union t, List<Field> children, String where) {
        UnionMode mode = enumValue(UnionMode.values(), t.mode(), where);
        if (t.typeIdsLength() == 0 && children.isEmpty() || t.typeIdsVector() == null) {
            return new ArrowType.Union(mode, children);
        }
        if (t.typeIdsLength() != children.size()) {
            throw new IpcException(where + ": union has " + children.size() + " children but " + t.typeIdsLength()
                    + " type ids");
        }
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < children.size(); i++) {
            ids.add(t.typeIds(i));
        }
        return new ArrowType.Union(mode, children, ids);
    }

    private static Field only(List<Field> children, String where) {
        if (children.size() != 1) {
            throw new IpcException(where + ": needs exactly 1 child, not " + children.size());
        }
        return children.get(0);
    }

    private static <E extends Enum<E>> E enumValue(E[] values, short value, String where) {
        if (value < 0 || value >= values.length) {
            throw new IpcException(where + ": unknown " + values[0].getDeclaringClass().getSimpleName() + " "
                    + value);
        }
        return values[value];
    }
}
