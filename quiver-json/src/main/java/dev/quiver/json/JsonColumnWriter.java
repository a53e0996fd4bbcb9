// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.Types;
import dev.quiver.core.type.UnionMode;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes one column (a {@code FieldData} object) from the buffers of its {@link ArrayData}, honouring
 * its offset: 64-bit integers and decimals as strings, binary as hex, intervals as objects, views
 * inline or by prefix, buffer and offset. Offsets of lists and binary data are written as stored;
 * struct, sparse union and fixed-size list children are sliced to the parent's window, the run-end
 * encoded children to the logical runs.
 */
final class JsonColumnWriter {
    private final JsonGenerator g;

    JsonColumnWriter(JsonGenerator g) {
        this.g = g;
    }

    void write(String name, ArrayData data) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", name);
        long length = data.length();
        if (length > Integer.MAX_VALUE) {
            throw new JsonFormatException("column " + name + " has " + length + " slots, more than the format's"
                    + " 32-bit count allows");
        }
        g.writeNumberField("count", length);
        ArrowType storage = Types.storage(data.type());
        switch (storage) {
            case ArrowType.Null t -> {
            }
            case ArrowType.Dictionary d -> {
                writeValidity(data);
                writeIntegers("DATA", data.buffer(1), data.offset(), length, d.indexType().bitWidth(),
                        d.indexType().signed());
            }
            case ArrowType.Union u -> writeUnion(u, data);
            case ArrowType.RunEndEncoded r -> JsonRunEnds.write(this, r, data);
            default -> {
                writeValidity(data);
                writeValues(storage, data);
                writeChildren(storage.children(), childWindows(storage, data));
            }
        }
        g.writeEndObject();
    }

    /** The children as written: sliced to the parent's window where the layout indexes them by slot. */
    private static List<ArrayData> childWindows(ArrowType storage, ArrayData data) {
        return switch (storage) {
            case ArrowType.Struct s -> data.children().stream().map(c -> c.slice(data.offset(), data.length()))
                    .toList();
            case ArrowType.FixedSizeList f -> List.of(data.child(0).slice(data.offset() * f.listSize(),
                    data.length() * f.listSize()));
            default -> data.children();
        };
    }

    void writeChildren(List<Field> fields, List<ArrayData> children) throws IOException {
        if (fields.isEmpty()) {
            return;
        }
        g.writeArrayFieldStart("children");
        for (int i = 0; i < fields.size(); i++) {
            write(fields.get(i).name(), children.get(i));
        }
        g.writeEndArray();
    }

    private void writeValidity(ArrayData data) throws IOException {
        g.writeArrayFieldStart("VALIDITY");
        for (long i = 0; i < data.length(); i++) {
            g.writeNumber(data.isValid(i) ? 1 : 0);
        }
        g.writeEndArray();
    }

    private void writeValues(ArrowType storage, ArrayData data) throws IOException {
        long off = data.offset();
        long n = data.length();
        switch (storage) {
            case ArrowType.Bool t -> {
                g.writeArrayFieldStart("DATA");
                for (long i = 0; i < n; i++) {
                    g.writeBoolean(Bitmaps.get(data.buffer(1).segment(), off + i));
                }
                g.writeEndArray();
            }
            case ArrowType.Int t -> writeIntegers("DATA", data.buffer(1), off, n, t.bitWidth(), t.signed());
            case ArrowType.Date t -> writeIntegers("DATA", data.buffer(1), off, n, t.bitWidth(), true);
            case ArrowType.Time t -> writeIntegers("DATA", data.buffer(1), off, n, t.bitWidth(), true);
            case ArrowType.Timestamp t -> writeIntegers("DATA", data.buffer(1), off, n, 64, true);
            case ArrowType.Duration t -> writeIntegers("DATA", data.buffer(1), off, n, 64, true);
            case ArrowType.Interval t when t.unit() == IntervalUnit.YEAR_MONTH ->
                    writeIntegers("DATA", data.buffer(1), off, n, 32, true);
            case ArrowType.Interval t -> writeIntervals(t.unit(), segment(data.buffer(1)), off, n);
            case ArrowType.FloatingPoint t -> writeFloats(t.precision(), segment(data.buffer(1)), off, n);
            case ArrowType.Decimal t -> {
                int width = t.bitWidth() / 8;
                g.writeArrayFieldStart("DATA");
                for (long i = 0; i < n; i++) {
                    g.writeString(WideIntegers.read(data.buffer(1).segment(), (off + i) * width, width).toString());
                }
                g.writeEndArray();
            }
            case ArrowType.FixedSizeBinary t -> {
                g.writeArrayFieldStart("DATA");
                for (long i = 0; i < n; i++) {
                    g.writeString(JsonBinaryWriter.hex(data.buffer(1).segment(), (off + i) * t.byteWidth(),
                            t.byteWidth()));
                }
                g.writeEndArray();
            }
            case ArrowType.Binary t -> JsonBinaryWriter.varBinary(this, data, false, false);
            case ArrowType.LargeBinary t -> JsonBinaryWriter.varBinary(this, data, true, false);
            case ArrowType.Utf8 t -> JsonBinaryWriter.varBinary(this, data, false, true);
            case ArrowType.LargeUtf8 t -> JsonBinaryWriter.varBinary(this, data, true, true);
            case ArrowType.BinaryView t -> JsonBinaryWriter.views(this, data, false);
            case ArrowType.Utf8View t -> JsonBinaryWriter.views(this, data, true);
            case ArrowType.List t -> writeOffsets("OFFSET", data.buffer(1), off, n, 32);
            case ArrowType.Map t -> writeOffsets("OFFSET", data.buffer(1), off, n, 32);
            case ArrowType.LargeList t -> writeOffsets("OFFSET", data.buffer(1), off, n, 64);
            case ArrowType.ListView t -> {
                writeIntegers("OFFSET", data.buffer(1), off, n, 32, true);
                writeIntegers("SIZE", data.buffer(2), off, n, 32, true);
            }
            case ArrowType.LargeListView t -> {
                writeIntegers("OFFSET", data.buffer(1), off, n, 64, true);
                writeIntegers("SIZE", data.buffer(2), off, n, 64, true);
            }
            default -> {
            }
        }
    }

    private void writeUnion(ArrowType.Union u, ArrayData data) throws IOException {
        long off = data.offset();
        long n = data.length();
        writeIntegers("TYPE_ID", data.buffer(0), off, n, 8, true);
        if (u.mode() == UnionMode.DENSE) {
            writeDenseUnion(u, data);
        } else {
            writeChildren(u.fields(), data.children().stream().map(c -> c.slice(off, n)).toList());
        }
    }

    /**
     * A dense union's offsets and children with each child cut to the range its slots use and its offsets
     * rebased to that range (arrow-java's reader takes a child's length to be the number of slots that
     * select it).
     */
    private void writeDenseUnion(ArrowType.Union u, ArrayData data) throws IOException {
        long off = data.offset();
        long n = data.length();
        int k = u.fields().size();
        long[] first = new long[k];
        long[] end = new long[k];
        Arrays.fill(first, Long.MAX_VALUE);
        MemorySegment ids = segment(data.buffer(0));
        MemorySegment offsets = segment(data.buffer(1));
        for (long i = 0; i < n; i++) {
            int c = childOf(u, ids.get(LittleEndian.BYTE, off + i), i);
            long at = offsets.get(LittleEndian.INT, (off + i) * 4);
            first[c] = Math.min(first[c], at);
            end[c] = Math.max(end[c], at + 1);
        }
        List<ArrayData> children = new ArrayList<>();
        for (int c = 0; c < k; c++) {
            if (first[c] == Long.MAX_VALUE) {
                first[c] = 0;
                end[c] = 0;
            }
            children.add(data.child(c).slice(first[c], end[c] - first[c]));
        }
        g.writeArrayFieldStart("OFFSET");
        for (long i = 0; i < n; i++) {
            int c = childOf(u, ids.get(LittleEndian.BYTE, off + i), i);
            g.writeNumber(offsets.get(LittleEndian.INT, (off + i) * 4) - first[c]);
        }
        g.writeEndArray();
        writeChildren(u.fields(), children);
    }

    private static int childOf(ArrowType.Union u, byte typeId, long slot) {
        int c = u.childIndex(typeId);
        if (c < 0) {
            throw new JsonFormatException("slot " + slot + " of " + u + " has the undeclared type id " + typeId);
        }
        return c;
    }

    /** The buffer's memory; an empty segment for the absent buffers of empty arrays. */
    private static MemorySegment segment(ArrowBuffer buffer) {
        return buffer == null ? MemorySegment.NULL : buffer.segment();
    }

    /** {@code n} offsets + 1 from slot {@code off}; a single 0 for no slots without an offsets buffer. */
    private void writeOffsets(String key, ArrowBuffer buffer, long off, long n, int bitWidth) throws IOException {
        if (n == 0 && (buffer == null || buffer.byteSize() < (off + 1) * (bitWidth / 8))) {
            g.writeArrayFieldStart(key);
            writeInteger(0, bitWidth, true);
            g.writeEndArray();
            return;
        }
        writeIntegers(key, buffer, off, n + 1, bitWidth, true);
    }

    /** Integers of a buffer: JSON numbers, or strings for 64-bit ones. */
    void writeIntegers(String key, ArrowBuffer buffer, long off, long n, int bitWidth, boolean signed)
            throws IOException {
        g.writeArrayFieldStart(key);
        MemorySegment s = segment(buffer);
        for (long i = 0; i < n; i++) {
            long at = off + i;
            long v = switch (bitWidth) {
                case 8 -> signed ? s.get(LittleEndian.BYTE, at) : Byte.toUnsignedLong(s.get(LittleEndian.BYTE, at));
                case 16 -> signed ? s.get(LittleEndian.SHORT, at * 2) : Short.toUnsignedLong(s.get(LittleEndian.SHORT, at * 2));
                case 32 -> signed ? s.get(LittleEndian.INT, at * 4) : Integer.toUnsignedLong(s.get(LittleEndian.INT, at * 4));
                default -> s.get(LittleEndian.LONG, at * 8);
            };
            writeInteger(v, bitWidth, signed);
        }
        g.writeEndArray();
    }

    void writeInteger(long v, int bitWidth, boolean signed) throws IOException {
        if (bitWidth < 64) {
            g.writeNumber(v);
        } else {
            g.writeString(signed ? Long.toString(v) : Long.toUnsignedString(v));
        }
    }

    private void writeFloats(Precision precision, MemorySegment s, long off, long n) throws IOException {
        g.writeArrayFieldStart("DATA");
        for (long i = 0; i < n; i++) {
            long at = off + i;
            switch (precision) {
                case HALF -> g.writeNumber(HalfFloat.toFloat(s.get(LittleEndian.SHORT, at * 2)));
                case SINGLE -> g.writeNumber(s.get(LittleEndian.FLOAT, at * 4));
                case DOUBLE -> g.writeNumber(s.get(LittleEndian.DOUBLE, at * 8));
            }
        }
        g.writeEndArray();
    }

    private void writeIntervals(IntervalUnit unit, MemorySegment s, long off, long n) throws IOException {
        g.writeArrayFieldStart("DATA");
        for (long i = 0; i < n; i++) {
            g.writeStartObject();
            if (unit == IntervalUnit.DAY_TIME) {
                long base = (off + i) * 8;
                g.writeNumberField(JsonIntervals.DAYS, s.get(LittleEndian.INT, base));
                g.writeNumberField(JsonIntervals.MILLISECONDS, s.get(LittleEndian.INT, base + 4));
            } else {
                long base = (off + i) * 16;
                g.writeNumberField(JsonIntervals.MONTHS, s.get(LittleEndian.INT, base));
                g.writeNumberField(JsonIntervals.DAYS, s.get(LittleEndian.INT, base + 4));
                g.writeNumberField(JsonIntervals.NANOSECONDS, s.get(LittleEndian.LONG, base + 8));
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    JsonGenerator generator() {
        return g;
    }
}
