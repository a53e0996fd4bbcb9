// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * The header before a bloom filter's bitset. The unions are kept as the field id of their member
 * (1 = split-block, xxHash, uncompressed: the only members the format defines).
 *
 * @param numBytes the bitset's byte length
 * @param algorithm the algorithm union's member
 * @param hash the hash union's member
 * @param compression the compression union's member
 */
public record BloomFilterHeader(int numBytes, int algorithm, int hash, int compression) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the header
     */
    public static BloomFilterHeader read(ThriftReader in) {
        in.beginStruct("BloomFilterHeader");
        int[] v = new int[5];
        int seen = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            if (id == 1) {
                if (in.is(t, ThriftType.I32)) {
                    v[1] = in.readI32();
                    seen |= 2;
                }
            } else if (id >= 2 && id <= 4) {
                if (in.is(t, ThriftType.STRUCT)) {
                    v[id] = readUnion(in);
                    seen |= 1 << id;
                }
            } else {
                in.skip(t);
            }
        }
        if (seen != 30) {
            throw in.missing("BloomFilterHeader", (seen & 2) == 0 ? "numBytes" : (seen & 4) == 0 ? "algorithm"
                    : (seen & 8) == 0 ? "hash" : "compression");
        }
        in.endStruct();
        return new BloomFilterHeader(v[1], v[2], v[3], v[4]);
    }

    private static int readUnion(ThriftReader in) {
        in.beginStruct("union");
        int member = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            member = in.fieldId();
            in.skip(t);
        }
        in.endStruct();
        return member;
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.i32Field(1, numBytes);
        writeUnion(out, 2, algorithm);
        writeUnion(out, 3, hash);
        writeUnion(out, 4, compression);
        out.endStruct();
    }

    private static void writeUnion(ThriftWriter out, int id, int member) {
        out.structField(id);
        out.emptyStructField(member);
        out.endStruct();
    }
}
