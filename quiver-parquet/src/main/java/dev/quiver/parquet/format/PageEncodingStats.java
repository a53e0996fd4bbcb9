// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * How many pages of a type use an encoding.
 *
 * @param pageType the {@link PageType} code
 * @param encoding the {@link Encoding} code
 * @param count the number of pages
 */
public record PageEncodingStats(int pageType, int encoding, int count) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the statistics
     */
    public static PageEncodingStats read(ThriftReader in) {
        in.beginStruct("PageEncodingStats");
        int[] v = new int[3];
        int seen = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            if (id >= 1 && id <= 3 && in.is(t, ThriftType.I32)) {
                v[id - 1] = in.readI32();
                seen |= 1 << (id - 1);
            } else if (id < 1 || id > 3) {
                in.skip(t);
            }
        }
        if (seen != 7) {
            throw in.missing("PageEncodingStats", (seen & 1) == 0 ? "page_type" : (seen & 2) == 0 ? "encoding" : "count");
        }
        in.endStruct();
        return new PageEncodingStats(v[0], v[1], v[2]);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.i32Field(1, pageType);
        out.i32Field(2, encoding);
        out.i32Field(3, count);
        out.endStruct();
    }
}
