// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.parquet.format.PhysicalType;
import dev.quiver.parquet.format.SchemaElement;
import java.util.List;

/**
 * A leaf (primitive) column of the Parquet schema.
 *
 * @param index its index among the leaves (the column chunk's index in a row group)
 * @param path the names from the root's child down to it
 * @param element its schema element
 * @param physicalType the {@link PhysicalType} code
 * @param typeLength the byte length of FIXED_LEN_BYTE_ARRAY values, else 0
 * @param maxDefinitionLevel its maximum definition level
 * @param maxRepetitionLevel its maximum repetition level
 */
record LeafColumn(int index, List<String> path, SchemaElement element, int physicalType, int typeLength,
        int maxDefinitionLevel, int maxRepetitionLevel) {
    /** The byte width of one stored value (booleans one byte), or -1 for BYTE_ARRAY. */
    int storedWidth() {
        return switch (physicalType) {
            case PhysicalType.BOOLEAN -> 1;
            case PhysicalType.INT32, PhysicalType.FLOAT -> 4;
            case PhysicalType.INT64, PhysicalType.DOUBLE -> 8;
            case PhysicalType.INT96 -> 12;
            case PhysicalType.FIXED_LEN_BYTE_ARRAY -> typeLength;
            default -> -1;
        };
    }

    String dottedPath() {
        return String.join(".", path);
    }
}
