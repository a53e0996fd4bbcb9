// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.thrift.ThriftType;
import dev.quiver.parquet.thrift.ThriftWriter;

/**
 * One node of the flattened (depth-first) schema tree.
 *
 * @param type the {@link PhysicalType} code of a leaf, or {@code null} for a group
 * @param typeLength the byte length of FIXED_LEN_BYTE_ARRAY, or {@code null}
 * @param repetition the {@link Repetition} code, or {@code null} (the root)
 * @param name the name
 * @param numChildren the number of children of a group, or {@code null} for a leaf
 * @param convertedType the {@link ConvertedType} code, or {@code null}
 * @param scale the decimal scale of the converted type, or {@code null}
 * @param precision the decimal precision of the converted type, or {@code null}
 * @param fieldId the field id, or {@code null}
 * @param logicalType the logical type, or {@code null}
 */
public record SchemaElement(Integer type, Integer typeLength, Integer repetition, String name, Integer numChildren,
        Integer convertedType, Integer scale, Integer precision, Integer fieldId, LogicalType logicalType) {
    /**
     * Reads one from the compact protocol.
     *
     * @param in the reader
     * @return the element
     */
    public static SchemaElement read(ThriftReader in) {
        in.beginStruct("SchemaElement");
        Integer[] ints = new Integer[10];
        String name = null;
        LogicalType logical = null;
        for (int t; (t = in.readFieldHeader()) != ThriftType.STOP; ) {
            int id = in.fieldId();
            switch (id) {
                case 1, 2, 3, 5, 6, 7, 8, 9 -> ints[id] = in.is(t, ThriftType.I32) ? Integer.valueOf(in.readI32()) : ints[id];
                case 4 -> name = in.is(t, ThriftType.BINARY) ? in.readString() : name;
                case 10 -> logical = in.is(t, ThriftType.STRUCT) ? LogicalType.read(in) : logical;
                default -> in.skip(t);
            }
        }
        if (name == null) {
            throw in.missing("SchemaElement", "name");
        }
        in.endStruct();
        return new SchemaElement(ints[1], ints[2], ints[3], name, ints[5], ints[6], ints[7], ints[8], ints[9], logical);
    }

    /**
     * Writes it to the compact protocol.
     *
     * @param out the writer
     */
    public void write(ThriftWriter out) {
        out.beginStruct();
        optional(out, 1, type);
        optional(out, 2, typeLength);
        optional(out, 3, repetition);
        out.stringField(4, name);
        optional(out, 5, numChildren);
        optional(out, 6, convertedType);
        optional(out, 7, scale);
        optional(out, 8, precision);
        optional(out, 9, fieldId);
        if (logicalType != null) {
            out.fieldHeader(ThriftType.STRUCT, 10);
            logicalType.write(out);
        }
        out.endStruct();
    }

    private static void optional(ThriftWriter out, int id, Integer value) {
        if (value != null) {
            out.i32Field(id, value);
        }
    }
}
