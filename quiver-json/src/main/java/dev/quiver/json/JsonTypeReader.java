// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static dev.quiver.json.JsonAccess.array;
import static dev.quiver.json.JsonAccess.bool;
import static dev.quiver.json.JsonAccess.integer;
import static dev.quiver.json.JsonAccess.string;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import dev.quiver.json.JsonValue.JNull;
import dev.quiver.json.JsonValue.JObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Reads a field's {@code "type"} object, given its already-read child fields. */
final class JsonTypeReader {
    private JsonTypeReader() {
    }

    static ArrowType read(JObject type, List<Field> children, String place) {
        String name = string(type, "name", place);
        return switch (name) {
            case "null" -> leaf(ArrowType.NULL, children, place);
            case "bool" -> leaf(ArrowType.BOOL, children, place);
            case "int" -> leaf(integerType(type, place), children, place);
            case "floatingpoint" -> leaf(new ArrowType.FloatingPoint(
                    enumValue(Precision.class, string(type, "precision", place), place)), children, place);
            case "utf8" -> leaf(ArrowType.UTF8, children, place);
            case "binary" -> leaf(ArrowType.BINARY, children, place);
            case "largeutf8" -> leaf(ArrowType.LARGE_UTF8, children, place);
            case "largebinary" -> leaf(ArrowType.LARGE_BINARY, children, place);
            case "utf8view" -> leaf(ArrowType.UTF8_VIEW, children, place);
            case "binaryview" -> leaf(ArrowType.BINARY_VIEW, children, place);
            case "fixedsizebinary" -> leaf(new ArrowType.FixedSizeBinary(integer(type, "byteWidth", place)),
                    children, place);
            case "decimal" -> leaf(decimal(type, type.has("bitWidth") ? integer(type, "bitWidth", place) : 128,
                    place), children, place);
            case "decimal32", "decimal64", "decimal256" -> leaf(decimal(type,
                    Integer.parseInt(name.substring("decimal".length())), place), children, place);
            case "date" -> leaf(new ArrowType.Date(dateUnit(string(type, "unit", place), place)), children, place);
            case "time" -> leaf(new ArrowType.Time(timeUnit(type, place), integer(type, "bitWidth", place)),
                    children, place);
            case "timestamp" -> leaf(new ArrowType.Timestamp(timeUnit(type, place), timezone(type, place)),
                    children, place);
            case "duration" -> leaf(new ArrowType.Duration(timeUnit(type, place)), children, place);
            case "interval" -> leaf(new ArrowType.Interval(
                    enumValue(IntervalUnit.class, string(type, "unit", place), place)), children, place);
            case "list" -> new ArrowType.List(single(children, name, place));
            case "largelist" -> new ArrowType.LargeList(single(children, name, place));
            case "listview" -> new ArrowType.ListView(single(children, name, place));
            case "largelistview" -> new ArrowType.LargeListView(single(children, name, place));
            case "fixedsizelist" -> new ArrowType.FixedSizeList(single(children, name, place),
                    integer(type, "listSize", place));
            case "struct" -> new ArrowType.Struct(children);
            case "map" -> new ArrowType.Map(single(children, name, place), bool(type, "keysSorted", place));
            case "union" -> union(type, children, place);
            case "runendencoded" -> runEndEncoded(children, place);
            default -> throw JsonFormatException.at(place, "unknown type name \"" + name + "\"");
        };
    }

    /** An integer type object ({@code bitWidth}, {@code isSigned}). */
    static ArrowType.Int integerType(JObject type, String place) {
        return new ArrowType.Int(integer(type, "bitWidth", place), bool(type, "isSigned", place));
    }

    private static ArrowType leaf(ArrowType type, List<Field> children, String place) {
        if (!children.isEmpty()) {
            throw JsonFormatException.at(place, type + " cannot have children, found " + children.size());
        }
        return type;
    }

    private static Field single(List<Field> children, String name, String place) {
        if (children.size() != 1) {
            throw JsonFormatException.at(place, name + " needs exactly one child, found " + children.size());
        }
        return children.get(0);
    }

    private static ArrowType decimal(JObject type, int bitWidth, String place) {
        return new ArrowType.Decimal(integer(type, "precision", place), integer(type, "scale", place), bitWidth);
    }

    private static DateUnit dateUnit(String unit, String place) {
        return switch (unit) {
            case "DAY" -> DateUnit.DAY;
            case "MILLISECOND" -> DateUnit.MILLISECOND;
            default -> throw JsonFormatException.at(place, "unknown date unit \"" + unit + "\"");
        };
    }

    private static TimeUnit timeUnit(JObject type, String place) {
        return enumValue(TimeUnit.class, string(type, "unit", place), place);
    }

    private static String timezone(JObject type, String place) {
        JsonValue tz = type.get("timezone");
        if (tz == null || tz == JNull.INSTANCE) {
            return null;
        }
        String value = JsonAccess.text(tz, place + ".timezone");
        return value.isEmpty() ? null : value;
    }

    private static ArrowType union(JObject type, List<Field> children, String place) {
        // The format says SPARSE or DENSE; arrow-java writes Sparse and Dense.
        UnionMode mode = enumValue(UnionMode.class, string(type, "mode", place).toUpperCase(Locale.ROOT), place);
        List<Integer> ids = null;
        if (type.has("typeIds") && type.get("typeIds") != JNull.INSTANCE) {
            ids = new ArrayList<>();
            for (JsonValue id : array(type, "typeIds", place).items()) {
                long v = JsonAccess.longValue(id, place + ".typeIds");
                if (v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
                    throw JsonFormatException.at(place, "union type id " + v + " does not fit in 8 bits");
                }
                ids.add((int) v);
            }
        }
        return new ArrowType.Union(mode, children, ids);
    }

    private static ArrowType runEndEncoded(List<Field> children, String place) {
        if (children.size() != 2) {
            throw JsonFormatException.at(place, "runendencoded needs two children (run_ends, values), found "
                    + children.size());
        }
        return new ArrowType.RunEndEncoded(children.get(0), children.get(1));
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String name, String place) {
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw JsonFormatException.at(place, "unknown " + type.getSimpleName() + " \"" + name + "\"");
        }
    }
}
