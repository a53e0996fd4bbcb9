// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;
import java.util.List;

/**
 * The column index of a column chunk: per data page, whether it holds only nulls and its bounds.
 *
 * @param nullPages per page, whether all its values are null
 * @param minValues per page, the lower bound (plain encoded; empty for null pages)
 * @param maxValues per page, the upper bound
 * @param boundaryOrder 0 unordered, 1 ascending, 2 descending
 * @param nullCounts per page, the number of nulls, or {@code null}
 * @param repetitionLevelHistograms the pages' repetition level histograms concatenated, or {@code null}
 * @param definitionLevelHistograms the pages' definition level histograms concatenated, or {@code null}
 * @param nanCounts per page, the number of NaN values, or {@code null}
 */
public record ColumnIndex(boolean[] nullPages, List<byte[]> minValues, List<byte[]> maxValues, int boundaryOrder,
        long[] nullCounts, long[] repetitionLevelHistograms, long[] definitionLevelHistograms, long[] nanCounts) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the index
     */
    public static ColumnIndex read(ThriftReader in) {
        in.beginStruct("ColumnIndex");
        boolean[] nullPages = null;
        List<byte[]> mins = null;
        List<byte[]> maxs = null;
        Integer order = null;
        long[][] longs = new long[9][];
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            switch (id) {
                case 1 -> nullPages = in.isList(t) ? in.readBoolList(t) : nullPages;
                case 2 -> mins = in.isList(t) ? in.readBinaryList(t) : mins;
                case 3 -> maxs = in.isList(t) ? in.readBinaryList(t) : maxs;
                case 4 -> order = in.is(t, ThriftType.I32) ? Integer.valueOf(in.readI32()) : order;
                case 5, 6, 7, 8 -> longs[id] = in.isList(t) ? in.readI64List(t) : longs[id];
                default -> in.skip(t);
            }
        }
        if (nullPages == null || mins == null || maxs == null || order == null) {
            throw in.missing("ColumnIndex", nullPages == null ? "null_pages" : mins == null ? "min_values"
                    : maxs == null ? "max_values" : "boundary_order");
        }
        in.endStruct();
        return new ColumnIndex(nullPages, mins, maxs, order, longs[5], longs[6], longs[7], longs[8]);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.listField(1, ThriftType.TRUE, nullPages.length);
        for (boolean b : nullPages) {
            out.bool(b);
        }
        out.listField(2, ThriftType.BINARY, minValues.size());
        for (byte[] b : minValues) {
            out.binary(b);
        }
        out.listField(3, ThriftType.BINARY, maxValues.size());
        for (byte[] b : maxValues) {
            out.binary(b);
        }
        out.i32Field(4, boundaryOrder);
        SizeStatistics.writeLongs(out, 5, nullCounts);
        SizeStatistics.writeLongs(out, 6, repetitionLevelHistograms);
        SizeStatistics.writeLongs(out, 7, definitionLevelHistograms);
        SizeStatistics.writeLongs(out, 8, nanCounts);
        out.endStruct();
    }
}
