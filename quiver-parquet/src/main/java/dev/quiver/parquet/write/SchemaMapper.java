// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.Types;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.ConvertedType;
import dev.quiver.parquet.format.LogicalType;
import dev.quiver.parquet.format.PhysicalType;
import dev.quiver.parquet.format.Repetition;
import dev.quiver.parquet.format.SchemaElement;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The Parquet schema of an Arrow schema, as Arrow C++ maps it: nullable fields OPTIONAL, others REQUIRED;
 * lists (plain, large, fixed-size, views) as three-level LIST groups ({@code repeated group list} holding
 * {@code element}); maps as MAP groups ({@code repeated group key_value} holding a required {@code key} and
 * {@code value}); structs as groups; dictionaries as their values; extension types as their storage. Types
 * without a mapping (intervals, unions, run-end encoded, empty structs, zero-width fixed-size binary) are
 * refused naming the column.
 */
public final class SchemaMapper {
    /** The Field metadata key Arrow C++ takes a Parquet field id from. */
    static final String FIELD_ID = "PARQUET:field_id";

    private final List<SchemaElement> elements = new ArrayList<>();
    private final List<LeafSpec> leaves = new ArrayList<>();

    private SchemaMapper() {
    }

    /**
     * The flattened Parquet schema (root first) and the leaves of an Arrow schema.
     *
     * @param elements the schema elements
     * @param leaves the leaf columns in schema order
     */
    public record Plan(List<SchemaElement> elements, List<LeafSpec> leaves) {
    }

    /**
     * Maps a schema.
     *
     * @param schema the Arrow schema
     * @return the plan
     * @throws ParquetException naming the first column whose type has no Parquet mapping
     */
    public static Plan map(Schema schema) {
        SchemaMapper m = new SchemaMapper();
        m.elements.add(new SchemaElement(null, null, null, "schema", schema.fields().size(), null, null, null, null,
                null));
        for (int i = 0; i < schema.fields().size(); i++) {
            Field f = schema.fields().get(i);
            m.node(i, f, f.name(), f.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED, new ArrayList<>(),
                    new ArrayList<>(), 0, 0);
        }
        return new Plan(List.copyOf(m.elements), List.copyOf(m.leaves));
    }

    private void node(int column, Field field, String name, int repetition, List<Integer> path, List<String> names,
            int def, int rep) {
        ArrowType type = Types.storage(field.type());
        if (type instanceof ArrowType.Dictionary d) {
            type = Types.storage(d.valueType());
        }
        if (type instanceof ArrowType.Null) {
            repetition = Repetition.OPTIONAL;
        }
        if (repetition == Repetition.OPTIONAL) {
            def++;
        }
        names.add(name);
        String dotted = String.join(".", names);
        Integer fieldId = fieldId(field, dotted);
        switch (type) {
            case ArrowType.Struct s -> {
                if (s.fields().isEmpty()) {
                    throw refused(dotted, type, "a struct without fields has no Parquet group");
                }
                elements.add(new SchemaElement(null, null, repetition, name, s.fields().size(), null, null, null,
                        fieldId, null));
                for (int k = 0; k < s.fields().size(); k++) {
                    Field child = s.fields().get(k);
                    path.add(k);
                    node(column, child, child.name(), child.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED,
                            path, names, def, rep);
                    path.removeLast();
                }
            }
            case ArrowType.Map m -> {
                elements.add(new SchemaElement(null, null, repetition, name, 1, ConvertedType.MAP, null, null, fieldId,
                        LogicalType.of(LogicalType.MAP)));
                elements.add(new SchemaElement(null, null, Repetition.REPEATED, "key_value", 2, null, null, null, null,
                        null));
                names.add("key_value");
                List<Field> kv = m.entries().type().children();
                path.add(0);
                path.add(0);
                node(column, kv.get(0), "key", Repetition.REQUIRED, path, names, def + 1, rep + 1);
                path.removeLast();
                path.add(1);
                node(column, kv.get(1), "value", kv.get(1).nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED,
                        path, names, def + 1, rep + 1);
                path.removeLast();
                path.removeLast();
                names.removeLast();
            }
            case ArrowType.List l -> list(column, l.valueField(), name, repetition, fieldId, path, names, def, rep);
            case ArrowType.LargeList l -> list(column, l.valueField(), name, repetition, fieldId, path, names, def, rep);
            case ArrowType.ListView l -> list(column, l.valueField(), name, repetition, fieldId, path, names, def, rep);
            case ArrowType.LargeListView l ->
                    list(column, l.valueField(), name, repetition, fieldId, path, names, def, rep);
            case ArrowType.FixedSizeList l ->
                    list(column, l.valueField(), name, repetition, fieldId, path, names, def, rep);
            default -> leaf(column, type, name, repetition, fieldId, path, names, dotted, def, rep);
        }
        names.removeLast();
    }

    private void list(int column, Field element, String name, int repetition, Integer fieldId, List<Integer> path,
            List<String> names, int def, int rep) {
        elements.add(new SchemaElement(null, null, repetition, name, 1, ConvertedType.LIST, null, null, fieldId,
                LogicalType.of(LogicalType.LIST)));
        elements.add(new SchemaElement(null, null, Repetition.REPEATED, "list", 1, null, null, null, null, null));
        names.add("list");
        path.add(0);
        node(column, element, "element", element.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED, path, names,
                def + 1, rep + 1);
        path.removeLast();
        names.removeLast();
    }

    private void leaf(int column, ArrowType type, String name, int repetition, Integer fieldId, List<Integer> path,
            List<String> names, String dotted, int def, int rep) {
        int physical;
        int length = 0;
        Integer converted = null;
        LogicalType logical = null;
        Integer scale = null;
        Integer precision = null;
        ValueKind kind;
        SortOrder order;
        switch (type) {
            case ArrowType.Null n -> {
                physical = PhysicalType.INT32;
                logical = LogicalType.of(LogicalType.UNKNOWN);
                kind = ValueKind.NONE;
                order = SortOrder.SIGNED_INT32;
            }
            case ArrowType.Bool b -> {
                physical = PhysicalType.BOOLEAN;
                kind = ValueKind.BOOLEAN;
                order = SortOrder.BOOLEAN;
            }
            case ArrowType.Int i -> {
                boolean wide = i.bitWidth() == 64;
                physical = wide ? PhysicalType.INT64 : PhysicalType.INT32;
                if (i.bitWidth() < 32 || !i.signed()) {
                    logical = LogicalType.integer(i.bitWidth(), i.signed());
                    converted = intConverted(i);
                }
                kind = switch (i.bitWidth()) {
                    case 8 -> i.signed() ? ValueKind.INT8 : ValueKind.UINT8;
                    case 16 -> i.signed() ? ValueKind.INT16 : ValueKind.UINT16;
                    case 32 -> ValueKind.INT32;
                    default -> ValueKind.INT64;
                };
                order = wide ? (i.signed() ? SortOrder.SIGNED_INT64 : SortOrder.UNSIGNED_INT64)
                        : (i.signed() ? SortOrder.SIGNED_INT32 : SortOrder.UNSIGNED_INT32);
            }
            case ArrowType.FloatingPoint f -> {
                if (f.precision() == Precision.HALF) {
                    physical = PhysicalType.FIXED_LEN_BYTE_ARRAY;
                    length = 2;
                    logical = LogicalType.of(LogicalType.FLOAT16);
                    kind = ValueKind.FIXED;
                    order = SortOrder.FLOAT16;
                } else if (f.precision() == Precision.SINGLE) {
                    physical = PhysicalType.FLOAT;
                    kind = ValueKind.FLOAT;
                    order = SortOrder.FLOAT;
                } else {
                    physical = PhysicalType.DOUBLE;
                    kind = ValueKind.DOUBLE;
                    order = SortOrder.DOUBLE;
                }
            }
            case ArrowType.Utf8 u -> {
                physical = PhysicalType.BYTE_ARRAY;
                converted = ConvertedType.UTF8;
                logical = LogicalType.of(LogicalType.STRING);
                kind = ValueKind.BINARY;
                order = SortOrder.UNSIGNED_BYTES;
            }
            case ArrowType.LargeUtf8 u -> {
                physical = PhysicalType.BYTE_ARRAY;
                converted = ConvertedType.UTF8;
                logical = LogicalType.of(LogicalType.STRING);
                kind = ValueKind.LARGE_BINARY;
                order = SortOrder.UNSIGNED_BYTES;
            }
            case ArrowType.Utf8View u -> {
                physical = PhysicalType.BYTE_ARRAY;
                converted = ConvertedType.UTF8;
                logical = LogicalType.of(LogicalType.STRING);
                kind = ValueKind.BINARY_VIEW;
                order = SortOrder.UNSIGNED_BYTES;
            }
            case ArrowType.Binary u -> {
                physical = PhysicalType.BYTE_ARRAY;
                kind = ValueKind.BINARY;
                order = SortOrder.UNSIGNED_BYTES;
            }
            case ArrowType.LargeBinary u -> {
                physical = PhysicalType.BYTE_ARRAY;
                kind = ValueKind.LARGE_BINARY;
                order = SortOrder.UNSIGNED_BYTES;
            }
            case ArrowType.BinaryView u -> {
                physical = PhysicalType.BYTE_ARRAY;
                kind = ValueKind.BINARY_VIEW;
                order = SortOrder.UNSIGNED_BYTES;
            }
            case ArrowType.FixedSizeBinary b -> {
                if (b.byteWidth() < 1) {
                    throw refused(dotted, type, "FIXED_LEN_BYTE_ARRAY needs a length of 1 or more");
                }
                physical = PhysicalType.FIXED_LEN_BYTE_ARRAY;
                length = b.byteWidth();
                kind = ValueKind.FIXED;
                order = SortOrder.UNSIGNED_BYTES;
            }
            case ArrowType.Decimal d -> {
                physical = PhysicalType.FIXED_LEN_BYTE_ARRAY;
                length = decimalBytes(d.precision());
                converted = ConvertedType.DECIMAL;
                scale = d.scale();
                precision = d.precision();
                logical = LogicalType.decimal(d.precision(), d.scale());
                kind = ValueKind.DECIMAL;
                order = SortOrder.SIGNED_BYTES;
            }
            case ArrowType.Date d -> {
                physical = PhysicalType.INT32;
                converted = ConvertedType.DATE;
                logical = LogicalType.of(LogicalType.DATE);
                kind = d.unit() == DateUnit.DAY ? ValueKind.INT32 : ValueKind.DATE64;
                order = SortOrder.SIGNED_INT32;
            }
            case ArrowType.Time t -> {
                boolean narrow = t.unit() == TimeUnit.SECOND || t.unit() == TimeUnit.MILLISECOND;
                physical = narrow ? PhysicalType.INT32 : PhysicalType.INT64;
                int unit = narrow ? LogicalType.MILLIS : t.unit() == TimeUnit.MICROSECOND ? LogicalType.MICROS
                        : LogicalType.NANOS;
                logical = LogicalType.temporal(LogicalType.TIME, false, unit);
                // not adjusted to UTC, as Arrow C++ writes times: no converted type (TIME_MILLIS/MICROS mean UTC)
                kind = t.unit() == TimeUnit.SECOND ? ValueKind.TIME32_SECONDS : narrow ? ValueKind.INT32 : ValueKind.INT64;
                order = narrow ? SortOrder.SIGNED_INT32 : SortOrder.SIGNED_INT64;
            }
            case ArrowType.Timestamp t -> {
                physical = PhysicalType.INT64;
                boolean utc = t.timezone() != null && !t.timezone().isEmpty();
                int unit = switch (t.unit()) {
                    case SECOND, MILLISECOND -> LogicalType.MILLIS;
                    case MICROSECOND -> LogicalType.MICROS;
                    case NANOSECOND -> LogicalType.NANOS;
                };
                logical = LogicalType.temporal(LogicalType.TIMESTAMP, utc, unit);
                if (utc && unit != LogicalType.NANOS) {
                    converted = unit == LogicalType.MILLIS ? ConvertedType.TIMESTAMP_MILLIS
                            : ConvertedType.TIMESTAMP_MICROS;
                }
                kind = t.unit() == TimeUnit.SECOND ? ValueKind.TIMESTAMP_SECONDS : ValueKind.INT64;
                order = SortOrder.SIGNED_INT64;
            }
            case ArrowType.Duration d -> {
                physical = PhysicalType.INT64;
                kind = ValueKind.INT64;
                order = SortOrder.SIGNED_INT64;
            }
            default -> throw refused(dotted, type, "Parquet has no type for it (as in Arrow C++)");
        }
        elements.add(new SchemaElement(physical, length > 0 ? length : null, repetition, name, null, converted, scale,
                precision, fieldId, logical));
        int[] childPath = path.stream().mapToInt(Integer::intValue).toArray();
        leaves.add(new LeafSpec(column, childPath, dotted, List.copyOf(names), physical, length, kind, order, def, rep));
    }

    private static Integer intConverted(ArrowType.Int i) {
        return switch (i.bitWidth()) {
            case 8 -> i.signed() ? ConvertedType.INT_8 : ConvertedType.UINT_8;
            case 16 -> i.signed() ? ConvertedType.INT_16 : ConvertedType.UINT_16;
            case 32 -> i.signed() ? ConvertedType.INT_32 : ConvertedType.UINT_32;
            default -> i.signed() ? ConvertedType.INT_64 : ConvertedType.UINT_64;
        };
    }

    /**
     * The bytes of a FIXED_LEN_BYTE_ARRAY holding a decimal of a precision: the fewest whose signed range
     * holds {@code 10^precision - 1}.
     *
     * @param precision the precision, 1 or more
     * @return the bytes
     */
    public static int decimalBytes(int precision) {
        BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
        return max.bitLength() / 8 + 1;
    }

    private static Integer fieldId(Field field, String dotted) {
        String id = field.metadata() == null ? null : field.metadata().get(FIELD_ID);
        if (id == null) {
            return null;
        }
        try {
            return Integer.valueOf(id.trim());
        } catch (NumberFormatException e) {
            throw new ParquetException("column " + dotted + ": metadata " + FIELD_ID + " is not an integer: " + id);
        }
    }

    private static ParquetException refused(String column, ArrowType type, String why) {
        return new ParquetException("column " + column + ": type " + type + " cannot be written to Parquet: " + why);
    }
}
