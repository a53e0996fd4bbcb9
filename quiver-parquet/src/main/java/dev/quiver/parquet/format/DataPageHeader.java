// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * The header of a data page, version 1.
 *
 * @param numValues the number of values (levels, nulls included)
 * @param encoding the {@link Encoding} of the values
 * @param definitionLevelEncoding the {@link Encoding} of definition levels
 * @param repetitionLevelEncoding the {@link Encoding} of repetition levels
 * @param statistics the page's statistics, or {@code null}
 */
public record DataPageHeader(int numValues, int encoding, int definitionLevelEncoding, int repetitionLevelEncoding,
        Statistics statistics) {
    private static final String[] NAMES = {null, "num_values", "encoding", "definition_level_encoding", "repetition_level_encoding"};

    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the header
     */
    public static DataPageHeader read(ThriftReader in) {
        in.beginStruct("DataPageHeader");
        int[] v = new int[5];
        int seen = 0;
        Statistics stats = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            if (id >= 1 && id <= 4) {
                if (in.is(t, ThriftType.I32)) {
                    v[id] = in.readI32();
                    seen |= 1 << id;
                }
            } else if (id == 5) {
                stats = in.is(t, ThriftType.STRUCT) ? Statistics.read(in) : stats;
            } else {
                in.skip(t);
            }
        }
        for (int id = 1; id <= 4; id++) {
            if ((seen & (1 << id)) == 0) {
                throw in.missing("DataPageHeader", NAMES[id]);
            }
        }
        in.endStruct();
        return new DataPageHeader(v[1], v[2], v[3], v[4], stats);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.i32Field(1, numValues);
        out.i32Field(2, encoding);
        out.i32Field(3, definitionLevelEncoding);
        out.i32Field(4, repetitionLevelEncoding);
        if (statistics != null) {
            out.fieldHeader(ThriftType.STRUCT, 5);
            statistics.write(out);
        }
        out.endStruct();
    }
}
