// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Endianness;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One schema for many files: the columns of all files in the order they first appear, a column absent
 * from a file read there as null, and types that differ widened where no value can change: a null type
 * to any, an integer to a wider integer (signed where either is), an integer or {@code float32} to
 * {@code float64} (a 64-bit integer that {@code float64} would round is an error when read), {@code utf8} to {@code large_utf8} and {@code binary} to {@code large_binary}. Any
 * other difference is a conflict, named with both files.
 */
final class SchemaUnifier {
    private final Map<String, Field> fields = new LinkedHashMap<>();
    private final Map<String, String> firstFile = new LinkedHashMap<>();
    private final Map<String, String> metadata = new LinkedHashMap<>();

    /**
     * Adds a file's schema.
     *
     * @param schema the file's schema
     * @param file the file, for messages
     * @throws DatasetException if a column's type conflicts with the same column's type in an earlier file
     */
    void add(Schema schema, String file) {
        if (fields.isEmpty()) {
            metadata.putAll(schema.metadata());
        }
        for (Field field : schema.fields()) {
            Field known = fields.get(field.name());
            if (known == null) {
                fields.put(field.name(), field);
                firstFile.put(field.name(), file);
                continue;
            }
            ArrowType wider = widen(known.type(), field.type());
            if (wider == null) {
                throw new DatasetException("column " + field.name() + " is " + known.type() + " in "
                        + firstFile.get(field.name()) + " but " + field.type() + " in " + file
                        + ": the types cannot be unified");
            }
            fields.put(field.name(), known.withType(wider).withNullable(known.nullable() || field.nullable()
                    || wider != known.type() && known.type() instanceof ArrowType.Null));
        }
    }

    /**
     * The unified schema, with columns that some files lack made nullable.
     *
     * @param fileCount how many files were added
     * @param presence column name to the number of files that hold it
     * @return the schema
     */
    Schema schema(int fileCount, Map<String, Integer> presence) {
        List<Field> out = new ArrayList<>();
        for (Field field : fields.values()) {
            boolean everywhere = presence.getOrDefault(field.name(), 0) == fileCount;
            out.add(everywhere ? field : field.withNullable(true));
        }
        return new Schema(out, metadata, Endianness.LITTLE);
    }

    /**
     * The type both values fit without change, or null if there is none.
     *
     * @param a one type
     * @param b another
     * @return the wider type, or null
     */
    static ArrowType widen(ArrowType a, ArrowType b) {
        if (a.equals(b)) {
            return a;
        }
        if (a instanceof ArrowType.Null) {
            return b;
        }
        if (b instanceof ArrowType.Null) {
            return a;
        }
        if (a instanceof ArrowType.Int x && b instanceof ArrowType.Int y) {
            return widenInts(x, y);
        }
        if (isFloat64Able(a) && isFloat64Able(b)
                && (a instanceof ArrowType.FloatingPoint || b instanceof ArrowType.FloatingPoint)) {
            return ArrowType.FLOAT64;
        }
        if (isUtf8(a) && isUtf8(b)) {
            return ArrowType.LARGE_UTF8;
        }
        if (isBinary(a) && isBinary(b)) {
            return ArrowType.LARGE_BINARY;
        }
        return null;
    }

    private static ArrowType widenInts(ArrowType.Int x, ArrowType.Int y) {
        if (x.signed() == y.signed()) {
            return x.bitWidth() >= y.bitWidth() ? x : y;
        }
        ArrowType.Int signed = x.signed() ? x : y;
        ArrowType.Int unsigned = x.signed() ? y : x;
        if (signed.bitWidth() > unsigned.bitWidth()) {
            return signed;
        }
        return unsigned.bitWidth() >= 64 ? null : new ArrowType.Int(unsigned.bitWidth() * 2, true);
    }

    private static boolean isFloat64Able(ArrowType type) {
        return type instanceof ArrowType.Int
                || type instanceof ArrowType.FloatingPoint f && f.precision() != Precision.HALF;
    }

    private static boolean isUtf8(ArrowType type) {
        return type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8;
    }

    private static boolean isBinary(ArrowType type) {
        return type instanceof ArrowType.Binary || type instanceof ArrowType.LargeBinary;
    }
}
