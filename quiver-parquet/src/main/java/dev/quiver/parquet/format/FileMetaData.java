// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;
import java.util.List;

/**
 * The file's footer.
 *
 * @param version the format version
 * @param schema the schema tree, flattened depth-first (the root first)
 * @param numRows the number of rows
 * @param rowGroups the row groups
 * @param keyValueMetadata key-value pairs, or {@code null}
 * @param createdBy the writer's name and version, or {@code null}
 * @param columnOrders per leaf, the field id of the {@code ColumnOrder} union member (1 = type-defined
 *     order), or {@code null}
 * @param encrypted whether the footer declares an encryption algorithm (plaintext footer of an encrypted file)
 */
public record FileMetaData(int version, List<SchemaElement> schema, long numRows, List<RowGroup> rowGroups,
        List<KeyValue> keyValueMetadata, String createdBy, int[] columnOrders, boolean encrypted) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the footer
     */
    public static FileMetaData read(ThriftReader in) {
        return read(in, true);
    }

    /**
     * Reads one from the compact protocol, skipping its row groups (walked over, not parsed): all a reader of
     * the schema alone needs, at a fraction of the cost for a footer of many row groups.
     *
     * @param in the reader
     * @return the footer, with no row group
     */
    public static FileMetaData readWithoutRowGroups(ThriftReader in) {
        return read(in, false);
    }

    private static FileMetaData read(ThriftReader in, boolean withRowGroups) {
        in.beginStruct("FileMetaData");
        int version = 0;
        List<SchemaElement> schema = null;
        long numRows = 0;
        List<RowGroup> rowGroups = null;
        List<KeyValue> kv = null;
        String createdBy = null;
        int[] orders = null;
        boolean encrypted = false;
        int seen = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            switch (id) {
                case 1 -> {
                    if (in.is(t, ThriftType.I32)) {
                        version = in.readI32();
                        seen |= 2;
                    }
                }
                case 2 -> {
                    if (in.isList(t)) {
                        schema = in.readStructList(t, SchemaElement::read);
                        seen |= 4;
                    }
                }
                case 3 -> {
                    if (in.is(t, ThriftType.I64)) {
                        numRows = in.readI64();
                        seen |= 8;
                    }
                }
                case 4 -> {
                    if (in.isList(t)) {
                        if (withRowGroups) {
                            rowGroups = in.readStructList(t, RowGroup::read);
                        } else {
                            in.skip(t);
                            rowGroups = List.of();
                        }
                        seen |= 16;
                    }
                }
                case 5 -> kv = in.isList(t) ? in.readStructList(t, KeyValue::read) : kv;
                case 6 -> createdBy = in.is(t, ThriftType.BINARY) ? in.readString() : createdBy;
                case 7 -> {
                    if (in.isList(t)) {
                        orders = in.readStructList(t, FileMetaData::readColumnOrder).stream().mapToInt(Integer::intValue).toArray();
                    }
                }
                case 8, 9 -> {
                    in.skip(t);
                    encrypted = true;
                }
                default -> in.skip(t);
            }
        }
        if (seen != 30) {
            throw in.missing("FileMetaData", (seen & 2) == 0 ? "version" : (seen & 4) == 0 ? "schema"
                    : (seen & 8) == 0 ? "num_rows" : "row_groups");
        }
        in.endStruct();
        return new FileMetaData(version, schema, numRows, rowGroups, kv, createdBy, orders, encrypted);
    }

    private static Integer readColumnOrder(ThriftReader in) {
        in.beginStruct("ColumnOrder");
        int member = 0;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            member = in.fieldId();
            in.skip(t);
        }
        in.endStruct();
        return member;
    }

    /**
     * Writes it to the compact protocol (without encryption fields).
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        out.i32Field(1, version);
        out.listField(2, ThriftType.STRUCT, schema.size());
        for (SchemaElement e : schema) {
            e.write(out);
        }
        out.i64Field(3, numRows);
        out.listField(4, ThriftType.STRUCT, rowGroups.size());
        for (RowGroup g : rowGroups) {
            g.write(out);
        }
        if (keyValueMetadata != null) {
            KeyValue.writeList(out, 5, keyValueMetadata);
        }
        if (createdBy != null) {
            out.stringField(6, createdBy);
        }
        if (columnOrders != null) {
            out.listField(7, ThriftType.STRUCT, columnOrders.length);
            for (int member : columnOrders) {
                out.beginStruct();
                out.emptyStructField(member);
                out.endStruct();
            }
        }
        out.endStruct();
    }
}
