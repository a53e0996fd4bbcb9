// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The format strings of the C Data interface ("Data type description -- format strings"): the format of
 * a storage type, and the type a format string and its children describe. Dictionary and extension
 * types have no format of their own (the index type's format, and the storage type's with metadata).
 */
final class FormatStrings {
    private FormatStrings() {
    }

    /** The format string of a type that is neither dictionary-encoded nor an extension type. */
    static String format(ArrowType type) {
        return switch (type) {
            case ArrowType.Null t -> "n";
            case ArrowType.Bool t -> "b";
            case ArrowType.Int t -> intFormat(t);
            case ArrowType.FloatingPoint t -> switch (t.precision()) {
                case HALF -> "e";
                case SINGLE -> "f";
                case DOUBLE -> "g";
            };
            case ArrowType.Binary t -> "z";
            case ArrowType.LargeBinary t -> "Z";
            case ArrowType.BinaryView t -> "vz";
            case ArrowType.Utf8 t -> "u";
            case ArrowType.LargeUtf8 t -> "U";
            case ArrowType.Utf8View t -> "vu";
            case ArrowType.FixedSizeBinary t -> "w:" + t.byteWidth();
            // decimal128 keeps the form without a bit width, which every consumer reads.
            case ArrowType.Decimal t -> "d:" + t.precision() + "," + t.scale()
                    + (t.bitWidth() == 128 ? "" : "," + t.bitWidth());
            case ArrowType.Date t -> t.unit() == DateUnit.DAY ? "tdD" : "tdm";
            case ArrowType.Time t -> "tt" + unitLetter(t.unit());
            case ArrowType.Timestamp t -> "ts" + unitLetter(t.unit()) + ":"
                    + (t.timezone() == null ? "" : t.timezone());
            case ArrowType.Duration t -> "tD" + unitLetter(t.unit());
            case ArrowType.Interval t -> switch (t.unit()) {
                case YEAR_MONTH -> "tiM";
                case DAY_TIME -> "tiD";
                case MONTH_DAY_NANO -> "tin";
            };
            case ArrowType.List t -> "+l";
            case ArrowType.LargeList t -> "+L";
            case ArrowType.ListView t -> "+vl";
            case ArrowType.LargeListView t -> "+vL";
            case ArrowType.FixedSizeList t -> "+w:" + t.listSize();
            case ArrowType.Struct t -> "+s";
            case ArrowType.Map t -> "+m";
            case ArrowType.Union t -> (t.mode() == UnionMode.DENSE ? "+ud:" : "+us:")
                    + String.join(",", t.typeIds().stream().map(String::valueOf).toList());
            case ArrowType.RunEndEncoded t -> "+r";
            case ArrowType.Dictionary t -> throw new IllegalArgumentException("a dictionary has no format: " + t);
            case ArrowType.Extension t -> throw new IllegalArgumentException("an extension has no format: " + t);
        };
    }

    private static String intFormat(ArrowType.Int t) {
        String letters = switch (t.bitWidth()) {
            case 8 -> "cC";
            case 16 -> "sS";
            case 32 -> "iI";
            default -> "lL";
        };
        return String.valueOf(letters.charAt(t.signed() ? 0 : 1));
    }

    private static char unitLetter(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> 's';
            case MILLISECOND -> 'm';
            case MICROSECOND -> 'u';
            case NANOSECOND -> 'n';
        };
    }

    /**
     * The type a format string describes, with its children (already imported) and flags.
     *
     * @throws CDataException naming the format and {@code where} when it is not one of the spec's, or
     *     its children do not fit it
     */
    static ArrowType parse(String format, List<Field> children, boolean keysSorted, String where) {
        ArrowType type;
        try {
            type = parseOrNull(format, children, keysSorted);
        } catch (CDataException e) {
            throw new CDataException(where + ": " + e.getMessage(), e);
        } catch (InvalidTypeException | IllegalArgumentException e) {
            throw new CDataException(where + ": bad format string '" + format + "': " + e.getMessage(), e);
        }
        if (type == null) {
            throw new CDataException(where + ": unknown format string '" + format + "'");
        }
        if (!format.startsWith("+") && !children.isEmpty()) {
            throw new CDataException(where + ": format string '" + format + "' takes no children, "
                    + children.size() + " given");
        }
        return type;
    }

    private static ArrowType parseOrNull(String f, List<Field> children, boolean keysSorted) {
        if (f.length() == 1) {
            return switch (f.charAt(0)) {
                case 'n' -> ArrowType.NULL;
                case 'b' -> ArrowType.BOOL;
                case 'c' -> ArrowType.INT8;
                case 'C' -> ArrowType.UINT8;
                case 's' -> ArrowType.INT16;
                case 'S' -> ArrowType.UINT16;
                case 'i' -> ArrowType.INT32;
                case 'I' -> ArrowType.UINT32;
                case 'l' -> ArrowType.INT64;
                case 'L' -> ArrowType.UINT64;
                case 'e' -> ArrowType.FLOAT16;
                case 'f' -> ArrowType.FLOAT32;
                case 'g' -> ArrowType.FLOAT64;
                case 'z' -> ArrowType.BINARY;
                case 'Z' -> ArrowType.LARGE_BINARY;
                case 'u' -> ArrowType.UTF8;
                case 'U' -> ArrowType.LARGE_UTF8;
                default -> null;
            };
        }
        return switch (f) {
            case "vz" -> ArrowType.BINARY_VIEW;
            case "vu" -> ArrowType.UTF8_VIEW;
            case "tdD" -> new ArrowType.Date(DateUnit.DAY);
            case "tdm" -> new ArrowType.Date(DateUnit.MILLISECOND);
            case "tts" -> new ArrowType.Time(TimeUnit.SECOND, 32);
            case "ttm" -> new ArrowType.Time(TimeUnit.MILLISECOND, 32);
            case "ttu" -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
            case "ttn" -> new ArrowType.Time(TimeUnit.NANOSECOND, 64);
            case "tDs" -> new ArrowType.Duration(TimeUnit.SECOND);
            case "tDm" -> new ArrowType.Duration(TimeUnit.MILLISECOND);
            case "tDu" -> new ArrowType.Duration(TimeUnit.MICROSECOND);
            case "tDn" -> new ArrowType.Duration(TimeUnit.NANOSECOND);
            case "tiM" -> new ArrowType.Interval(IntervalUnit.YEAR_MONTH);
            case "tiD" -> new ArrowType.Interval(IntervalUnit.DAY_TIME);
            case "tin" -> new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO);
            case "+l" -> new ArrowType.List(only(children, f));
            case "+L" -> new ArrowType.LargeList(only(children, f));
            case "+vl" -> new ArrowType.ListView(only(children, f));
            case "+vL" -> new ArrowType.LargeListView(only(children, f));
            case "+s" -> new ArrowType.Struct(children);
            case "+m" -> new ArrowType.Map(only(children, f), keysSorted);
            case "+r" -> {
                if (children.size() != 2) {
                    throw new CDataException("format string '+r' needs 2 children (run ends, values), "
                            + children.size() + " given");
                }
                yield new ArrowType.RunEndEncoded(children.get(0), children.get(1));
            }
            default -> parameterized(f, children);
        };
    }

    private static ArrowType parameterized(String f, List<Field> children) {
        if (f.startsWith("ts") && f.length() >= 4 && f.charAt(3) == ':') {
            TimeUnit unit = unit(f.charAt(2));
            String zone = f.substring(4);
            return unit == null ? null : new ArrowType.Timestamp(unit, zone.isEmpty() ? null : zone);
        }
        if (f.startsWith("w:")) {
            return new ArrowType.FixedSizeBinary(Integer.parseInt(f.substring(2)));
        }
        if (f.startsWith("+w:")) {
            return new ArrowType.FixedSizeList(only(children, f), Integer.parseInt(f.substring(3)));
        }
        if (f.startsWith("d:")) {
            String[] parts = f.substring(2).split(",", -1);
            if (parts.length < 2 || parts.length > 3) {
                return null;
            }
            int bitWidth = parts.length == 3 ? Integer.parseInt(parts[2]) : 128;
            return new ArrowType.Decimal(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), bitWidth);
        }
        if (f.startsWith("+ud:") || f.startsWith("+us:")) {
            UnionMode mode = f.charAt(2) == 'd' ? UnionMode.DENSE : UnionMode.SPARSE;
            String ids = f.substring(4);
            List<Integer> typeIds = new ArrayList<>();
            if (!ids.isEmpty()) {
                for (String id : ids.split(",", -1)) {
                    typeIds.add(Integer.parseInt(id));
                }
            }
            if (typeIds.size() != children.size()) {
                throw new CDataException("format string '" + f + "' names " + typeIds.size()
                        + " type ids for " + children.size() + " children");
            }
            return new ArrowType.Union(mode, children, typeIds);
        }
        return null;
    }

    private static TimeUnit unit(char c) {
        return switch (c) {
            case 's' -> TimeUnit.SECOND;
            case 'm' -> TimeUnit.MILLISECOND;
            case 'u' -> TimeUnit.MICROSECOND;
            case 'n' -> TimeUnit.NANOSECOND;
            default -> null;
        };
    }

    private static Field only(List<Field> children, String format) {
        if (children.size() != 1) {
            throw new CDataException("format string '" + format + "' needs 1 child, " + children.size()
                    + " given");
        }
        return children.get(0);
    }

}
