// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

/**
 * One Parquet leaf column of an Arrow schema, as the writer needs it.
 *
 * @param column the index of its top-level field
 * @param path the child taken at each nested node below the top-level field (see {@link LevelBuilder})
 * @param dottedPath the Parquet path, names joined by dots
 * @param pathInSchema the Parquet path's names
 * @param physicalType the {@link dev.quiver.parquet.format.PhysicalType} code
 * @param typeLength the FIXED_LEN_BYTE_ARRAY length, else 0
 * @param kind how Arrow values become physical ones
 * @param order the order of its statistics
 * @param maxDefinition the largest definition level
 * @param maxRepetition the largest repetition level
 */
public record LeafSpec(int column, int[] path, String dottedPath, java.util.List<String> pathInSchema,
        int physicalType, int typeLength, ValueKind kind, SortOrder order, int maxDefinition, int maxRepetition) {
}
