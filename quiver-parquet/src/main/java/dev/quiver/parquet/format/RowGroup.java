// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;
import java.util.List;

/**
 * A row group.
 *
 * @param columns its column chunks, one per leaf column
 * @param totalByteSize the uncompressed bytes of all its column data
 * @param numRows the number of rows
 * @param sortingColumns the columns it is sorted by, or {@code null}
 * @param fileOffset the offset of its first page, or {@code null}
 * @param totalCompressedSize the compressed bytes of its column chunks, or {@code null}
 * @param ordinal its index in the file, or {@code null}
 */
public record RowGroup(List<ColumnChunk> columns, long totalByteSize, long numRows, List<SortingColumn> sortingColumns,
        Long fileOffset, Long totalCompressedSize, Short ordinal) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the row group
     */
    public static RowGroup read(ThriftReader in) {
        in.beginStruct("RowGroup");
        List<ColumnChunk> columns = null;
        long[] longs = new long[4];
        int seen = 0;
        List<SortingColumn> sorting = null;
        Long fileOffset = null;
        Long compressed = null;
        Short ordinal = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            switch (id) {
                case 1 -> {
                    if (in.isList(t)) {
                        columns = in.readStructList(t, ColumnChunk::read);
                        seen |= 2;
                    }
                }
                case 2, 3 -> {
                    if (in.is(t, ThriftType.I64)) {
                        longs[id] = in.readI64();
                        seen |= 1 << id;
                    }
                }
                case 4 -> sorting = in.isList(t) ? in.readStructList(t, SortingColumn::read) : sorting;
                case 5 -> fileOffset = in.is(t, ThriftType.I64) ? Long.valueOf(in.readI64()) : fileOffset;
                case 6 -> compressed = in.is(t, ThriftType.I64) ? Long.valueOf(in.readI64()) : compressed;
                case 7 -> ordinal = in.is(t, ThriftType.I16) ? Short.valueOf(in.readI16()) : ordinal;
                default -> in.skip(t);
            }
        }
        if (seen != 14) {
            throw in.missing("RowGroup", (seen & 2) == 0 ? "columns" : (seen & 4) == 0 ? "total_byte_size" : "num_rows");
        }
        in.endStruct();
        return new RowGroup(columns, longs[2], longs[3], sorting, fileOffset, compressed, ordinal);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.listField(1, ThriftType.STRUCT, columns.size());
        for (ColumnChunk c : columns) {
            c.write(out);
        }
        out.i64Field(2, totalByteSize);
        out.i64Field(3, numRows);
        if (sortingColumns != null) {
            out.listField(4, ThriftType.STRUCT, sortingColumns.size());
            for (SortingColumn s : sortingColumns) {
                s.write(out);
            }
        }
        if (fileOffset != null) {
            out.i64Field(5, fileOffset);
        }
        if (totalCompressedSize != null) {
            out.i64Field(6, totalCompressedSize);
        }
        if (ordinal != null) {
            out.i16Field(7, ordinal);
        }
        out.endStruct();
    }
}
