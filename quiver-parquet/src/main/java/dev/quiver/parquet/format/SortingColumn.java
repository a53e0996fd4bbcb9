// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * A column a row group is sorted by.
 *
 * @param columnIdx the leaf column's index
 * @param descending whether the order is descending
 * @param nullsFirst whether nulls come first
 */
public record SortingColumn(int columnIdx, boolean descending, boolean nullsFirst) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the sorting column
     */
    public static SortingColumn read(ThriftReader in) {
        in.beginStruct("SortingColumn");
        int idx = 0;
        boolean desc = false;
        boolean nulls = false;
        int seen = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            switch (in.fieldId()) {
                case 1 -> {
                    if (in.is(t, ThriftType.I32)) {
                        idx = in.readI32();
                        seen |= 1;
                    }
                }
                case 2 -> {
                    if (in.is(t, ThriftType.TRUE)) {
                        desc = in.readBool();
                        seen |= 2;
                    }
                }
                case 3 -> {
                    if (in.is(t, ThriftType.TRUE)) {
                        nulls = in.readBool();
                        seen |= 4;
                    }
                }
                default -> in.skip(t);
            }
        }
        if (seen != 7) {
            throw in.missing("SortingColumn", (seen & 1) == 0 ? "column_idx" : (seen & 2) == 0 ? "descending" : "nulls_first");
        }
        in.endStruct();
        return new SortingColumn(idx, desc, nulls);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.i32Field(1, columnIdx);
        out.boolField(2, descending);
        out.boolField(3, nullsFirst);
        out.endStruct();
    }
}
