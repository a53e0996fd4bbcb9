// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.BufferSpec;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Converts array data between big- and little-endian by byte-swapping every fixed-width value: values,
 * offsets, sizes, the integers of views, dense union offsets, run ends and indices (children are swapped
 * recursively; a dictionary is swapped where it is loaded). Bitmaps, bytes and type ids stay as they are.
 */
final class ByteSwapper {
    private final BufferAllocator allocator;
    private final boolean fromBigEndian;

    /** @param fromBigEndian whether the input is big-endian (matters for views, whose length is read) */
    ByteSwapper(BufferAllocator allocator, boolean fromBigEndian) {
        this.allocator = allocator;
        this.fromBigEndian = fromBigEndian;
    }

    ArrayData swap(ArrayData d) {
        ArrowType storage = Types.storage(d.type());
        List<BufferSpec> specs = d.type().layout().buffers();
        List<ArrowBuffer> buffers = new ArrayList<>(d.buffers());
        for (int i = 0; i < specs.size(); i++) {
            ArrowBuffer b = buffers.get(i);
            if (b == null || b.byteSize() == 0) {
                continue;
            }
            BufferSpec spec = specs.get(i);
            buffers.set(i, switch (spec.kind()) {
                case OFFSETS, SIZES -> swapUnits(b, spec.bitWidth() / 8);
                case VIEWS -> swapViews(b);
                case VALUES -> swapValues(b, storage, spec.bitWidth());
                case VALIDITY, DATA, TYPE_IDS -> b;
            });
        }
        List<ArrayData> children = new ArrayList<>();
        for (ArrayData child : d.children()) {
            children.add(swap(child));
        }
        return new ArrayData(d.type(), d.length(), d.offset(), d.nullCount(), buffers, children, d.dictionary());
    }

    private ArrowBuffer swapValues(ArrowBuffer b, ArrowType storage, int bitWidth) {
        if (bitWidth <= 8 || storage instanceof ArrowType.FixedSizeBinary) {
            return b;
        }
        if (storage instanceof ArrowType.Interval iv && iv.unit() != IntervalUnit.YEAR_MONTH) {
            return iv.unit() == IntervalUnit.DAY_TIME ? swapUnits(b, 4) : swapMonthDayNano(b);
        }
        return swapUnits(b, bitWidth / 8);
    }

    /** Reverses the bytes of every {@code width}-byte unit (a trailing partial unit is copied as is). */
    private ArrowBuffer swapUnits(ArrowBuffer b, int width) {
        MemorySegment src = b.segment();
        ArrowBuffer out = allocator.allocate(b.byteSize());
        MemorySegment dst = out.segment();
        long units = b.byteSize() / width;
        switch (width) {
            case 2 -> {
                for (long i = 0; i < units; i++) {
                    dst.set(LittleEndian.SHORT, i * 2, Short.reverseBytes(src.get(LittleEndian.SHORT, i * 2)));
                }
            }
            case 4 -> {
                for (long i = 0; i < units; i++) {
                    dst.set(LittleEndian.INT, i * 4, Integer.reverseBytes(src.get(LittleEndian.INT, i * 4)));
                }
            }
            case 8 -> {
                for (long i = 0; i < units; i++) {
                    dst.set(LittleEndian.LONG, i * 8, Long.reverseBytes(src.get(LittleEndian.LONG, i * 8)));
                }
            }
            default -> {
                for (long i = 0; i < units; i++) {
                    long base = i * width;
                    for (int k = 0; k < width; k++) {
                        dst.set(LittleEndian.BYTE, base + k, src.get(LittleEndian.BYTE, base + width - 1 - k));
                    }
                }
            }
        }
        long tail = units * width;
        MemorySegment.copy(src, tail, dst, tail, b.byteSize() - tail);
        return out;
    }

    private ArrowBuffer swapMonthDayNano(ArrowBuffer b) {
        ArrowBuffer out = swapUnits(b, 4);
        MemorySegment src = b.segment();
        MemorySegment dst = out.segment();
        for (long at = 0; at + 16 <= b.byteSize(); at += 16) {
            dst.set(LittleEndian.LONG, at + 8, Long.reverseBytes(src.get(LittleEndian.LONG, at + 8)));
        }
        return out;
    }

    private ArrowBuffer swapViews(ArrowBuffer b) {
        MemorySegment src = b.segment();
        ArrowBuffer out = allocator.allocate(b.byteSize());
        MemorySegment dst = out.segment();
        MemorySegment.copy(src, 0, dst, 0, b.byteSize());
        for (long at = 0; at + 16 <= b.byteSize(); at += 16) {
            int raw = src.get(LittleEndian.INT, at);
            int length = fromBigEndian ? Integer.reverseBytes(raw) : raw;
            dst.set(LittleEndian.INT, at, Integer.reverseBytes(raw));
            if (length > 12 || length < 0) {
                dst.set(LittleEndian.INT, at + 8, Integer.reverseBytes(src.get(LittleEndian.INT, at + 8)));
                dst.set(LittleEndian.INT, at + 12, Integer.reverseBytes(src.get(LittleEndian.INT, at + 12)));
            }
        }
        return out;
    }
}
