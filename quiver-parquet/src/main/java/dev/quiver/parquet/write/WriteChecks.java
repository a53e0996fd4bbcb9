// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.ParquetWriteOptions;
import dev.quiver.parquet.format.Encoding;
import dev.quiver.parquet.format.PhysicalType;
import java.util.HashSet;
import java.util.Set;

/**
 * Checks write options against a schema before anything is written: every column named exists, every
 * column's value encoding fits its physical type, and no BOOLEAN column asks for a bloom filter.
 */
public final class WriteChecks {
    private WriteChecks() {
    }

    /**
     * Checks the options.
     *
     * @param plan the schema's Parquet plan
     * @param options the options
     * @throws ParquetException naming the column and the option that does not fit
     */
    public static void check(SchemaMapper.Plan plan, ParquetWriteOptions options) {
        Set<String> names = new HashSet<>();
        for (LeafSpec leaf : plan.leaves()) {
            names.add(leaf.dottedPath());
            names.add(leaf.pathInSchema().get(0));
        }
        for (String named : options.columnsNamed()) {
            if (!names.contains(named)) {
                throw new ParquetException("the options name column " + named + ", which the schema does not have");
            }
        }
        for (LeafSpec leaf : plan.leaves()) {
            String top = leaf.pathInSchema().get(0);
            int encoding = options.encoding(leaf.dottedPath(), top);
            if (!fits(encoding, leaf.physicalType())) {
                throw new ParquetException("column " + leaf.dottedPath() + ": encoding " + Encoding.name(encoding)
                        + " cannot hold " + PhysicalType.name(leaf.physicalType()) + " values");
            }
            if (options.bloomFilter(leaf.dottedPath(), top) != null && leaf.physicalType() == PhysicalType.BOOLEAN) {
                throw new ParquetException("column " + leaf.dottedPath() + ": BOOLEAN columns have no bloom filter");
            }
        }
    }

    /** Whether a value encoding can hold a physical type (Encodings.md). */
    static boolean fits(int encoding, int type) {
        return switch (encoding) {
            case Encoding.PLAIN -> true;
            case Encoding.RLE -> type == PhysicalType.BOOLEAN;
            case Encoding.DELTA_BINARY_PACKED -> type == PhysicalType.INT32 || type == PhysicalType.INT64;
            case Encoding.DELTA_LENGTH_BYTE_ARRAY -> type == PhysicalType.BYTE_ARRAY;
            case Encoding.DELTA_BYTE_ARRAY -> type == PhysicalType.BYTE_ARRAY || type == PhysicalType.FIXED_LEN_BYTE_ARRAY;
            case Encoding.BYTE_STREAM_SPLIT -> type == PhysicalType.FLOAT || type == PhysicalType.DOUBLE
                    || type == PhysicalType.INT32 || type == PhysicalType.INT64
                    || type == PhysicalType.FIXED_LEN_BYTE_ARRAY;
            default -> false;
        };
    }
}
