// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.cli.CliException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/** The column types a CSV file can be read as, by name ({@code --types a=int32,b=utf8}). */
public final class CsvTypes {
    private static final Map<String, ArrowType> BY_NAME = new LinkedHashMap<>();

    static {
        BY_NAME.put("int8", ArrowType.INT8);
        BY_NAME.put("int16", ArrowType.INT16);
        BY_NAME.put("int32", ArrowType.INT32);
        BY_NAME.put("int64", ArrowType.INT64);
        BY_NAME.put("uint8", ArrowType.UINT8);
        BY_NAME.put("uint16", ArrowType.UINT16);
        BY_NAME.put("uint32", ArrowType.UINT32);
        BY_NAME.put("uint64", ArrowType.UINT64);
        BY_NAME.put("float32", ArrowType.FLOAT32);
        BY_NAME.put("float64", ArrowType.FLOAT64);
        BY_NAME.put("bool", ArrowType.BOOL);
        BY_NAME.put("utf8", ArrowType.UTF8);
        BY_NAME.put("large_utf8", ArrowType.LARGE_UTF8);
        BY_NAME.put("date32", new ArrowType.Date(DateUnit.DAY));
    }

    private CsvTypes() {
    }

    /** The type names accepted, comma-separated. */
    public static String names() {
        return String.join(", ", BY_NAME.keySet());
    }

    /** Parses {@code a=int32,b=utf8} into column name → type; an empty or null spec gives no types. */
    public static Map<String, ArrowType> parse(String spec) {
        Map<String, ArrowType> types = new LinkedHashMap<>();
        if (spec == null || spec.isBlank()) {
            return types;
        }
        for (String item : spec.split(",")) {
            int eq = item.lastIndexOf('=');
            if (eq <= 0) {
                throw new CliException("--types: '" + item + "' is not column=type", CliException.USAGE);
            }
            String column = item.substring(0, eq).trim();
            String name = item.substring(eq + 1).trim();
            ArrowType type = BY_NAME.get(name);
            if (type == null) {
                throw new CliException("--types: unknown type '" + name + "' for column " + column + " (known: "
                        + names() + ")", CliException.USAGE);
            }
            types.put(column, type);
        }
        return types;
    }
}
