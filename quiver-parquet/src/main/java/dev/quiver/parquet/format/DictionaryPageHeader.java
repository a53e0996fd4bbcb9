// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * The header of a dictionary page.
 *
 * @param numValues the number of dictionary entries
 * @param encoding the {@link Encoding} of the entries (PLAIN or PLAIN_DICTIONARY)
 * @param isSorted whether the entries are sorted, or {@code null}
 */
public record DictionaryPageHeader(int numValues, int encoding, Boolean isSorted) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the header
     */
    public static DictionaryPageHeader read(ThriftReader in) {
        in.beginStruct("DictionaryPageHeader");
        int[] v = new int[3];
        int seen = 0;
        Boolean sorted = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            if (id == 1 || id == 2) {
                if (in.is(t, ThriftType.I32)) {
                    v[id] = in.readI32();
                    seen |= 1 << id;
                }
            } else if (id == 3) {
                sorted = in.is(t, ThriftType.TRUE) ? Boolean.valueOf(in.readBool()) : sorted;
            } else {
                in.skip(t);
            }
        }
        if (seen != 6) {
            throw in.missing("DictionaryPageHeader", (seen & 2) == 0 ? "num_values" : "encoding");
        }
        in.endStruct();
        return new DictionaryPageHeader(v[1], v[2], sorted);
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
        if (isSorted != null) {
            out.boolField(3, isSorted);
        }
        out.endStruct();
    }
}
