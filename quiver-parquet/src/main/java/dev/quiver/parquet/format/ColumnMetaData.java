// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;
import java.util.List;

/**
 * The metadata of a column chunk.
 *
 * @param type the {@link PhysicalType} code
 * @param encodings the {@link Encoding} codes used
 * @param pathInSchema the leaf's path
 * @param codec the {@link CompressionCodec} code
 * @param numValues the number of values (levels, nulls included)
 * @param totalUncompressedSize the bytes of all pages uncompressed (headers included)
 * @param totalCompressedSize the bytes of all pages compressed (headers included)
 * @param keyValueMetadata key-value pairs, or {@code null}
 * @param dataPageOffset the offset of the first data page
 * @param indexPageOffset the offset of the index page, or {@code null}
 * @param dictionaryPageOffset the offset of the dictionary page, or {@code null}
 * @param statistics the chunk's statistics, or {@code null}
 * @param encodingStats counts of pages by type and encoding, or {@code null}
 * @param bloomFilterOffset the offset of the bloom filter, or {@code null}
 * @param bloomFilterLength the byte length of the bloom filter, or {@code null}
 * @param sizeStatistics size statistics, or {@code null}
 */
public record ColumnMetaData(int type, int[] encodings, List<String> pathInSchema, int codec, long numValues,
        long totalUncompressedSize, long totalCompressedSize, List<KeyValue> keyValueMetadata, long dataPageOffset,
        Long indexPageOffset, Long dictionaryPageOffset, Statistics statistics, List<PageEncodingStats> encodingStats,
        Long bloomFilterOffset, Integer bloomFilterLength, SizeStatistics sizeStatistics) {
    private static final String[] REQUIRED = {
        null, "type", "encodings", "path_in_schema", "codec", "num_values", "total_uncompressed_size",
        "total_compressed_size", null, "data_page_offset"
    };

    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the metadata
     */
    public static ColumnMetaData read(ThriftReader in) {
        in.beginStruct("ColumnMetaData");
        int type = 0;
        int[] encodings = null;
        List<String> path = null;
        int codec = 0;
        long[] longs = new long[16];
        Long[] optional = new Long[16];
        List<KeyValue> kv = null;
        Statistics stats = null;
        List<PageEncodingStats> encStats = null;
        Integer bloomLength = null;
        SizeStatistics sizes = null;
        int seen = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            switch (id) {
                case 1 -> {
                    if (in.is(t, ThriftType.I32)) {
                        type = in.readI32();
                        seen |= 1 << id;
                    }
                }
                case 2 -> {
                    if (in.isList(t)) {
                        encodings = in.readI32List(t);
                        seen |= 1 << id;
                    }
                }
                case 3 -> {
                    if (in.isList(t)) {
                        path = in.readStringList(t);
                        seen |= 1 << id;
                    }
                }
                case 4 -> {
                    if (in.is(t, ThriftType.I32)) {
                        codec = in.readI32();
                        seen |= 1 << id;
                    }
                }
                case 5, 6, 7, 9 -> {
                    if (in.is(t, ThriftType.I64)) {
                        longs[id] = in.readI64();
                        seen |= 1 << id;
                    }
                }
                case 8 -> kv = in.isList(t) ? in.readStructList(t, KeyValue::read) : kv;
                case 10, 11, 14 -> optional[id] = in.is(t, ThriftType.I64) ? Long.valueOf(in.readI64()) : optional[id];
                case 12 -> stats = in.is(t, ThriftType.STRUCT) ? Statistics.read(in) : stats;
                case 13 -> encStats = in.isList(t) ? in.readStructList(t, PageEncodingStats::read) : encStats;
                case 15 -> bloomLength = in.is(t, ThriftType.I32) ? Integer.valueOf(in.readI32()) : bloomLength;
                case 16 -> sizes = in.is(t, ThriftType.STRUCT) ? SizeStatistics.read(in) : sizes;
                default -> in.skip(t);
            }
        }
        for (int id = 1; id < REQUIRED.length; id++) {
            if (REQUIRED[id] != null && (seen & (1 << id)) == 0) {
                throw in.missing("ColumnMetaData", REQUIRED[id]);
            }
        }
        in.endStruct();
        return new ColumnMetaData(type, encodings, path, codec, longs[5], longs[6], longs[7], kv, longs[9],
                optional[10], optional[11], stats, encStats, optional[14], bloomLength, sizes);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.i32Field(1, type);
        out.listField(2, ThriftType.I32, encodings.length);
        for (int e : encodings) {
            out.i32(e);
        }
        out.listField(3, ThriftType.BINARY, pathInSchema.size());
        for (String p : pathInSchema) {
            out.string(p);
        }
        out.i32Field(4, codec);
        out.i64Field(5, numValues);
        out.i64Field(6, totalUncompressedSize);
        out.i64Field(7, totalCompressedSize);
        if (keyValueMetadata != null) {
            KeyValue.writeList(out, 8, keyValueMetadata);
        }
        out.i64Field(9, dataPageOffset);
        if (indexPageOffset != null) {
            out.i64Field(10, indexPageOffset);
        }
        if (dictionaryPageOffset != null) {
            out.i64Field(11, dictionaryPageOffset);
        }
        if (statistics != null) {
            out.fieldHeader(ThriftType.STRUCT, 12);
            statistics.write(out);
        }
        if (encodingStats != null) {
            out.listField(13, ThriftType.STRUCT, encodingStats.size());
            for (PageEncodingStats s : encodingStats) {
                s.write(out);
            }
        }
        if (bloomFilterOffset != null) {
            out.i64Field(14, bloomFilterOffset);
        }
        if (bloomFilterLength != null) {
            out.i32Field(15, bloomFilterLength);
        }
        if (sizeStatistics != null) {
            out.fieldHeader(ThriftType.STRUCT, 16);
            sizeStatistics.write(out);
        }
        out.endStruct();
    }
}
