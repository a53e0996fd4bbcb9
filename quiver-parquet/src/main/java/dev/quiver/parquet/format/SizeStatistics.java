// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * Sizes that help estimate a column's decoded size.
 *
 * @param unencodedByteArrayDataBytes the bytes of BYTE_ARRAY values without lengths, or {@code null}
 * @param repetitionLevelHistogram counts of each repetition level, or {@code null}
 * @param definitionLevelHistogram counts of each definition level, or {@code null}
 */
public record SizeStatistics(Long unencodedByteArrayDataBytes, long[] repetitionLevelHistogram,
        long[] definitionLevelHistogram) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the statistics
     */
    public static SizeStatistics read(ThriftReader in) {
        in.beginStruct("SizeStatistics");
        Long bytes = null;
        long[] rep = null;
        long[] def = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            switch (in.fieldId()) {
                case 1 -> bytes = in.is(t, ThriftType.I64) ? Long.valueOf(in.readI64()) : bytes;
                case 2 -> rep = in.isList(t) ? in.readI64List(t) : rep;
                case 3 -> def = in.isList(t) ? in.readI64List(t) : def;
                default -> in.skip(t);
            }
        }
        in.endStruct();
        return new SizeStatistics(bytes, rep, def);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        if (unencodedByteArrayDataBytes != null) {
            out.i64Field(1, unencodedByteArrayDataBytes);
        }
        writeLongs(out, 2, repetitionLevelHistogram);
        writeLongs(out, 3, definitionLevelHistogram);
        out.endStruct();
    }

    static void writeLongs(ThriftWriter out, int id, long[] values) {
        if (values != null) {
            out.listField(id, ThriftType.I64, values.length);
            for (long v : values) {
                out.i64(v);
            }
        }
    }
}
