// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;
import java.util.List;

/**
 * The offset index of a column chunk: where each data page lies and its first row.
 *
 * @param pageLocations the pages in order
 * @param unencodedByteArrayDataBytes per page, the bytes of BYTE_ARRAY values, or {@code null}
 */
public record OffsetIndex(List<PageLocation> pageLocations, long[] unencodedByteArrayDataBytes) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the index
     */
    public static OffsetIndex read(ThriftReader in) {
        in.beginStruct("OffsetIndex");
        List<PageLocation> pages = null;
        long[] bytes = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            switch (in.fieldId()) {
                case 1 -> pages = in.isList(t) ? in.readStructList(t, PageLocation::read) : pages;
                case 2 -> bytes = in.isList(t) ? in.readI64List(t) : bytes;
                default -> in.skip(t);
            }
        }
        if (pages == null) {
            throw in.missing("OffsetIndex", "page_locations");
        }
        in.endStruct();
        return new OffsetIndex(pages, bytes);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.listField(1, ThriftType.STRUCT, pageLocations.size());
        for (PageLocation p : pageLocations) {
            p.write(out);
        }
        SizeStatistics.writeLongs(out, 2, unencodedByteArrayDataBytes);
        out.endStruct();
    }
}
