// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * The header of a data page, version 2: levels are stored uncompressed before the values.
 *
 * @param numValues the number of values (levels, nulls included)
 * @param numNulls the number of nulls
 * @param numRows the number of rows
 * @param encoding the {@link Encoding} of the values
 * @param definitionLevelsByteLength the byte length of the definition levels
 * @param repetitionLevelsByteLength the byte length of the repetition levels
 * @param isCompressed whether the values section is compressed (true when absent)
 * @param statistics the page's statistics, or {@code null}
 */
public record DataPageHeaderV2(int numValues, int numNulls, int numRows, int encoding, int definitionLevelsByteLength,
        int repetitionLevelsByteLength, boolean isCompressed, Statistics statistics) {
    private static final String[] NAMES = {
        null, "num_values", "num_nulls", "num_rows", "encoding", "definition_levels_byte_length",
        "repetition_levels_byte_length"
    };

    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the header
     */
    public static DataPageHeaderV2 read(ThriftReader in) {
        in.beginStruct("DataPageHeaderV2");
        int[] v = new int[7];
        int seen = 0;
        boolean compressed = true;
        Statistics stats = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            if (id >= 1 && id <= 6) {
                if (in.is(t, ThriftType.I32)) {
                    v[id] = in.readI32();
                    seen |= 1 << id;
                }
            } else if (id == 7) {
                compressed = in.is(t, ThriftType.TRUE) ? in.readBool() : compressed;
            } else if (id == 8) {
                stats = in.is(t, ThriftType.STRUCT) ? Statistics.read(in) : stats;
            } else {
                in.skip(t);
            }
        }
        for (int id = 1; id <= 6; id++) {
            if ((seen & (1 << id)) == 0) {
                throw in.missing("DataPageHeaderV2", NAMES[id]);
            }
        }
        in.endStruct();
        return new DataPageHeaderV2(v[1], v[2], v[3], v[4], v[5], v[6], compressed, stats);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.i32Field(1, numValues);
        out.i32Field(2, numNulls);
        out.i32Field(3, numRows);
        out.i32Field(4, encoding);
        out.i32Field(5, definitionLevelsByteLength);
        out.i32Field(6, repetitionLevelsByteLength);
        out.boolField(7, isCompressed);
        if (statistics != null) {
            out.fieldHeader(ThriftType.STRUCT, 8);
            statistics.write(out);
        }
        out.endStruct();
    }
}
