// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;
import java.util.List;

/**
 * A key-value metadata pair.
 *
 * @param key the key
 * @param value the value, or {@code null}
 */
public record KeyValue(String key, String value) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the pair
     */
    public static KeyValue read(ThriftReader in) {
        in.beginStruct("KeyValue");
        String key = null;
        String value = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            switch (in.fieldId()) {
                case 1 -> key = in.is(t, ThriftType.BINARY) ? in.readString() : key;
                case 2 -> value = in.is(t, ThriftType.BINARY) ? in.readString() : value;
                default -> in.skip(t);
            }
        }
        if (key == null) {
            throw in.missing("KeyValue", "key");
        }
        in.endStruct();
        return new KeyValue(key, value);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.stringField(1, key);
        if (value != null) {
            out.stringField(2, value);
        }
        out.endStruct();
    }

    /**
     * Writes a list field of pairs.
     *
     * @param out the writer
     * @param id the field id
     * @param pairs the pairs
     */
    static void writeList(ThriftWriter out, int id, List<KeyValue> pairs) {
        out.listField(id, ThriftType.STRUCT, pairs.size());
        for (KeyValue kv : pairs) {
            kv.write(out);
        }
    }
}
