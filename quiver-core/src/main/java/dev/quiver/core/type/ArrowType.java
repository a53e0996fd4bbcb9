// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * An Arrow data type: every member of Schema.fbs's {@code Type} union, plus dictionary encoding and
 * extension types. The hierarchy is sealed, so a {@code switch} over a type is exhaustive. Nested types
 * carry their child fields, so a type describes its whole tree.
 *
 * <p>Invalid parameters are refused at construction with an {@link InvalidTypeException}.
 */
public sealed interface ArrowType {

    /** The physical layout: buffers in the spec's order. */
    Layout layout();

    /** The child fields of a nested type; empty for the others. */
    default java.util.List<Field> children() {
        return java.util.List.of();
    }

    Null NULL = new Null();
    Bool BOOL = new Bool();
    Int INT8 = new Int(8, true);
    Int INT16 = new Int(16, true);
    Int INT32 = new Int(32, true);
    Int INT64 = new Int(64, true);
    Int UINT8 = new Int(8, false);
    Int UINT16 = new Int(16, false);
    Int UINT32 = new Int(32, false);
    Int UINT64 = new Int(64, false);
    FloatingPoint FLOAT16 = new FloatingPoint(Precision.HALF);
    FloatingPoint FLOAT32 = new FloatingPoint(Precision.SINGLE);
    FloatingPoint FLOAT64 = new FloatingPoint(Precision.DOUBLE);
    Binary BINARY = new Binary();
    Utf8 UTF8 = new Utf8();
    LargeBinary LARGE_BINARY = new LargeBinary();
    LargeUtf8 LARGE_UTF8 = new LargeUtf8();
    BinaryView BINARY_VIEW = new BinaryView();
    Utf8View UTF8_VIEW = new Utf8View();

    /** All values null; no buffers at all. */
    record Null() implements ArrowType {
        public Layout layout() {
            return Layout.of();
        }

        @Override
        public String toString() {
            return "null";
        }
    }

    /** A signed or unsigned integer of 8, 16, 32 or 64 bits. */
    record Int(int bitWidth, boolean signed) implements ArrowType {
        public Int {
            if (bitWidth != 8 && bitWidth != 16 && bitWidth != 32 && bitWidth != 64) {
                throw new InvalidTypeException("integer bit width must be 8, 16, 32 or 64, not " + bitWidth);
            }
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.values(bitWidth));
        }

        @Override
        public String toString() {
            return (signed ? "int" : "uint") + bitWidth;
        }
    }

    /** A half (16-bit), single or double precision IEEE 754 float. */
    record FloatingPoint(Precision precision) implements ArrowType {
        public FloatingPoint {
            Objects.requireNonNull(precision, "precision");
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.values(precision.bitWidth()));
        }

        @Override
        public String toString() {
            return "float" + precision.bitWidth();
        }
    }

    /** Variable-size bytes with 32-bit offsets. */
    record Binary() implements ArrowType {
        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.offsets(32), BufferSpec.DATA);
        }

        @Override
        public String toString() {
            return "binary";
        }
    }

    /** Variable-size UTF-8 strings with 32-bit offsets. */
    record Utf8() implements ArrowType {
        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.offsets(32), BufferSpec.DATA);
        }

        @Override
        public String toString() {
            return "utf8";
        }
    }

    /** Variable-size bytes with 64-bit offsets. */
    record LargeBinary() implements ArrowType {
        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.offsets(64), BufferSpec.DATA);
        }

        @Override
        public String toString() {
            return "large_binary";
        }
    }

    /** Variable-size UTF-8 strings with 64-bit offsets. */
    record LargeUtf8() implements ArrowType {
        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.offsets(64), BufferSpec.DATA);
        }

        @Override
        public String toString() {
            return "large_utf8";
        }
    }

    /** Bytes as 16-byte views: inline up to 12 bytes, else prefix and a reference into a data buffer. */
    record BinaryView() implements ArrowType {
        public Layout layout() {
            return Layout.variadic(BufferSpec.VALIDITY, BufferSpec.VIEWS);
        }

        @Override
        public String toString() {
            return "binary_view";
        }
    }

    /** UTF-8 strings as 16-byte views. */
    record Utf8View() implements ArrowType {
        public Layout layout() {
            return Layout.variadic(BufferSpec.VALIDITY, BufferSpec.VIEWS);
        }

        @Override
        public String toString() {
            return "utf8_view";
        }
    }

    /** Byte strings that all have the same width. */
    record FixedSizeBinary(int byteWidth) implements ArrowType {
        public FixedSizeBinary {
            if (byteWidth <= 0) {
                throw new InvalidTypeException("fixed-size binary width must be positive, not " + byteWidth);
            }
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.values(byteWidth * 8));
        }

        @Override
        public String toString() {
            return "fixed_size_binary[" + byteWidth + "]";
        }
    }

    /** Booleans, one bit each. */
    record Bool() implements ArrowType {
        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.values(1));
        }

        @Override
        public String toString() {
            return "bool";
        }
    }

    /** A decimal: an unscaled two's complement integer of 32, 64, 128 or 256 bits, and a scale. */
    record Decimal(int precision, int scale, int bitWidth) implements ArrowType {
        public Decimal {
            int max = maxPrecision(bitWidth);
            if (precision < 1 || precision > max) {
                throw new InvalidTypeException("decimal" + bitWidth + " precision must be between 1 and " + max
                        + ", not " + precision);
            }
        }

        /** A 128-bit decimal, the default width of Schema.fbs. */
        public Decimal(int precision, int scale) {
            this(precision, scale, 128);
        }

        /** The most decimal digits an integer of the given width holds. */
        public static int maxPrecision(int bitWidth) {
            return switch (bitWidth) {
                case 32 -> 9;
                case 64 -> 18;
                case 128 -> 38;
                case 256 -> 76;
                default -> throw new InvalidTypeException(
                        "decimal bit width must be 32, 64, 128 or 256, not " + bitWidth);
            };
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.values(bitWidth));
        }

        @Override
        public String toString() {
            return "decimal" + bitWidth + "(" + precision + ", " + scale + ")";
        }
    }

    /** Days since the epoch in 32 bits, or milliseconds since the epoch in 64 bits. */
    record Date(DateUnit unit) implements ArrowType {
        public Date {
            Objects.requireNonNull(unit, "unit");
        }

        public int bitWidth() {
            return unit == DateUnit.DAY ? 32 : 64;
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.values(bitWidth()));
        }

        @Override
        public String toString() {
            return unit == DateUnit.DAY ? "date32[day]" : "date64[ms]";
        }
    }

    /** Time since midnight: 32 bits for seconds and milliseconds, 64 for micro- and nanoseconds. */
    record Time(TimeUnit unit, int bitWidth) implements ArrowType {
        public Time {
            Objects.requireNonNull(unit, "unit");
            int expected = widthFor(unit);
            if (bitWidth != expected) {
                throw new InvalidTypeException("time in " + unit + " must be " + expected + " bits, not " + bitWidth);
            }
        }

        public Time(TimeUnit unit) {
            this(unit, widthFor(unit));
        }

        private static int widthFor(TimeUnit unit) {
            return unit == TimeUnit.SECOND || unit == TimeUnit.MILLISECOND ? 32 : 64;
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.values(bitWidth));
        }

        @Override
        public String toString() {
            return "time" + bitWidth + "[" + unit.symbol() + "]";
        }
    }

    /** A 64-bit count of units since the epoch, with an optional time zone (null: none). */
    record Timestamp(TimeUnit unit, String timezone) implements ArrowType {
        public Timestamp {
            Objects.requireNonNull(unit, "unit");
        }

        public Timestamp(TimeUnit unit) {
            this(unit, null);
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.values(64));
        }

        @Override
        public String toString() {
            return "timestamp[" + unit.symbol() + (timezone == null ? "" : ", tz=" + timezone) + "]";
        }
    }

    /** A calendar interval; the unit fixes the physical width. */
    record Interval(IntervalUnit unit) implements ArrowType {
        public Interval {
            Objects.requireNonNull(unit, "unit");
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.values(unit.bitWidth()));
        }

        @Override
        public String toString() {
            return "interval[" + unit.name().toLowerCase(java.util.Locale.ROOT) + "]";
        }
    }

    /** An exact 64-bit length of time. */
    record Duration(TimeUnit unit) implements ArrowType {
        public Duration {
            Objects.requireNonNull(unit, "unit");
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.values(64));
        }

        @Override
        public String toString() {
            return "duration[" + unit.symbol() + "]";
        }
    }

    /** A list with 32-bit offsets. */
    record List(Field valueField) implements ArrowType {
        public List {
            Objects.requireNonNull(valueField, "valueField");
        }

        public static List of(ArrowType valueType) {
            return new List(Field.nullable("item", valueType));
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.offsets(32));
        }

        @Override
        public java.util.List<Field> children() {
            return java.util.List.of(valueField);
        }

        @Override
        public String toString() {
            return "list<" + valueField + ">";
        }
    }

    /** A list with 64-bit offsets. */
    record LargeList(Field valueField) implements ArrowType {
        public LargeList {
            Objects.requireNonNull(valueField, "valueField");
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.offsets(64));
        }

        @Override
        public java.util.List<Field> children() {
            return java.util.List.of(valueField);
        }

        @Override
        public String toString() {
            return "large_list<" + valueField + ">";
        }
    }

    /** A list view: 32-bit offsets and sizes, in any order, possibly sharing child ranges. */
    record ListView(Field valueField) implements ArrowType {
        public ListView {
            Objects.requireNonNull(valueField, "valueField");
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.offsets(32), BufferSpec.sizes(32));
        }

        @Override
        public java.util.List<Field> children() {
            return java.util.List.of(valueField);
        }

        @Override
        public String toString() {
            return "list_view<" + valueField + ">";
        }
    }

    /** A list view with 64-bit offsets and sizes. */
    record LargeListView(Field valueField) implements ArrowType {
        public LargeListView {
            Objects.requireNonNull(valueField, "valueField");
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.offsets(64), BufferSpec.sizes(64));
        }

        @Override
        public java.util.List<Field> children() {
            return java.util.List.of(valueField);
        }

        @Override
        public String toString() {
            return "large_list_view<" + valueField + ">";
        }
    }

    /** Lists that all have {@code listSize} elements. */
    record FixedSizeList(Field valueField, int listSize) implements ArrowType {
        public FixedSizeList {
            Objects.requireNonNull(valueField, "valueField");
            if (listSize < 0) {
                throw new InvalidTypeException("fixed-size list size must not be negative, not " + listSize);
            }
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY);
        }

        @Override
        public java.util.List<Field> children() {
            return java.util.List.of(valueField);
        }

        @Override
        public String toString() {
            return "fixed_size_list<" + valueField + ">[" + listSize + "]";
        }
    }

    /** A struct of named child fields (names may repeat, as the format allows). */
    record Struct(java.util.List<Field> fields) implements ArrowType {
        public Struct {
            fields = java.util.List.copyOf(fields);
        }

        public static Struct of(Field... fields) {
            return new Struct(java.util.List.of(fields));
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY);
        }

        @Override
        public java.util.List<Field> children() {
            return fields;
        }

        @Override
        public String toString() {
            return fields.stream().map(Field::toString).collect(Collectors.joining(", ", "struct<", ">"));
        }
    }

    /**
     * A map: a list of entries, each a struct of a non-null key and a value. The names of the entries,
     * key and value fields are not part of the map's identity in other implementations, but are kept.
     */
    record Map(Field entries, boolean keysSorted) implements ArrowType {
        public Map {
            Objects.requireNonNull(entries, "entries");
            if (!(entries.type() instanceof Struct s) || s.fields().size() != 2) {
                throw new InvalidTypeException("map entries must be a struct of two fields (key, value), not "
                        + entries.type());
            }
            if (s.fields().get(0).nullable()) {
                throw new InvalidTypeException("map keys must not be nullable: " + s.fields().get(0));
            }
        }

        public static Map of(ArrowType keyType, ArrowType valueType, boolean keysSorted) {
            return new Map(Field.notNull("entries",
                    Struct.of(Field.notNull("key", keyType), Field.nullable("value", valueType))), keysSorted);
        }

        public Field keyField() {
            return entries.children().get(0);
        }

        public Field valueField() {
            return entries.children().get(1);
        }

        public Layout layout() {
            return Layout.of(BufferSpec.VALIDITY, BufferSpec.offsets(32));
        }

        @Override
        public java.util.List<Field> children() {
            return java.util.List.of(entries);
        }

        @Override
        public String toString() {
            return "map<" + keyField() + ", " + valueField() + (keysSorted ? ", keys sorted" : "") + ">";
        }
    }

    /**
     * A sparse or dense union. {@code typeIds.get(i)} is the type id that selects child {@code i}; ids are
     * distinct and in 0..127.
     */
    record Union(UnionMode mode, java.util.List<Field> fields, java.util.List<Integer> typeIds) implements ArrowType {
        public Union {
            Objects.requireNonNull(mode, "mode");
            fields = java.util.List.copyOf(fields);
            if (typeIds == null) {
                java.util.List<Integer> ids = new ArrayList<>();
                for (int i = 0; i < fields.size(); i++) {
                    ids.add(i);
                }
                typeIds = ids;
            }
            typeIds = java.util.List.copyOf(typeIds);
            if (typeIds.size() != fields.size()) {
                throw new InvalidTypeException("union has " + fields.size() + " children but " + typeIds.size()
                        + " type ids");
            }
            Set<Integer> seen = new HashSet<>();
            for (int id : typeIds) {
                if (id < 0 || id > 127) {
                    throw new InvalidTypeException("union type id " + id + " is outside 0..127");
                }
                if (!seen.add(id)) {
                    throw new InvalidTypeException("union type id " + id + " is repeated in " + typeIds);
                }
            }
        }

        /** A union whose type ids are 0..n-1 in child order. */
        public Union(UnionMode mode, java.util.List<Field> fields) {
            this(mode, fields, null);
        }

        /** The child index a type id selects, or -1 if the id is not declared. */
        public int childIndex(int typeId) {
            return typeIds.indexOf(typeId);
        }

        public Layout layout() {
            return mode == UnionMode.SPARSE
                    ? Layout.of(BufferSpec.TYPE_IDS)
                    : Layout.of(BufferSpec.TYPE_IDS, BufferSpec.offsets(32));
        }

        @Override
        public java.util.List<Field> children() {
            return fields;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(mode == UnionMode.SPARSE ? "sparse_union<" : "dense_union<");
            for (int i = 0; i < fields.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append(fields.get(i)).append("=").append(typeIds.get(i));
            }
            return sb.append('>').toString();
        }
    }

    /** Run-end encoding: run ends (int16, int32 or int64, never null) and the value of each run. */
    record RunEndEncoded(Field runEnds, Field values) implements ArrowType {
        public RunEndEncoded {
            Objects.requireNonNull(runEnds, "runEnds");
            Objects.requireNonNull(values, "values");
            if (!(runEnds.type() instanceof Int i) || !i.signed() || i.bitWidth() == 8) {
                throw new InvalidTypeException("run ends must be int16, int32 or int64, not " + runEnds.type());
            }
            if (runEnds.nullable()) {
                throw new InvalidTypeException("run ends must not be nullable");
            }
        }

        public static RunEndEncoded of(Int runEndType, ArrowType valueType) {
            return new RunEndEncoded(Field.notNull("run_ends", runEndType), Field.nullable("values", valueType));
        }

        public Layout layout() {
            return Layout.of();
        }

        @Override
        public java.util.List<Field> children() {
            return java.util.List.of(runEnds, values);
        }

        @Override
        public String toString() {
            return "run_end_encoded<" + runEnds + ", " + values + ">";
        }
    }

    /**
     * Dictionary encoding: integer indices (any width, signed or not) into a dictionary of
     * {@code valueType}. Physically an array of the index type; nulls come only from the indices.
     */
    record Dictionary(Int indexType, ArrowType valueType, boolean ordered) implements ArrowType {
        public Dictionary {
            Objects.requireNonNull(indexType, "indexType");
            Objects.requireNonNull(valueType, "valueType");
        }

        public Layout layout() {
            return indexType.layout();
        }

        @Override
        public String toString() {
            return "dictionary<values=" + valueType + ", indices=" + indexType + (ordered ? ", ordered" : "") + ">";
        }
    }

    /**
     * An extension type: a named logical type stored as {@code storageType}, with serialized metadata
     * (empty when there is none). See {@link ExtensionTypes}.
     */
    record Extension(String name, ArrowType storageType, String metadata) implements ArrowType {
        public Extension {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(storageType, "storageType");
            metadata = metadata == null ? "" : metadata;
            if (name.isEmpty()) {
                throw new InvalidTypeException("extension name must not be empty");
            }
            if (storageType instanceof Extension) {
                throw new InvalidTypeException("extension " + name + " cannot be stored as another extension");
            }
        }

        public Layout layout() {
            return storageType.layout();
        }

        @Override
        public java.util.List<Field> children() {
            return storageType.children();
        }

        @Override
        public String toString() {
            return "extension<" + name + ", storage=" + storageType + ">";
        }
    }
}
