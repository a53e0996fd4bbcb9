// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.type.TimeUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The types a CSV column can be read as, and their spellings: {@code int8} ... {@code int64},
 * {@code uint8} ... {@code uint64}, {@code float32}, {@code float64}, {@code bool}, {@code utf8} (or
 * {@code string}), {@code large_utf8}, {@code date32}, {@code date64}, {@code time32[s|ms]},
 * {@code time64[us|ns]}, {@code timestamp[s|ms|us|ns]} with an optional zone
 * ({@code timestamp[us, UTC]}; plain {@code timestamp} is microseconds), {@code decimal128(p, s)} and
 * {@code dictionary<utf8>}.
 */
public final class CsvTypes {
    /** The spellings accepted, for help texts. */
    public static final String SPELLINGS = "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, "
            + "float64, bool, utf8, large_utf8, date32, date64, time32[s|ms], time64[us|ns], "
            + "timestamp[s|ms|us|ns(, ZONE)], decimal128(P, S), dictionary<utf8>";
    /** The type of dictionary-encoded text: int32 indices, utf8 values. */
    public static final ArrowType.Dictionary DICTIONARY_UTF8 = new ArrowType.Dictionary(ArrowType.INT32,
            ArrowType.UTF8, false);

    private static final Map<String, ArrowType> SIMPLE = new LinkedHashMap<>();
    private static final Pattern TIMESTAMP = Pattern.compile(
            "timestamp(?:\\[\\s*(s|ms|us|ns)\\s*(?:,\\s*(?:tz\\s*=\\s*)?([^\\]\\s][^\\]]*?))?\\s*\\])?");
    private static final Pattern TIME = Pattern.compile("time(32|64)\\[\\s*(s|ms|us|ns)\\s*\\]");
    private static final Pattern DECIMAL = Pattern.compile("decimal(?:128)?\\(\\s*(\\d+)\\s*,\\s*(-?\\d+)\\s*\\)");
    private static final Pattern DICTIONARY = Pattern.compile("dictionary<\\s*(?:values\\s*=\\s*)?(utf8|string)"
            + "\\s*(?:,\\s*indices\\s*=\\s*int32\\s*)?>");

    static {
        SIMPLE.put("int8", ArrowType.INT8);
        SIMPLE.put("int16", ArrowType.INT16);
        SIMPLE.put("int32", ArrowType.INT32);
        SIMPLE.put("int64", ArrowType.INT64);
        SIMPLE.put("uint8", ArrowType.UINT8);
        SIMPLE.put("uint16", ArrowType.UINT16);
        SIMPLE.put("uint32", ArrowType.UINT32);
        SIMPLE.put("uint64", ArrowType.UINT64);
        SIMPLE.put("float32", ArrowType.FLOAT32);
        SIMPLE.put("float", ArrowType.FLOAT32);
        SIMPLE.put("float64", ArrowType.FLOAT64);
        SIMPLE.put("double", ArrowType.FLOAT64);
        SIMPLE.put("bool", ArrowType.BOOL);
        SIMPLE.put("boolean", ArrowType.BOOL);
        SIMPLE.put("utf8", ArrowType.UTF8);
        SIMPLE.put("string", ArrowType.UTF8);
        SIMPLE.put("large_utf8", ArrowType.LARGE_UTF8);
        SIMPLE.put("large_string", ArrowType.LARGE_UTF8);
        SIMPLE.put("date32", new ArrowType.Date(DateUnit.DAY));
        SIMPLE.put("date32[day]", new ArrowType.Date(DateUnit.DAY));
        SIMPLE.put("date", new ArrowType.Date(DateUnit.DAY));
        SIMPLE.put("date64", new ArrowType.Date(DateUnit.MILLISECOND));
        SIMPLE.put("date64[ms]", new ArrowType.Date(DateUnit.MILLISECOND));
        SIMPLE.put("time", new ArrowType.Time(TimeUnit.MICROSECOND));
    }

    private CsvTypes() {
    }

    /**
     * The type a spelling names, e.g. {@code int32}, {@code timestamp[us, UTC]}, {@code decimal128(10,2)},
     * {@code dictionary<utf8>}. Case does not matter, except in a zone name.
     *
     * @param spec the spelling
     * @return the type
     * @throws IllegalArgumentException if the spelling names no type a CSV column can have
     */
    public static ArrowType parse(String spec) {
        String s = spec.strip();
        String lower = s.toLowerCase(Locale.ROOT);
        ArrowType simple = SIMPLE.get(lower);
        if (simple != null) {
            return simple;
        }
        try {
            Matcher m = TIMESTAMP.matcher(s);
            if (lower.startsWith("timestamp") && m.reset(lower.substring(0, 9) + s.substring(9)).matches()) {
                TimeUnit unit = m.group(1) == null ? TimeUnit.MICROSECOND : unit(m.group(1).toLowerCase(Locale.ROOT));
                return new ArrowType.Timestamp(unit, m.group(2) == null ? null : m.group(2).strip());
            }
            m = TIME.matcher(lower);
            if (m.matches()) {
                return new ArrowType.Time(unit(m.group(2)), Integer.parseInt(m.group(1)));
            }
            m = DECIMAL.matcher(lower);
            if (m.matches()) {
                return new ArrowType.Decimal(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), 128);
            }
        } catch (InvalidTypeException | NumberFormatException e) {
            throw new IllegalArgumentException("'" + spec + "': " + e.getMessage(), e);
        }
        if (DICTIONARY.matcher(lower).matches()) {
            return DICTIONARY_UTF8;
        }
        throw new IllegalArgumentException("unknown type '" + spec + "' (known: " + SPELLINGS + ")");
    }

    /**
     * Column types from {@code name=type,name=type}: commas inside brackets and parentheses belong to
     * the type ({@code price=decimal128(10,2),ts=timestamp[ms, UTC]}).
     *
     * @param spec the list; blank for none
     * @return column name to type, in the order given
     * @throws IllegalArgumentException if an item is not {@code name=type} or names an unknown type
     */
    public static Map<String, ArrowType> parseColumns(String spec) {
        Map<String, ArrowType> types = new LinkedHashMap<>();
        if (spec == null || spec.isBlank()) {
            return types;
        }
        for (String item : splitTopLevel(spec)) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + item + "' is not column=type");
            }
            types.put(item.substring(0, eq).strip(), parse(item.substring(eq + 1)));
        }
        return types;
    }

    private static List<String> splitTopLevel(String spec) {
        List<String> items = new java.util.ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < spec.length(); i++) {
            char c = spec.charAt(i);
            if (c == '[' || c == '(' || c == '<') {
                depth++;
            } else if (c == ']' || c == ')' || c == '>') {
                depth--;
            } else if (c == ',' && depth == 0) {
                items.add(spec.substring(start, i));
                start = i + 1;
            }
        }
        items.add(spec.substring(start));
        return items;
    }

    private static TimeUnit unit(String symbol) {
        return switch (symbol) {
            case "s" -> TimeUnit.SECOND;
            case "ms" -> TimeUnit.MILLISECOND;
            case "us" -> TimeUnit.MICROSECOND;
            default -> TimeUnit.NANOSECOND;
        };
    }

    /** Refuses a type the reader cannot parse a column into. */
    static void checkReadable(ArrowType type, String column) {
        boolean readable = switch (type) {
            case ArrowType.Int t -> true;
            case ArrowType.FloatingPoint t -> t.precision() != dev.quiver.core.type.Precision.HALF;
            case ArrowType.Bool t -> true;
            case ArrowType.Utf8 t -> true;
            case ArrowType.LargeUtf8 t -> true;
            case ArrowType.Date t -> true;
            case ArrowType.Time t -> true;
            case ArrowType.Timestamp t -> true;
            case ArrowType.Decimal t -> t.bitWidth() == 128 && t.scale() >= 0;
            case ArrowType.Dictionary t -> t.valueType() instanceof ArrowType.Utf8;
            default -> false;
        };
        if (!readable) {
            throw new IllegalArgumentException("column " + column + ": CSV cannot be read as " + type + " (known: "
                    + SPELLINGS + ")");
        }
    }
}
