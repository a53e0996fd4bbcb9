// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.BufferSpec;
import dev.quiver.core.type.Types;
import dev.quiver.core.type.UnionMode;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns (possibly sliced) array data into the compact form written to IPC: offset 0, buffers cut to the
 * slots in use, offsets rebased to start at 0, bitmaps re-aligned to bit 0, children sliced to the range
 * the parent uses, and no validity bitmap when nothing is null. Zero-copy where the bytes already line
 * up; the dictionary is left as is (it is written on its own).
 */
final class ArrayCompactor {
    private final BufferAllocator allocator;

    ArrayCompactor(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    ArrayData compact(ArrayData d) {
        ArrowType storage = Types.storage(d.type());
        long o = d.offset();
        long n = d.length();
        if (storage instanceof ArrowType.Null) {
            return new ArrayData(d.type(), n, 0, n, List.of(), List.of(), null);
        }
        List<ArrowBuffer> buffers = new ArrayList<>();
        List<ArrayData> children = new ArrayList<>();
        List<BufferSpec> specs = d.type().layout().buffers();
        long nullCount = d.type().layout().hasValidity() ? d.nullCount() : 0;
        switch (storage) {
            case ArrowType.Struct s -> {
                buffers.add(validity(d, nullCount));
                for (ArrayData child : d.children()) {
                    children.add(compact(child.slice(o, n)));
                }
            }
            case ArrowType.FixedSizeList f -> {
                buffers.add(validity(d, nullCount));
                children.add(compact(d.child(0).slice(o * f.listSize(), n * f.listSize())));
            }
            case ArrowType.List l -> listLike(d, nullCount, 4, buffers, children);
            case ArrowType.Map m -> listLike(d, nullCount, 4, buffers, children);
            case ArrowType.LargeList l -> listLike(d, nullCount, 8, buffers, children);
            case ArrowType.ListView l -> listView(d, nullCount, 4, buffers, children);
            case ArrowType.LargeListView l -> listView(d, nullCount, 8, buffers, children);
            case ArrowType.Union u -> {
                buffers.add(d.buffer(0).slice(o, n));
                if (u.mode() == UnionMode.SPARSE) {
                    for (ArrayData child : d.children()) {
                        children.add(compact(child.slice(o, n)));
                    }
                } else {
                    denseUnion(u, d, buffers, children);
                }
            }
            case ArrowType.RunEndEncoded r -> {
                return RunEndSlicer.compact(d, this, allocator);
            }
            case ArrowType.Binary b -> binaryLike(d, nullCount, 4, buffers);
            case ArrowType.Utf8 b -> binaryLike(d, nullCount, 4, buffers);
            case ArrowType.LargeBinary b -> binaryLike(d, nullCount, 8, buffers);
            case ArrowType.LargeUtf8 b -> binaryLike(d, nullCount, 8, buffers);
            case ArrowType.BinaryView b -> views(d, nullCount, buffers);
            case ArrowType.Utf8View b -> views(d, nullCount, buffers);
            default -> {
                // Fixed width: booleans, numbers, temporal types, decimals, fixed-size binary, dictionary indices.
                buffers.add(validity(d, nullCount));
                int bits = specs.get(1).bitWidth();
                buffers.add(bits == 1 ? bits(d.buffer(1), o, n) : d.buffer(1).slice(o * (bits / 8), n * (bits / 8)));
            }
        }
        return new ArrayData(d.type(), n, 0, nullCount, buffers, children, d.dictionary());
    }

    private ArrowBuffer validity(ArrayData d, long nullCount) {
        ArrowBuffer validity = d.buffer(0);
        if (nullCount == 0 || validity == null) {
            return null;
        }
        return bits(validity, d.offset(), d.length());
    }

    /** {@code n} bits from bit {@code o}, starting at bit 0. */
    private ArrowBuffer bits(ArrowBuffer bitmap, long o, long n) {
        long bytes = Bitmaps.bytesFor(n);
        if ((o & 7) == 0) {
            return bitmap.slice(o >>> 3, bytes);
        }
        ArrowBuffer out = allocator.allocate(bytes);
        Bitmaps.copy(bitmap.segment(), o, out.segment(), 0, n);
        return out;
    }

    /** Offsets [o, o+n] rebased to 0; returns the first and last original offsets too. */
    private long[] offsets(ArrayData d, int width, List<ArrowBuffer> buffers) {
        long o = d.offset();
        long n = d.length();
        ArrowBuffer offsets = d.buffer(1);
        if (n == 0) {
            buffers.add(allocator.allocate(width));
            return new long[] {0, 0};
        }
        long first = read(offsets.segment(), width, o);
        long last = read(offsets.segment(), width, o + n);
        if (first == 0) {
            buffers.add(offsets.slice(o * width, (n + 1) * width));
        } else {
            ArrowBuffer out = allocator.allocate((n + 1) * width);
            MemorySegment src = offsets.segment();
            MemorySegment dst = out.segment();
            if (width == 4) {
                int base = (int) first;
                for (long i = 0; i <= n; i++) {
                    dst.set(LittleEndian.INT, i * 4, src.get(LittleEndian.INT, (o + i) * 4) - base);
                }
            } else {
                for (long i = 0; i <= n; i++) {
                    dst.set(LittleEndian.LONG, i * 8, src.get(LittleEndian.LONG, (o + i) * 8) - first);
                }
            }
            buffers.add(out);
        }
        return new long[] {first, last};
    }

    private static long read(MemorySegment s, int width, long i) {
        return width == 4 ? s.get(LittleEndian.INT, i * 4) : s.get(LittleEndian.LONG, i * 8);
    }

    private void binaryLike(ArrayData d, long nullCount, int width, List<ArrowBuffer> buffers) {
        buffers.add(validity(d, nullCount));
        long[] range = offsets(d, width, buffers);
        ArrowBuffer data = d.buffer(2);
        buffers.add(data == null ? ArrowBuffer.EMPTY : data.slice(range[0], range[1] - range[0]));
    }

    private void listLike(ArrayData d, long nullCount, int width, List<ArrowBuffer> buffers,
            List<ArrayData> children) {
        buffers.add(validity(d, nullCount));
        long[] range = offsets(d, width, buffers);
        children.add(compact(d.child(0).slice(range[0], range[1] - range[0])));
    }

    private void listView(ArrayData d, long nullCount, int width, List<ArrowBuffer> buffers,
            List<ArrayData> children) {
        buffers.add(validity(d, nullCount));
        buffers.add(d.buffer(1).slice(d.offset() * width, d.length() * width));
        buffers.add(d.buffer(2).slice(d.offset() * width, d.length() * width));
        children.add(compact(d.child(0)));
    }

    /**
     * A dense union's offsets and children, as Arrow C++ writes them: each child cut to the range the
     * slots use, and its offsets rebased to that range's start (readers such as arrow-java take a
     * child's length to be the number of slots that select it).
     */
    private void denseUnion(ArrowType.Union u, ArrayData d, List<ArrowBuffer> buffers, List<ArrayData> children) {
        long o = d.offset();
        long n = d.length();
        int k = u.fields().size();
        long[] first = new long[k];
        long[] end = new long[k];
        Arrays.fill(first, Long.MAX_VALUE);
        MemorySegment ids = d.buffer(0).segment();
        MemorySegment offsets = d.buffer(1).segment();
        for (long i = 0; i < n; i++) {
            int c = childOf(u, ids.get(LittleEndian.BYTE, o + i));
            long at = offsets.get(LittleEndian.INT, (o + i) * 4);
            first[c] = Math.min(first[c], at);
            end[c] = Math.max(end[c], at + 1);
        }
        boolean rebase = false;
        for (int c = 0; c < k; c++) {
            if (first[c] == Long.MAX_VALUE) {
                first[c] = 0;
                end[c] = 0;
            }
            rebase |= first[c] != 0;
        }
        if (rebase) {
            ArrowBuffer out = allocator.allocate(n * 4);
            for (long i = 0; i < n; i++) {
                int c = childOf(u, ids.get(LittleEndian.BYTE, o + i));
                out.segment().set(LittleEndian.INT, i * 4, (int) (offsets.get(LittleEndian.INT, (o + i) * 4) - first[c]));
            }
            buffers.add(out);
        } else {
            buffers.add(d.buffer(1).slice(o * 4, n * 4));
        }
        for (int c = 0; c < k; c++) {
            children.add(compact(d.child(c).slice(first[c], end[c] - first[c])));
        }
    }

    private static int childOf(ArrowType.Union u, byte typeId) {
        int c = u.childIndex(typeId);
        if (c < 0) {
            throw new IpcException("union type id " + typeId + " is not declared by " + u);
        }
        return c;
    }

    private void views(ArrayData d, long nullCount, List<ArrowBuffer> buffers) {
        buffers.add(validity(d, nullCount));
        buffers.add(d.buffer(1).slice(d.offset() * 16, d.length() * 16));
        buffers.addAll(d.variadicBuffers());
    }
}
