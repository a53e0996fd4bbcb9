// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * A column chunk of a row group.
 *
 * @param filePath the file holding the chunk if not this one, or {@code null}
 * @param fileOffset the deprecated offset of the chunk's metadata (0 or the first page)
 * @param metaData the chunk's metadata, or {@code null} (encrypted columns)
 * @param offsetIndexOffset the offset of the offset index, or {@code null}
 * @param offsetIndexLength the byte length of the offset index, or {@code null}
 * @param columnIndexOffset the offset of the column index, or {@code null}
 * @param columnIndexLength the byte length of the column index, or {@code null}
 * @param encrypted whether the chunk carries crypto metadata or encrypted column metadata
 */
public record ColumnChunk(String filePath, long fileOffset, ColumnMetaData metaData, Long offsetIndexOffset,
        Integer offsetIndexLength, Long columnIndexOffset, Integer columnIndexLength, boolean encrypted) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the chunk
     */
    public static ColumnChunk read(ThriftReader in) {
        in.beginStruct("ColumnChunk");
        String path = null;
        long fileOffset = 0;
        ColumnMetaData meta = null;
        Long[] longs = new Long[8];
        Integer[] ints = new Integer[8];
        boolean encrypted = false;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            switch (id) {
                case 1 -> path = in.is(t, ThriftType.BINARY) ? in.readString() : path;
                case 2 -> fileOffset = in.is(t, ThriftType.I64) ? in.readI64() : fileOffset;
                case 3 -> meta = in.is(t, ThriftType.STRUCT) ? ColumnMetaData.read(in) : meta;
                case 4, 6 -> longs[id] = in.is(t, ThriftType.I64) ? Long.valueOf(in.readI64()) : longs[id];
                case 5, 7 -> ints[id] = in.is(t, ThriftType.I32) ? Integer.valueOf(in.readI32()) : ints[id];
                case 8, 9 -> {
                    in.skip(t);
                    encrypted = true;
                }
                default -> in.skip(t);
            }
        }
        in.endStruct();
        return new ColumnChunk(path, fileOffset, meta, longs[4], ints[5], longs[6], ints[7], encrypted);
    }

    /**
     * Writes it to the compact protocol (without crypto metadata).
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        if (filePath != null) {
            out.stringField(1, filePath);
        }
        out.i64Field(2, fileOffset);
        if (metaData != null) {
            out.fieldHeader(ThriftType.STRUCT, 3);
            metaData.write(out);
        }
        if (offsetIndexOffset != null) {
            out.i64Field(4, offsetIndexOffset);
        }
        if (offsetIndexLength != null) {
            out.i32Field(5, offsetIndexLength);
        }
        if (columnIndexOffset != null) {
            out.i64Field(6, columnIndexOffset);
        }
        if (columnIndexLength != null) {
            out.i32Field(7, columnIndexLength);
        }
        out.endStruct();
    }
}
