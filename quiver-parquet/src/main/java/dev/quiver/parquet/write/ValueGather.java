// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import dev.quiver.parquet.ParquetException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Copies the values of level entries out of the Arrow leaf into a page's dense physical values, converting
 * as {@link ValueKind} says (one loop per kind, runs of contiguous slots copied in bulk).
 */
public final class ValueGather {
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final ValueLayout.OfLong BIG_ENDIAN_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final ValueKind kind;
    private final int width;
    private final String columnName;

    /**
     * A gatherer for one leaf column.
     *
     * @param kind the conversion
     * @param fixedWidth the FIXED_LEN_BYTE_ARRAY length for {@link ValueKind#FIXED} and {@link ValueKind#DECIMAL}
     * @param columnName the column's dotted path, for error messages
     */
    public ValueGather(ValueKind kind, int fixedWidth, String columnName) {
        this.kind = kind;
        this.width = kind.width() < 0 ? fixedWidth : kind.width();
        this.columnName = columnName;
    }

    /**
     * Levels whose leaf is a dictionary array turned into levels over its dictionary (the slots looked up in
     * the indices); other levels unchanged.
     *
     * @param levels the levels
     * @return levels over the dictionary's values
     */
    public static Levels resolveDictionary(Levels levels) {
        ArrayData leaf = levels.leaf();
        if (!(Types.storage(leaf.type()) instanceof ArrowType.Dictionary d)) {
            return levels;
        }
        int n = levels.count();
        int[] positions = new int[n];
        MemorySegment indices = leaf.buffer(1).segment();
        long offset = leaf.offset();
        int bits = d.indexType().bitWidth();
        long dictionaryLength = leaf.dictionary().length();
        for (int i = 0; i < n; i++) {
            long slot = levels.position(i);
            if (slot < 0) {
                positions[i] = -1;
                continue;
            }
            long at = offset + slot;
            long index = switch (bits) {
                case 8 -> indices.get(ValueLayout.JAVA_BYTE, at);
                case 16 -> indices.getAtIndex(LittleEndian.SHORT, at);
                case 32 -> indices.getAtIndex(LittleEndian.INT, at);
                default -> indices.getAtIndex(LittleEndian.LONG, at);
            };
            if (!d.indexType().signed()) {
                index = bits == 8 ? index & 0xFF : bits == 16 ? index & 0xFFFF : bits == 32 ? index & 0xFFFFFFFFL : index;
            }
            if (index < 0 || index >= dictionaryLength) {
                throw new ParquetException("dictionary index " + index + " out of range [0, " + dictionaryLength
                        + ") in column " + levels.leaf().type());
            }
            positions[i] = (int) index;
        }
        return new Levels(n, levels.def(), levels.rep(), positions, 0, leaf.dictionary(), levels.values());
    }

    /**
     * Appends the values of entries {@code [from, to)} that are defined down to the leaf.
     *
     * @param levels the entries
     * @param from the first entry
     * @param to one past the last entry
     * @param out the page's values
     */
    public void append(Levels levels, int from, int to, PageValues out) {
        ArrayData leaf = levels.leaf();
        switch (kind) {
            case NONE -> {
            }
            case BINARY, LARGE_BINARY, BINARY_VIEW -> appendByteArrays(levels, leaf, from, to, out);
            case BOOLEAN -> appendBooleans(levels, leaf, from, to, out);
            default -> appendFixed(levels, leaf, from, to, out);
        }
    }

    private void appendBooleans(Levels levels, ArrayData leaf, int from, int to, PageValues out) {
        MemorySegment bits = leaf.buffer(1).segment();
        long offset = leaf.offset();
        ByteSink sink = out.bytes;
        sink.reserve(to - from);
        byte[] dst = sink.array();
        int o = sink.size();
        for (int i = from; i < to; i++) {
            long slot = levels.position(i);
            if (slot >= 0) {
                dst[o++] = (byte) (Bitmaps.get(bits, offset + slot) ? 1 : 0);
            }
        }
        out.count += o - sink.size();
        sink.setSize(o);
    }

    private void appendFixed(Levels levels, ArrayData leaf, int from, int to, PageValues out) {
        MemorySegment src = leaf.buffer(1).segment();
        long offset = leaf.offset();
        ByteSink sink = out.bytes;
        int before = sink.size();
        sink.reserve((long) (to - from) * width);
        if (levels.positions() == null && direct()) {
            long first = levels.firstPosition() + from;
            sink.write(src, (offset + first) * width, (long) (to - from) * width);
            out.count += to - from;
            return;
        }
        MemorySegment dst = sink.segment();
        int[] positions = levels.positions();
        long first = levels.firstPosition() + offset;
        // one loop per conversion; slot -1 (no value) is skipped
        long o = switch (kind) {
            case INT8, UINT8, INT16, UINT16 -> widen(positions, first, offset, from, to, src, dst, before);
            case TIME32_SECONDS, DATE64, TIMESTAMP_SECONDS -> scale(positions, first, offset, from, to, src, dst,
                    before);
            case DECIMAL -> decimals(positions, first, offset, from, to, src, dst, before, sourceWidth(leaf));
            default -> copies(positions, first, offset, from, to, src, dst, before);
        };
        out.count += (int) ((o - before) / width);
        sink.setSize((int) o);
    }

    /** The Arrow slot of entry {@code i} (the leaf's offset added), or -1. */
    private static long at(int[] positions, long first, long offset, int i) {
        if (positions == null) {
            return first + i;
        }
        int p = positions[i];
        return p < 0 ? -1 : offset + p;
    }

    private long widen(int[] positions, long first, long offset, int from, int to, MemorySegment src,
            MemorySegment dst, long o) {
        for (int i = from; i < to; i++) {
            long at = at(positions, first, offset, i);
            if (at < 0) {
                continue;
            }
            int v = switch (kind) {
                case INT8 -> src.get(ValueLayout.JAVA_BYTE, at);
                case UINT8 -> src.get(ValueLayout.JAVA_BYTE, at) & 0xFF;
                case INT16 -> src.getAtIndex(LittleEndian.SHORT, at);
                default -> src.getAtIndex(LittleEndian.SHORT, at) & 0xFFFF;
            };
            dst.set(LittleEndian.INT, o, v);
            o += 4;
        }
        return o;
    }

    private long scale(int[] positions, long first, long offset, int from, int to, MemorySegment src,
            MemorySegment dst, long o) {
        for (int i = from; i < to; i++) {
            long at = at(positions, first, offset, i);
            if (at < 0) {
                continue;
            }
            long slot = at - offset;
            switch (kind) {
                case TIME32_SECONDS -> dst.set(LittleEndian.INT, o,
                        multiplyInt(src.getAtIndex(LittleEndian.INT, at), 1000, slot));
                case DATE64 -> dst.set(LittleEndian.INT, o, days(src.getAtIndex(LittleEndian.LONG, at), slot));
                default -> dst.set(LittleEndian.LONG, o, multiplyLong(src.getAtIndex(LittleEndian.LONG, at), slot));
            }
            o += width;
        }
        return o;
    }

    private long decimals(int[] positions, long first, long offset, int from, int to, MemorySegment src,
            MemorySegment dst, long o, int sourceWidth) {
        for (int i = from; i < to; i++) {
            long at = at(positions, first, offset, i);
            if (at < 0) {
                continue;
            }
            long base = at * sourceWidth;
            if (width == 8) {
                dst.set(BIG_ENDIAN_LONG, o, src.get(LittleEndian.LONG, base));
            } else if (width < 8) {
                // the low 8 bytes, little-endian, hold the value: written big-endian, cut to width
                long v = src.get(LittleEndian.LONG, base);
                for (int b = 0; b < width; b++) {
                    dst.set(ValueLayout.JAVA_BYTE, o + b, (byte) (v >>> (8 * (width - 1 - b))));
                }
            } else {
                for (int b = 0; b < width; b++) {
                    dst.set(ValueLayout.JAVA_BYTE, o + b, src.get(ValueLayout.JAVA_BYTE, base + width - 1 - b));
                }
            }
            o += width;
        }
        return o;
    }

    /** Values copied as they are (the entries with slots; runs without gaps are copied in bulk by the caller). */
    private long copies(int[] positions, long first, long offset, int from, int to, MemorySegment src,
            MemorySegment dst, long o) {
        int w = width;
        for (int i = from; i < to; i++) {
            long at = at(positions, first, offset, i);
            if (at < 0) {
                continue;
            }
            if (w == 4) {
                dst.set(LittleEndian.INT, o, src.getAtIndex(LittleEndian.INT, at));
            } else if (w == 8) {
                dst.set(LittleEndian.LONG, o, src.getAtIndex(LittleEndian.LONG, at));
            } else {
                MemorySegment.copy(src, at * w, dst, o, w);
            }
            o += w;
        }
        return o;
    }

    /** Whether values are copied unchanged, with the dense width. */
    private boolean direct() {
        return switch (kind) {
            case INT32, INT64, FLOAT, DOUBLE, FIXED -> true;
            default -> false;
        };
    }

    private static int sourceWidth(ArrayData leaf) {
        return Types.storage(leaf.type()) instanceof ArrowType.Decimal d ? d.bitWidth() / 8 : 0;
    }

    private int multiplyInt(int v, int factor, long slot) {
        long r = (long) v * factor;
        if (r != (int) r) {
            throw new ParquetException("column " + columnName + ": time32 value " + v + " s at slot " + slot
                    + " overflows INT32 milliseconds");
        }
        return (int) r;
    }

    private long multiplyLong(long v, long slot) {
        long r = v * 1000;
        if (Math.multiplyHigh(v, 1000) != (r >> 63)) {
            throw new ParquetException("column " + columnName + ": timestamp value " + v + " s at slot " + slot
                    + " overflows INT64 milliseconds");
        }
        return r;
    }

    private int days(long millis, long slot) {
        long d = Math.floorDiv(millis, MILLIS_PER_DAY);
        if (d != (int) d) {
            throw new ParquetException("column " + columnName + ": date64 value " + millis + " at slot " + slot
                    + " is outside the INT32 days of a Parquet DATE");
        }
        return (int) d;
    }

    private void appendByteArrays(Levels levels, ArrayData leaf, int from, int to, PageValues out) {
        long offset = leaf.offset();
        MemorySegment offsets = leaf.buffer(1).segment();
        ByteSink sink = out.bytes;
        List<ArrowBuffer> variadic = kind == ValueKind.BINARY_VIEW ? leaf.variadicBuffers() : List.of();
        MemorySegment data = kind == ValueKind.BINARY_VIEW ? null : leaf.buffer(2).segment();
        for (int i = from; i < to; i++) {
            long slot = levels.position(i);
            if (slot < 0) {
                continue;
            }
            long at = offset + slot;
            switch (kind) {
                case BINARY -> {
                    // a run of consecutive slots is copied at once, its offsets shifted
                    int runEnd = i + 1;
                    while (runEnd < to && levels.position(runEnd) == slot + (runEnd - i)) {
                        runEnd++;
                    }
                    int count = runEnd - i;
                    int first = offsets.getAtIndex(LittleEndian.INT, at);
                    int last = offsets.getAtIndex(LittleEndian.INT, at + count);
                    int base = sink.size() - first;
                    sink.write(data, first, last - first);
                    for (int k = 1; k <= count; k++) {
                        out.endByteArray(base + offsets.getAtIndex(LittleEndian.INT, at + k));
                    }
                    i = runEnd - 1;
                    continue;
                }
                case LARGE_BINARY -> {
                    long start = offsets.getAtIndex(LittleEndian.LONG, at);
                    long end = offsets.getAtIndex(LittleEndian.LONG, at + 1);
                    sink.write(data, start, end - start);
                }
                default -> {
                    long view = at * 16;
                    int length = offsets.get(LittleEndian.INT, view);
                    if (length <= 12) {
                        sink.write(offsets, view + 4, length);
                    } else {
                        int buffer = offsets.get(LittleEndian.INT, view + 8);
                        int start = offsets.get(LittleEndian.INT, view + 12);
                        sink.write(variadic.get(buffer).segment(), start, length);
                    }
                }
            }
            out.endByteArray();
        }
    }
}
