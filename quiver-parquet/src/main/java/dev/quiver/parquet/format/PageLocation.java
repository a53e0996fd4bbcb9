// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * Where a data page lies, in an offset index.
 *
 * @param offset the file offset of the page header
 * @param compressedPageSize the page's bytes, header included
 * @param firstRowIndex the index of the page's first row in the row group
 */
public record PageLocation(long offset, int compressedPageSize, long firstRowIndex) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the location
     */
    public static PageLocation read(ThriftReader in) {
        in.beginStruct("PageLocation");
        long offset = 0;
        int size = 0;
        long first = 0;
        int seen = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            switch (in.fieldId()) {
                case 1 -> {
                    if (in.is(t, ThriftType.I64)) {
                        offset = in.readI64();
                        seen |= 1;
                    }
                }
                case 2 -> {
                    if (in.is(t, ThriftType.I32)) {
                        size = in.readI32();
                        seen |= 2;
                    }
                }
                case 3 -> {
                    if (in.is(t, ThriftType.I64)) {
                        first = in.readI64();
                        seen |= 4;
                    }
                }
                default -> in.skip(t);
            }
        }
        if (seen != 7) {
            throw in.missing("PageLocation", (seen & 1) == 0 ? "offset" : (seen & 2) == 0 ? "compressed_page_size"
                    : "first_row_index");
        }
        in.endStruct();
        return new PageLocation(offset, size, first);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.i64Field(1, offset);
        out.i32Field(2, compressedPageSize);
        out.i64Field(3, firstRowIndex);
        out.endStruct();
    }
}
