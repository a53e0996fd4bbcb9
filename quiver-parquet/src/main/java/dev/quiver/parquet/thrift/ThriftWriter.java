// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.thrift;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes the Thrift compact protocol into a growing byte array: structs with field-id deltas, zigzag
 * varints, lists and booleans held in the field header's type.
 */
public final class ThriftWriter {
    private byte[] buffer = new byte[256];
    private int size;
    private short[] saved = new short[16];
    private int depth;
    private short lastFieldId;

    /** Creates an empty writer. */
    public ThriftWriter() {}

    /**
     * The bytes written so far.
     *
     * @return a copy of the bytes
     */
    public byte[] toByteArray() {
        return Arrays.copyOf(buffer, size);
    }

    /**
     * The number of bytes written so far.
     *
     * @return the size
     */
    public int size() {
        return size;
    }

    /** Starts a struct (the top-level one, or a list element). */
    public void beginStruct() {
        if (depth == saved.length) {
            saved = Arrays.copyOf(saved, depth * 2);
        }
        saved[depth++] = lastFieldId;
        lastFieldId = 0;
    }

    /** Ends the struct begun last: writes its stop byte. */
    public void endStruct() {
        writeByte(0);
        lastFieldId = saved[--depth];
    }

    /**
     * Writes a field header.
     *
     * @param type the field's {@link ThriftType}
     * @param id the field id
     */
    public void fieldHeader(int type, int id) {
        int delta = id - lastFieldId;
        if (delta > 0 && delta <= 15) {
            writeByte((delta << 4) | type);
        } else {
            writeByte(type);
            writeVarint(zigzag32(id));
        }
        lastFieldId = (short) id;
    }

    /**
     * Writes a struct field's header and begins the struct; end it with {@link #endStruct()}.
     *
     * @param id the field id
     */
    public void structField(int id) {
        fieldHeader(ThriftType.STRUCT, id);
        beginStruct();
    }

    /**
     * Writes an empty struct field (a marker such as a logical type without parameters).
     *
     * @param id the field id
     */
    public void emptyStructField(int id) {
        structField(id);
        endStruct();
    }

    /**
     * Writes a boolean field.
     *
     * @param id the field id
     * @param value the value
     */
    public void boolField(int id, boolean value) {
        fieldHeader(value ? ThriftType.TRUE : ThriftType.FALSE, id);
    }

    /**
     * Writes a byte field.
     *
     * @param id the field id
     * @param value the value
     */
    public void byteField(int id, int value) {
        fieldHeader(ThriftType.BYTE, id);
        writeByte(value);
    }

    /**
     * Writes an i16 field.
     *
     * @param id the field id
     * @param value the value
     */
    public void i16Field(int id, int value) {
        fieldHeader(ThriftType.I16, id);
        writeVarint(zigzag32(value));
    }

    /**
     * Writes an i32 field.
     *
     * @param id the field id
     * @param value the value
     */
    public void i32Field(int id, int value) {
        fieldHeader(ThriftType.I32, id);
        i32(value);
    }

    /**
     * Writes an i64 field.
     *
     * @param id the field id
     * @param value the value
     */
    public void i64Field(int id, long value) {
        fieldHeader(ThriftType.I64, id);
        i64(value);
    }

    /**
     * Writes a double field.
     *
     * @param id the field id
     * @param value the value
     */
    public void doubleField(int id, double value) {
        fieldHeader(ThriftType.DOUBLE, id);
        long bits = Double.doubleToRawLongBits(value);
        for (int i = 0; i < 8; i++) {
            writeByte((int) (bits >>> (8 * i)));
        }
    }

    /**
     * Writes a binary field.
     *
     * @param id the field id
     * @param value the bytes
     */
    public void binaryField(int id, byte[] value) {
        fieldHeader(ThriftType.BINARY, id);
        binary(value);
    }

    /**
     * Writes a string field (UTF-8).
     *
     * @param id the field id
     * @param value the string
     */
    public void stringField(int id, String value) {
        binaryField(id, value.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes a list field's header; the elements follow.
     *
     * @param id the field id
     * @param elementType the elements' {@link ThriftType}
     * @param count the number of elements
     */
    public void listField(int id, int elementType, int count) {
        fieldHeader(ThriftType.LIST, id);
        listHeader(elementType, count);
    }

    /**
     * Writes a list header (for a list nested in a list, or after {@link #fieldHeader}).
     *
     * @param elementType the elements' {@link ThriftType}
     * @param count the number of elements
     */
    public void listHeader(int elementType, int count) {
        if (count < 15) {
            writeByte((count << 4) | elementType);
        } else {
            writeByte(0xF0 | elementType);
            writeVarint(count & 0xFFFFFFFFL);
        }
    }

    /**
     * Writes an i32 list element (or value).
     *
     * @param value the value
     */
    public void i32(int value) {
        writeVarint(zigzag32(value));
    }

    /**
     * Writes an i64 list element (or value).
     *
     * @param value the value
     */
    public void i64(long value) {
        writeVarint((value << 1) ^ (value >> 63));
    }

    /**
     * Writes a boolean list element.
     *
     * @param value the value
     */
    public void bool(boolean value) {
        writeByte(value ? 1 : 2);
    }

    /**
     * Writes a binary list element (or value).
     *
     * @param value the bytes
     */
    public void binary(byte[] value) {
        writeVarint(value.length);
        ensure(value.length);
        System.arraycopy(value, 0, buffer, size, value.length);
        size += value.length;
    }

    /**
     * Writes a string list element (UTF-8).
     *
     * @param value the string
     */
    public void string(String value) {
        binary(value.getBytes(StandardCharsets.UTF_8));
    }

    private static long zigzag32(int value) {
        return ((value << 1) ^ (value >> 31)) & 0xFFFFFFFFL;
    }

    private void writeVarint(long value) {
        ensure(10);
        while ((value & ~0x7FL) != 0) {
            buffer[size++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        buffer[size++] = (byte) value;
    }

    private void writeByte(int b) {
        ensure(1);
        buffer[size++] = (byte) b;
    }

    private void ensure(int n) {
        if (buffer.length - size < n) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + n));
        }
    }
}
