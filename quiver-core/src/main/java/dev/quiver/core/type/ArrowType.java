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

    /**
     * The physical layout of an array of this type.
     *
     * @return its buffers in the order of the spec's buffer listing table (children not included)
     */
    Layout layout();

    /**
     * The child fields of a nested type.
     *
     * @return the children in order (for an extension type, those of its storage type); empty for
     *     types without children
     */
    default java.util.List<Field> children() {
        return java.util.List.of();
    }

    /** The null type: every value is null. */
    Null NULL = new Null();
    /** Booleans, one bit each. */
    Bool BOOL = new Bool();
    /** Signed 8-bit integers. */
    Int INT8 = new Int(8, true);
    /** Signed 16-bit integers. */
    Int INT16 = new Int(16, true);
    /** Signed 32-bit integers. */
    Int INT32 = new Int(32, true);
    /** Signed 64-bit integers. */
    Int INT64 = new Int(64, true);
    /** Unsigned 8-bit integers. */
    Int UINT8 = new Int(8, false);
    /** Unsigned 16-bit integers. */
    Int UINT16 = new Int(16, false);
    /** Unsigned 32-bit integers. */
    Int UINT32 = new Int(32, false);
    /** Unsigned 64-bit integers. */
    Int UINT64 = new Int(64, false);
    /** IEEE 754 half-precision (16-bit) floats. */
    FloatingPoint FLOAT16 = new FloatingPoint(Precision.HALF);
    /** IEEE 754 single-precision (32-bit) floats. */
    FloatingPoint FLOAT32 = new FloatingPoint(Precision.SINGLE);
    /** IEEE 754 double-precision (64-bit) floats. */
    FloatingPoint FLOAT64 = new FloatingPoint(Precision.DOUBLE);
    /** Variable-size bytes with 32-bit offsets. */
    Binary BINARY = new Binary();
    /** UTF-8 strings with 32-bit offsets. */
    Utf8 UTF8 = new Utf8();
    /** Variable-size bytes with 64-bit offsets. */
    LargeBinary LARGE_BINARY = new LargeBinary();
    /** UTF-8 strings with 64-bit offsets. */
    LargeUtf8 LARGE_UTF8 = new LargeUtf8();
    /** Variable-size bytes as 16-byte views. */
    BinaryView BINARY_VIEW = new BinaryView();
    /** UTF-8 strings as 16-byte views. */
    Utf8View UTF8_VIEW = new Utf8View();

    /** All values null; no buffers at all. The only instance needed is {@link #NULL}. */
    record Null() implements ArrowType {
        public Layout layout() {
            return Layout.of();
        }

        @Override
        public String toString() {
            return "null";
        }
    }

    /**
     * A signed or unsigned integer of 8, 16, 32 or 64 bits.
     *
     * @param bitWidth the width in bits: 8, 16, 32 or 64
     * @param signed true for two's complement signed integers, false for unsigned ones
     */
    record Int(int bitWidth, boolean signed) implements ArrowType {
        /**
         * Checks the width.
         *
         * @throws InvalidTypeException if the width is not 8, 16, 32 or 64
         */
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

    /**
     * A half (16-bit), single or double precision IEEE 754 float.
     *
     * @param precision the precision, which fixes the width
     */
    record FloatingPoint(Precision precision) implements ArrowType {
        /**
         * Checks the precision.
         *
         * @throws NullPointerException if {@code precision} is null
         */
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

    /**
     * Byte strings that all have the same width: at most {@link #MAX_BYTE_WIDTH} bytes, so that the width
     * of its values in bits, as its {@link BufferSpec} states it, fits an {@code int}.
     *
     * @param byteWidth the width of every value in bytes, from 1 to {@link #MAX_BYTE_WIDTH}
     */
    record FixedSizeBinary(int byteWidth) implements ArrowType {
        /** The widest fixed-size binary: 2^28 - 1 bytes, whose width in bits still fits an {@code int}. */
        public static final int MAX_BYTE_WIDTH = Integer.MAX_VALUE / 8;

        /**
         * Checks the width.
         *
         * @throws InvalidTypeException if {@code byteWidth} is not positive or exceeds {@link #MAX_BYTE_WIDTH}
         */
        public FixedSizeBinary {
            if (byteWidth <= 0) {
                throw new InvalidTypeException("fixed-size binary width must be positive, not " + byteWidth);
            }
            if (byteWidth > MAX_BYTE_WIDTH) {
                throw new InvalidTypeException("fixed-size binary width must be at most " + MAX_BYTE_WIDTH
                        + " bytes, not " + byteWidth);
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

    /**
     * A decimal: an unscaled two's complement integer of 32, 64, 128 or 256 bits, and a scale. The value
     * is {@code unscaled * 10^-scale}.
     *
     * @param precision the most decimal digits of the unscaled value, from 1 to
     *     {@link #maxPrecision(int) maxPrecision(bitWidth)}
     * @param scale the number of digits after the decimal point; may be negative or exceed the precision
     * @param bitWidth the width of the unscaled value in bits: 32, 64, 128 or 256
     */
    record Decimal(int precision, int scale, int bitWidth) implements ArrowType {
        /**
         * Checks the width and the precision.
         *
         * @throws InvalidTypeException if the width is not 32, 64, 128 or 256, or the precision is not
         *     between 1 and the width's maximum
         */
        public Decimal {
            int max = maxPrecision(bitWidth);
            if (precision < 1 || precision > max) {
                throw new InvalidTypeException("decimal" + bitWidth + " precision must be between 1 and " + max
                        + ", not " + precision);
            }
        }

        /**
         * A 128-bit decimal, the default width of Schema.fbs.
         *
         * @param precision the most decimal digits, from 1 to 38
         * @param scale the number of digits after the decimal point
         * @throws InvalidTypeException if the precision is not between 1 and 38
         */
        public Decimal(int precision, int scale) {
            this(precision, scale, 128);
        }

        /**
         * The most decimal digits an integer of the given width holds in full.
         *
         * @param bitWidth the width in bits: 32, 64, 128 or 256
         * @return 9, 18, 38 or 76
         * @throws InvalidTypeException if the width is not 32, 64, 128 or 256
         */
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

    /**
     * Days since the UNIX epoch in 32 bits (date32), or milliseconds since the epoch in 64 bits (date64).
     *
     * @param unit the unit, which fixes the width
     */
    record Date(DateUnit unit) implements ArrowType {
        /**
         * Checks the unit.
         *
         * @throws NullPointerException if {@code unit} is null
         */
        public Date {
            Objects.requireNonNull(unit, "unit");
        }

        /**
         * The width of a value.
         *
         * @return 32 for days, 64 for milliseconds
         */
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

    /**
     * Time since midnight: 32 bits for seconds and milliseconds, 64 for micro- and nanoseconds.
     *
     * @param unit the unit of the values
     * @param bitWidth the width in bits, which the unit fixes: 32 or 64
     */
    record Time(TimeUnit unit, int bitWidth) implements ArrowType {
        /**
         * Checks that the width is the unit's.
         *
         * @throws NullPointerException if {@code unit} is null
         * @throws InvalidTypeException if the width is not the one the unit requires
         */
        public Time {
            Objects.requireNonNull(unit, "unit");
            int expected = widthFor(unit);
            if (bitWidth != expected) {
                throw new InvalidTypeException("time in " + unit + " must be " + expected + " bits, not " + bitWidth);
            }
        }

        /**
         * A time of the width the unit requires.
         *
         * @param unit the unit of the values
         * @throws NullPointerException if {@code unit} is null
         */
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

    /**
     * A 64-bit count of units since the UNIX epoch, with an optional time zone.
     *
     * @param unit the unit of the values
     * @param timezone the time zone as the format carries it (an IANA name such as
     *     {@code Europe/Paris}, or an offset such as {@code +02:00}); null for a timestamp without a
     *     time zone, whose values are wall-clock times
     */
    record Timestamp(TimeUnit unit, String timezone) implements ArrowType {
        /**
         * Checks the unit.
         *
         * @throws NullPointerException if {@code unit} is null
         */
        public Timestamp {
            Objects.requireNonNull(unit, "unit");
        }

        /**
         * A timestamp without a time zone.
         *
         * @param unit the unit of the values
         * @throws NullPointerException if {@code unit} is null
         */
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

    /**
     * A calendar interval; the unit fixes the physical width.
     *
     * @param unit the unit, which fixes the width and the fields of a value
     */
    record Interval(IntervalUnit unit) implements ArrowType {
        /**
         * Checks the unit.
         *
         * @throws NullPointerException if {@code unit} is null
         */
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

    /**
     * An exact length of time, a 64-bit count of units.
     *
     * @param unit the unit of the values
     */
    record Duration(TimeUnit unit) implements ArrowType {
        /**
         * Checks the unit.
         *
         * @throws NullPointerException if {@code unit} is null
         */
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

    /**
     * A list with 32-bit offsets.
     *
     * @param valueField the field of the elements (its name is usually {@code item})
     */
    record List(Field valueField) implements ArrowType {
        /**
         * Checks the value field.
         *
         * @throws NullPointerException if {@code valueField} is null
         */
        public List {
            Objects.requireNonNull(valueField, "valueField");
        }

        /**
         * A list of nullable elements in a field named {@code item}, the usual name.
         *
         * @param valueType the type of the elements
         * @return the list type
         * @throws NullPointerException if {@code valueType} is null
         */
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

    /**
     * A list with 64-bit offsets.
     *
     * @param valueField the field of the elements (its name is usually {@code item})
     */
    record LargeList(Field valueField) implements ArrowType {
        /**
         * Checks the value field.
         *
         * @throws NullPointerException if {@code valueField} is null
         */
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

    /**
     * A list view: 32-bit offsets and sizes, in any order, possibly sharing child ranges.
     *
     * @param valueField the field of the elements (its name is usually {@code item})
     */
    record ListView(Field valueField) implements ArrowType {
        /**
         * Checks the value field.
         *
         * @throws NullPointerException if {@code valueField} is null
         */
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

    /**
     * A list view with 64-bit offsets and sizes.
     *
     * @param valueField the field of the elements (its name is usually {@code item})
     */
    record LargeListView(Field valueField) implements ArrowType {
        /**
         * Checks the value field.
         *
         * @throws NullPointerException if {@code valueField} is null
         */
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

    /**
     * Lists that all have {@code listSize} elements.
     *
     * @param valueField the field of the elements
     * @param listSize the number of elements of every list, 0 or more
     */
    record FixedSizeList(Field valueField, int listSize) implements ArrowType {
        /**
         * Checks the value field and the size.
         *
         * @throws NullPointerException if {@code valueField} is null
         * @throws InvalidTypeException if the size is negative
         */
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

    /**
     * A struct of named child fields (names may repeat, as the format allows).
     *
     * @param fields the child fields in order, possibly none
     */
    record Struct(java.util.List<Field> fields) implements ArrowType {
        /**
         * Copies the fields into an unmodifiable list.
         *
         * @throws NullPointerException if {@code fields} or one of them is null
         */
        public Struct {
            fields = java.util.List.copyOf(fields);
        }

        /**
         * A struct of the given fields.
         *
         * @param fields the child fields in order
         * @return the struct type
         * @throws NullPointerException if a field is null
         */
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
     *
     * @param entries the field of the entries: a struct of exactly two fields, the key (not nullable)
     *     and the value
     * @param keysSorted whether the keys of each map are sorted (a promise of the producer, not checked)
     */
    record Map(Field entries, boolean keysSorted) implements ArrowType {
        /**
         * Checks the entries' shape.
         *
         * @throws NullPointerException if {@code entries} is null
         * @throws InvalidTypeException if the entries are not a struct of two fields, or the key field is
         *     nullable
         */
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

        /**
         * A map with the usual field names: non-null {@code entries} of a non-null {@code key} and a
         * nullable {@code value}.
         *
         * @param keyType the type of the keys
         * @param valueType the type of the values
         * @param keysSorted whether the keys of each map are sorted
         * @return the map type
         * @throws NullPointerException if a type is null
         */
        public static Map of(ArrowType keyType, ArrowType valueType, boolean keysSorted) {
            return new Map(Field.notNull("entries",
                    Struct.of(Field.notNull("key", keyType), Field.nullable("value", valueType))), keysSorted);
        }

        /**
         * The key field of the entries.
         *
         * @return the first field of the entries' struct, never nullable
         */
        public Field keyField() {
            return entries.children().get(0);
        }

        /**
         * The value field of the entries.
         *
         * @return the second field of the entries' struct
         */
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
     *
     * @param mode sparse (every child as long as the union) or dense (children addressed by offsets)
     * @param fields the children in order, possibly none
     * @param typeIds the type id of each child, as many as children; null for 0..n-1 in child order
     */
    record Union(UnionMode mode, java.util.List<Field> fields, java.util.List<Integer> typeIds) implements ArrowType {
        /**
         * Copies the fields and ids into unmodifiable lists and checks the ids.
         *
         * @throws NullPointerException if {@code mode} or {@code fields} is null, or holds a null
         * @throws InvalidTypeException if the numbers of ids and children differ, or an id is outside
         *     0..127 or repeated
         */
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

        /**
         * A union whose type ids are 0..n-1 in child order.
         *
         * @param mode sparse or dense
         * @param fields the children in order
         * @throws NullPointerException if {@code mode} or {@code fields} is null, or holds a null
         * @throws InvalidTypeException if there are more than 128 children
         */
        public Union(UnionMode mode, java.util.List<Field> fields) {
            this(mode, fields, null);
        }

        /**
         * The child a type id selects.
         *
         * @param typeId a type id, as stored in a union array's type ids buffer
         * @return the index of the child, or -1 if the id is not declared
         */
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

    /**
     * Run-end encoding: run ends (int16, int32 or int64, never null) and the value of each run. No
     * buffers of its own; no validity bitmap either: nulls are runs of null values.
     *
     * @param runEnds the field of the run ends: a non-nullable int16, int32 or int64
     * @param values the field of the run values
     */
    record RunEndEncoded(Field runEnds, Field values) implements ArrowType {
        /**
         * Checks the run ends' field.
         *
         * @throws NullPointerException if a field is null
         * @throws InvalidTypeException if the run ends are not a signed 16-, 32- or 64-bit integer, or
         *     are nullable
         */
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

        /**
         * A run-end encoded type with the usual field names: non-null {@code run_ends} and nullable
         * {@code values}.
         *
         * @param runEndType the type of the run ends: {@link ArrowType#INT16}, {@link ArrowType#INT32} or
         *     {@link ArrowType#INT64}
         * @param valueType the type of the values
         * @return the run-end encoded type
         * @throws InvalidTypeException if the run end type is not int16, int32 or int64
         */
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
     *
     * @param indexType the type of the indices
     * @param valueType the type of the dictionary's values
     * @param ordered whether the order of the dictionary's values is meaningful (for sorting)
     */
    record Dictionary(Int indexType, ArrowType valueType, boolean ordered) implements ArrowType {
        /**
         * Checks the types.
         *
         * @throws NullPointerException if a type is null
         */
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
     *
     * @param name the extension's name, such as {@code arrow.uuid}; not empty
     * @param storageType the type its values are stored as; not itself an extension
     * @param metadata the serialized metadata; null is taken as empty
     */
    record Extension(String name, ArrowType storageType, String metadata) implements ArrowType {
        /**
         * Checks the name and the storage type.
         *
         * @throws NullPointerException if {@code name} or {@code storageType} is null
         * @throws InvalidTypeException if the name is empty, or the storage type is an extension
         */
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
