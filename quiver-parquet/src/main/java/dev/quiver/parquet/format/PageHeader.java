// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * The header before each page of a column chunk.
 *
 * @param type the {@link PageType} code
 * @param uncompressedPageSize the page's bytes uncompressed (without the header)
 * @param compressedPageSize the page's bytes as stored (without the header)
 * @param crc the CRC-32 of the stored page bytes, or {@code null}
 * @param dataPageHeader the header of a version 1 data page, or {@code null}
 * @param indexPageHeader the header of an index page, or {@code null}
 * @param dictionaryPageHeader the header of a dictionary page, or {@code null}
 * @param dataPageHeaderV2 the header of a version 2 data page, or {@code null}
 */
public record PageHeader(int type, int uncompressedPageSize, int compressedPageSize, Integer crc,
        DataPageHeader dataPageHeader, IndexPageHeader indexPageHeader, DictionaryPageHeader dictionaryPageHeader,
        DataPageHeaderV2 dataPageHeaderV2) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the header
     */
    public static PageHeader read(ThriftReader in) {
        in.beginStruct("PageHeader");
        int[] v = new int[4];
        int seen = 0;
        Integer crc = null;
        DataPageHeader v1 = null;
        IndexPageHeader index = null;
        DictionaryPageHeader dict = null;
        DataPageHeaderV2 v2 = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            switch (id) {
                case 1, 2, 3 -> {
                    if (in.is(t, ThriftType.I32)) {
                        v[id] = in.readI32();
                        seen |= 1 << id;
                    }
                }
                case 4 -> crc = in.is(t, ThriftType.I32) ? Integer.valueOf(in.readI32()) : crc;
                case 5 -> v1 = in.is(t, ThriftType.STRUCT) ? DataPageHeader.read(in) : v1;
                case 6 -> index = in.is(t, ThriftType.STRUCT) ? IndexPageHeader.read(in) : index;
                case 7 -> dict = in.is(t, ThriftType.STRUCT) ? DictionaryPageHeader.read(in) : dict;
                case 8 -> v2 = in.is(t, ThriftType.STRUCT) ? DataPageHeaderV2.read(in) : v2;
                default -> in.skip(t);
            }
        }
        if (seen != 14) {
            throw in.missing("PageHeader", (seen & 2) == 0 ? "type" : (seen & 4) == 0 ? "uncompressed_page_size"
                    : "compressed_page_size");
        }
        in.endStruct();
        return new PageHeader(v[1], v[2], v[3], crc, v1, index, dict, v2);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.i32Field(1, type);
        out.i32Field(2, uncompressedPageSize);
        out.i32Field(3, compressedPageSize);
        if (crc != null) {
            out.i32Field(4, crc);
        }
        if (dataPageHeader != null) {
            out.fieldHeader(ThriftType.STRUCT, 5);
            dataPageHeader.write(out);
        }
        if (indexPageHeader != null) {
            out.emptyStructField(6);
        }
        if (dictionaryPageHeader != null) {
            out.fieldHeader(ThriftType.STRUCT, 7);
            dictionaryPageHeader.write(out);
        }
        if (dataPageHeaderV2 != null) {
            out.fieldHeader(ThriftType.STRUCT, 8);
            dataPageHeaderV2.write(out);
        }
        out.endStruct();
    }
}
