// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.thrift;

import dev.quiver.parquet.ParquetException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reads the Thrift compact protocol from a byte range, bounds-checked: every read stays inside the range,
 * a declared length or element count is checked against the bytes left before anything is allocated,
 * and nesting is limited to {@value #MAX_DEPTH} structs. Any failure is a {@link ParquetException} naming
 * what was being read (the struct path and field ids) and the byte offset.
 */
public final class ThriftReader {
    /** The deepest nesting of structs, lists and maps accepted. */
    public static final int MAX_DEPTH = 64;

    private static final ValueLayout.OfDouble DOUBLE_LE =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final MemorySegment data;
    /** The bytes of {@code data} when it is a whole byte array: read directly, without a segment access per byte. */
    private final byte[] array;
    private final long start;
    private final long limit;
    private final String what;
    private long position;
    private final String[] structs = new String[MAX_DEPTH + 1];
    private final short[] fieldIds = new short[MAX_DEPTH + 1];
    private int depth;
    private short lastFieldId;
    private short fieldId;
    private int pendingBool = -1;

    /**
     * Creates a reader of {@code length} bytes of {@code data} from {@code offset}.
     *
     * @param data the bytes
     * @param offset the first byte to read
     * @param length the number of bytes that may be read
     * @param what what the bytes are (for messages), such as "the footer"
     * @throws ParquetException if the range lies outside {@code data}
     */
    public ThriftReader(MemorySegment data, long offset, long length, String what) {
        if (offset < 0 || length < 0 || offset > data.byteSize() - length) {
            throw new ParquetException(what + ": range of " + length + " bytes at " + offset + " lies outside the "
                    + data.byteSize() + " bytes available");
        }
        this.data = data;
        this.array = null;
        this.start = offset;
        this.position = offset;
        this.limit = offset + length;
        this.what = what;
    }

    /**
     * Creates a reader of a whole byte array.
     *
     * @param bytes the bytes
     * @param what what the bytes are (for messages)
     */
    public ThriftReader(byte[] bytes, String what) {
        this.data = MemorySegment.ofArray(bytes);
        this.array = bytes;
        this.start = 0;
        this.position = 0;
        this.limit = bytes.length;
        this.what = what;
    }

    /**
     * The number of bytes read so far.
     *
     * @return the bytes consumed since the start of the range
     */
    public long bytesRead() {
        return position - start;
    }

    /**
     * The number of bytes left in the range.
     *
     * @return the bytes not read yet
     */
    public long remaining() {
        return limit - position;
    }

    /**
     * Starts reading a struct: its fields follow, up to a stop byte.
     *
     * @param name the struct's name (for messages)
     * @throws ParquetException if the nesting is deeper than {@value #MAX_DEPTH}
     */
    public void beginStruct(String name) {
        if (depth >= MAX_DEPTH) {
            throw error("structs nested deeper than " + MAX_DEPTH);
        }
        fieldIds[depth] = lastFieldId;
        structs[depth++] = name;
        lastFieldId = 0;
        fieldId = 0;
    }

    /**
     * Ends the struct begun last (after {@link #readFieldHeader()} returned {@link ThriftType#STOP}).
     */
    public void endStruct() {
        depth--;
        lastFieldId = fieldIds[depth];
        fieldId = lastFieldId;
        pendingBool = -1;
    }

    /**
     * Reads the next field header of the current struct.
     *
     * @return the field's type ({@link ThriftType}), {@link ThriftType#STOP} at the end of the struct; a
     *     boolean field's type is {@link ThriftType#TRUE} (read its value with {@link #readBool()})
     * @throws ParquetException if the header is cut short or malformed
     */
    public int readFieldHeader() {
        int header = readUnsignedByte();
        int type = header & 0x0F;
        if (type == ThriftType.STOP) {
            if (header != 0) {
                throw error("bad field header 0x" + Integer.toHexString(header));
            }
            return ThriftType.STOP;
        }
        int delta = header >>> 4;
        short id;
        if (delta == 0) {
            id = readI16();
        } else {
            id = (short) (lastFieldId + delta);
        }
        fieldId = id;
        lastFieldId = id;
        if (type == ThriftType.TRUE || type == ThriftType.FALSE) {
            pendingBool = type == ThriftType.TRUE ? 1 : 0;
            return ThriftType.TRUE;
        }
        if (type > ThriftType.STRUCT) {
            throw error("unknown field type " + type);
        }
        pendingBool = -1;
        return type;
    }

    /**
     * The id of the field whose header was read last.
     *
     * @return the field id
     */
    public short fieldId() {
        return fieldId;
    }

    /**
     * Reads a boolean: a field's value (held in its header) or a list element (one byte).
     *
     * @return the value
     * @throws ParquetException if the byte is not a boolean
     */
    public boolean readBool() {
        if (pendingBool >= 0) {
            boolean value = pendingBool == 1;
            pendingBool = -1;
            return value;
        }
        int b = readUnsignedByte();
        if (b == 1) {
            return true;
        }
        if (b == 0 || b == 2) {
            return false;
        }
        throw error("bad boolean byte " + b);
    }

    /**
     * Reads one signed byte.
     *
     * @return the value
     */
    public byte readByte() {
        return (byte) readUnsignedByte();
    }

    /**
     * Reads a zigzag varint 16-bit integer.
     *
     * @return the value
     * @throws ParquetException if it does not fit 16 bits
     */
    public short readI16() {
        int v = readI32();
        if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
            throw error("i16 value " + v + " out of range");
        }
        return (short) v;
    }

    /**
     * Reads a zigzag varint 32-bit integer.
     *
     * @return the value
     * @throws ParquetException if it is cut short or longer than 5 bytes
     */
    public int readI32() {
        long raw = readVarint(5);
        if ((raw >>> 32) != 0) {
            throw error("i32 varint out of range");
        }
        int u = (int) raw;
        return (u >>> 1) ^ -(u & 1);
    }

    /**
     * Reads a zigzag varint 64-bit integer.
     *
     * @return the value
     * @throws ParquetException if it is cut short or longer than 10 bytes
     */
    public long readI64() {
        long u = readVarint(10);
        return (u >>> 1) ^ -(u & 1);
    }

    /**
     * Reads an 8-byte little-endian double.
     *
     * @return the value
     */
    public double readDouble() {
        need(8);
        double v = data.get(DOUBLE_LE, position);
        position += 8;
        return v;
    }

    /**
     * Reads a length-prefixed byte string.
     *
     * @return a copy of the bytes
     * @throws ParquetException if the length is negative or past the bytes left
     */
    public byte[] readBinary() {
        int length = readLength("binary");
        byte[] bytes = new byte[length];
        MemorySegment.copy(data, ValueLayout.JAVA_BYTE, position, bytes, 0, length);
        position += length;
        return bytes;
    }

    /**
     * Reads a length-prefixed UTF-8 string (malformed UTF-8 is replaced, as metadata strings are names).
     *
     * @return the string
     */
    public String readString() {
        return new String(readBinary(), StandardCharsets.UTF_8);
    }

    /**
     * Reads a list (or set) header. The element type is then {@link #listElementType()}.
     *
     * @return the element count, at most the bytes left (each element takes at least one byte)
     * @throws ParquetException if the count is negative or larger than the bytes left
     */
    public int readListHeader() {
        int header = readUnsignedByte();
        int count = header >>> 4;
        listElementType = header & 0x0F;
        if (count == 15) {
            long raw = readVarint(5);
            if (raw > Integer.MAX_VALUE) {
                throw error("list of " + raw + " elements");
            }
            count = (int) raw;
        }
        if (count > remaining()) {
            throw error("list of " + count + " elements but only " + remaining() + " bytes left");
        }
        if (listElementType == ThriftType.STOP || listElementType > ThriftType.STRUCT) {
            throw error("unknown list element type " + listElementType);
        }
        return count;
    }

    private int listElementType;

    /**
     * The element type of the list whose header was read last.
     *
     * @return the {@link ThriftType} of the elements
     */
    public int listElementType() {
        return listElementType;
    }

    /**
     * Reads a list of 32-bit integers (the field's type must be a list).
     *
     * @param fieldType the field's type from its header
     * @return the values
     */
    public int[] readI32List(int fieldType) {
        expectList(fieldType, ThriftType.I32);
        int n = readListHeader();
        expectElement(ThriftType.I32);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = readI32();
        }
        return values;
    }

    /**
     * Reads a list of 64-bit integers.
     *
     * @param fieldType the field's type from its header
     * @return the values
     */
    public long[] readI64List(int fieldType) {
        expectList(fieldType, ThriftType.I64);
        int n = readListHeader();
        expectElement(ThriftType.I64);
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = readI64();
        }
        return values;
    }

    /**
     * Reads a list of booleans.
     *
     * @param fieldType the field's type from its header
     * @return the values
     */
    public boolean[] readBoolList(int fieldType) {
        expectList(fieldType, ThriftType.TRUE);
        int n = readListHeader();
        if (listElementType != ThriftType.TRUE && listElementType != ThriftType.FALSE) {
            throw error("list of type " + listElementType + " where booleans were expected");
        }
        boolean[] values = new boolean[n];
        for (int i = 0; i < n; i++) {
            values[i] = readBool();
        }
        return values;
    }

    /**
     * Reads a list of byte strings.
     *
     * @param fieldType the field's type from its header
     * @return the values
     */
    public List<byte[]> readBinaryList(int fieldType) {
        expectList(fieldType, ThriftType.BINARY);
        int n = readListHeader();
        expectElement(ThriftType.BINARY);
        List<byte[]> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            values.add(readBinary());
        }
        return values;
    }

    /**
     * Reads a list of strings.
     *
     * @param fieldType the field's type from its header
     * @return the values
     */
    public List<String> readStringList(int fieldType) {
        expectList(fieldType, ThriftType.BINARY);
        int n = readListHeader();
        expectElement(ThriftType.BINARY);
        List<String> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            values.add(readString());
        }
        return values;
    }

    /**
     * Reads a list of structs, each with {@code element}.
     *
     * @param fieldType the field's type from its header
     * @param element reads one struct
     * @param <T> the element type
     * @return the values
     */
    public <T> List<T> readStructList(int fieldType, Function<ThriftReader, T> element) {
        expectList(fieldType, ThriftType.STRUCT);
        int n = readListHeader();
        expectElement(ThriftType.STRUCT);
        List<T> values = new ArrayList<>(Math.min(n, 1024));
        for (int i = 0; i < n; i++) {
            values.add(element.apply(this));
        }
        return values;
    }

    /**
     * Whether a field has the type the format defines for it; a field of another type is skipped, as
     * Thrift's generated readers do (forward compatibility), and the answer is false.
     *
     * @param fieldType the type in the field's header
     * @param expected the type the format defines for the field
     * @return true if the value is to be read now
     */
    public boolean is(int fieldType, int expected) {
        if (fieldType == expected) {
            return true;
        }
        skip(fieldType);
        return false;
    }

    /**
     * Whether a list field holds elements of the given type; otherwise it is skipped (see
     * {@link #is(int, int)}). The list header is not read.
     *
     * @param fieldType the type in the field's header
     * @return true if the field is a list or set
     */
    public boolean isList(int fieldType) {
        return fieldType == ThriftType.SET || is(fieldType, ThriftType.LIST);
    }

    /**
     * Checks that a field has the expected type.
     *
     * @param fieldType the type in the field's header
     * @param expected the type the format defines for the field
     * @throws ParquetException if they differ
     */
    public void expect(int fieldType, int expected) {
        if (fieldType != expected) {
            throw error("field has type " + fieldType + " where " + expected + " was expected");
        }
    }

    private void expectList(int fieldType, int elements) {
        if (fieldType != ThriftType.LIST && fieldType != ThriftType.SET) {
            throw error("field has type " + fieldType + " where a list was expected");
        }
    }

    private void expectElement(int expected) {
        if (listElementType != expected) {
            throw error("list of type " + listElementType + " where " + expected + " was expected");
        }
    }

    /**
     * Skips a value of the given type (unknown fields: forward compatibility).
     *
     * @param type the value's {@link ThriftType}
     * @throws ParquetException if the value is malformed or nested too deep
     */
    public void skip(int type) {
        if (array != null) {
            // a struct field's boolean is in its header (pending); a list's takes a byte
            boolean inHeader = pendingBool >= 0;
            pendingBool = -1;
            position = skipInArray(array, (int) position, type, inHeader, 0);
        } else {
            skip(type, 0);
        }
    }

    /**
     * {@link #skip(int)} over the byte array with a local position and no per-byte call: a footer's row groups
     * (hundreds of kilobytes for a file of many small row groups) are walked over this way when only its
     * schema is read. Returns the position after the value; the same checks and limits as the walk through
     * the reader's own methods.
     */
    private int skipInArray(byte[] a, int p, int type, boolean boolInHeader, int nesting) {
        if (depth + nesting >= MAX_DEPTH) {
            throw errorAt(p, "values nested deeper than " + MAX_DEPTH);
        }
        int end = (int) limit;
        switch (type) {
            case ThriftType.TRUE, ThriftType.FALSE -> {
                if (boolInHeader) {
                    return p;
                }
                if (p >= end) {
                    throw cutAt(p, 1);
                }
                int b = a[p] & 0xFF;
                if (b > 2) {
                    throw errorAt(p, "bad boolean byte " + b);
                }
                return p + 1;
            }
            case ThriftType.BYTE -> {
                if (p >= end) {
                    throw cutAt(p, 1);
                }
                return p + 1;
            }
            case ThriftType.I16, ThriftType.I32, ThriftType.I64 -> {
                return skipVarint(a, p, end, 10);
            }
            case ThriftType.DOUBLE -> {
                if (end - p < 8) {
                    throw cutAt(p, 8);
                }
                return p + 8;
            }
            case ThriftType.BINARY -> {
                int after = skipVarint(a, p, end, 5);
                long length = varintAt(a, p, after);
                if (length > end - after) {
                    throw errorAt(after, "binary of " + length + " bytes but only " + (end - after) + " bytes left");
                }
                return after + (int) length;
            }
            case ThriftType.LIST, ThriftType.SET -> {
                if (p >= end) {
                    throw cutAt(p, 1);
                }
                int header = a[p++] & 0xFF;
                long count = header >>> 4;
                int elements = header & 0x0F;
                if (count == 15) {
                    int after = skipVarint(a, p, end, 5);
                    count = varintAt(a, p, after);
                    p = after;
                }
                if (count > end - p) {
                    throw errorAt(p, "list of " + count + " elements but only " + (end - p) + " bytes left");
                }
                if (elements == ThriftType.STOP || elements > ThriftType.STRUCT) {
                    throw errorAt(p, "unknown list element type " + elements);
                }
                for (long i = 0; i < count; i++) {
                    p = skipInArray(a, p, elements, false, nesting + 1);
                }
                return p;
            }
            case ThriftType.MAP -> {
                int after = skipVarint(a, p, end, 5);
                long entries = varintAt(a, p, after);
                p = after;
                if (entries > end - p) {
                    throw errorAt(p, "map of " + entries + " entries but only " + (end - p) + " bytes left");
                }
                if (entries > 0) {
                    if (p >= end) {
                        throw cutAt(p, 1);
                    }
                    int kv = a[p++] & 0xFF;
                    for (long i = 0; i < entries; i++) {
                        p = skipInArray(a, p, kv >>> 4, false, nesting + 1);
                        p = skipInArray(a, p, kv & 0x0F, false, nesting + 1);
                    }
                }
                return p;
            }
            case ThriftType.STRUCT -> {
                while (true) {
                    if (p >= end) {
                        throw cutAt(p, 1);
                    }
                    int header = a[p++] & 0xFF;
                    int fieldType = header & 0x0F;
                    if (fieldType == ThriftType.STOP) {
                        if (header != 0) {
                            throw errorAt(p - 1, "bad field header 0x" + Integer.toHexString(header));
                        }
                        return p;
                    }
                    if (header >>> 4 == 0) {
                        // the field id itself, a zigzag i16
                        int after = skipVarint(a, p, end, 5);
                        long raw = varintAt(a, p, after);
                        long id = (raw >>> 1) ^ -(raw & 1);
                        if (id < Short.MIN_VALUE || id > Short.MAX_VALUE) {
                            throw errorAt(p, "i16 value " + id + " out of range");
                        }
                        p = after;
                    }
                    if (fieldType > ThriftType.STRUCT) {
                        throw errorAt(p, "unknown field type " + fieldType);
                    }
                    boolean bool = fieldType == ThriftType.TRUE || fieldType == ThriftType.FALSE;
                    p = skipInArray(a, p, fieldType, bool, nesting + 1);
                }
            }
            default -> throw errorAt(p, "cannot skip a value of unknown type " + type);
        }
    }

    /** The position after a varint of at most {@code maxBytes} bytes at {@code p}. */
    private int skipVarint(byte[] a, int p, int end, int maxBytes) {
        for (int i = 0; i < maxBytes; i++) {
            if (p + i >= end) {
                throw cutAt(p + i, 1);
            }
            if ((a[p + i] & 0x80) == 0) {
                return p + i + 1;
            }
        }
        throw errorAt(p, "varint longer than " + maxBytes + " bytes");
    }

    /** The value of the varint between {@code p} and {@code after}. */
    private static long varintAt(byte[] a, int p, int after) {
        long result = 0;
        for (int i = 0; p + i < after; i++) {
            result |= (long) (a[p + i] & 0x7F) << (7 * i);
        }
        return result;
    }

    private ParquetException errorAt(int p, String message) {
        position = p;
        return error(message);
    }

    private ParquetException cutAt(int p, int n) {
        position = p;
        return error("cut short: " + n + " more bytes needed, " + (limit - p) + " left");
    }

    private void skip(int type, int nesting) {
        if (depth + nesting >= MAX_DEPTH) {
            throw error("values nested deeper than " + MAX_DEPTH);
        }
        switch (type) {
            case ThriftType.TRUE, ThriftType.FALSE -> readBool();
            case ThriftType.BYTE -> readUnsignedByte();
            case ThriftType.I16, ThriftType.I32, ThriftType.I64 -> readVarint(10);
            case ThriftType.DOUBLE -> {
                need(8);
                position += 8;
            }
            case ThriftType.BINARY -> {
                int length = readLength("binary");
                position += length;
            }
            case ThriftType.LIST, ThriftType.SET -> {
                int n = readListHeader();
                int elements = listElementType;
                for (int i = 0; i < n; i++) {
                    skip(elements, nesting + 1);
                }
            }
            case ThriftType.MAP -> {
                long raw = readVarint(5);
                if (raw > remaining()) {
                    throw error("map of " + raw + " entries but only " + remaining() + " bytes left");
                }
                if (raw > 0) {
                    int kv = readUnsignedByte();
                    int keyType = kv >>> 4;
                    int valueType = kv & 0x0F;
                    for (long i = 0; i < raw; i++) {
                        skip(keyType, nesting + 1);
                        skip(valueType, nesting + 1);
                    }
                }
            }
            case ThriftType.STRUCT -> {
                beginStruct("(unknown)");
                int fieldType;
                while ((fieldType = readFieldHeader()) != ThriftType.STOP) {
                    skip(fieldType, nesting);
                }
                endStruct();
            }
            default -> throw error("cannot skip a value of unknown type " + type);
        }
    }

    /**
     * Skips a struct whose field header was just read: an empty marker struct (such as a logical type's
     * parameters) or one whose content is not needed.
     */
    public void skipStruct() {
        skip(ThriftType.STRUCT);
    }

    /**
     * A failure naming what was read, the struct path, the field and the byte offset.
     *
     * @param message what is wrong
     * @return the exception to throw
     */
    public ParquetException error(String message) {
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            if (i > 0) {
                path.append(" > ");
            }
            path.append(structs[i]);
            short id = i + 1 < depth ? fieldIds[i + 1] : fieldId;
            if (id != 0) {
                path.append(".field ").append(id);
            }
        }
        return new ParquetException(what + ": " + message + (path.isEmpty() ? "" : " in " + path)
                + " at byte " + (position - start));
    }

    /**
     * A failure for a required field the struct did not have.
     *
     * @param struct the struct's name
     * @param field the field's name
     * @return the exception to throw
     */
    public ParquetException missing(String struct, String field) {
        return error(struct + " has no " + field + " (a required field)");
    }

    private int readLength(String kind) {
        long raw = readVarint(5);
        if (raw > remaining()) {
            throw error(kind + " of " + raw + " bytes but only " + remaining() + " bytes left");
        }
        return (int) raw;
    }

    private long readVarint(int maxBytes) {
        long result = 0;
        for (int i = 0; i < maxBytes; i++) {
            int b = readUnsignedByte();
            result |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw error("varint longer than " + maxBytes + " bytes");
    }

    private int readUnsignedByte() {
        need(1);
        return array != null ? array[(int) position++] & 0xFF : data.get(ValueLayout.JAVA_BYTE, position++) & 0xFF;
    }

    private void need(int n) {
        if (limit - position < n) {
            throw error("cut short: " + n + " more bytes needed, " + (limit - position) + " left");
        }
    }
}
