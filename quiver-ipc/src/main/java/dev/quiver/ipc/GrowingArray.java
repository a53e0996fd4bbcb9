// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Types;
import dev.quiver.core.type.UnionMode;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Array data that grows by appends in amortised time proportional to what is appended (delta
 * dictionaries): every buffer has room to spare ({@link AppendBuffer}) and each append writes past the
 * end, offsets, view buffer indexes, dense union offsets and run ends shifted. {@link #view()} is the
 * data so far over those buffers: a view handed out earlier stays valid and unchanged.
 */
final class GrowingArray {
    private static final int VIEW_BYTES = 16;
    private static final int INLINE_BYTES = 12;

    private final ArrowType type;
    private final ArrowType storage;
    private final BufferAllocator allocator;
    private final AppendBuffer validity;
    private final AppendBuffer values;
    private final AppendBuffer more;
    private final List<GrowingArray> children = new ArrayList<>();
    private final List<ArrowBuffer> variadic = new ArrayList<>();
    private boolean hasValidity;
    private long length;
    private long runs;
    private ArrayData dictionary;

    /** Empty data of {@code type}. */
    GrowingArray(ArrowType type, BufferAllocator allocator) {
        this.type = type;
        this.storage = Types.storage(type);
        this.allocator = allocator;
        this.validity = new AppendBuffer(allocator);
        this.values = new AppendBuffer(allocator);
        this.more = new AppendBuffer(allocator);
        switch (storage) {
            case ArrowType.List l -> startOffsets(4);
            case ArrowType.Map m -> startOffsets(4);
            case ArrowType.LargeList l -> startOffsets(8);
            case ArrowType.Binary b -> startOffsets(4);
            case ArrowType.Utf8 u -> startOffsets(4);
            case ArrowType.LargeBinary b -> startOffsets(8);
            case ArrowType.LargeUtf8 u -> startOffsets(8);
            default -> {
            }
        }
        if (storage instanceof ArrowType.RunEndEncoded r) {
            children.add(new GrowingArray(r.values().type(), allocator));
        } else if (!(storage instanceof ArrowType.Dictionary)) {
            for (Field child : storage.children()) {
                children.add(new GrowingArray(child.type(), allocator));
            }
        }
    }

    private void startOffsets(int width) {
        values.reserve(width);
        values.grow(width);
    }

    /**
     * Appends compact data ({@link ArrayCompactor}: offset 0, offsets from 0) of this type.
     *
     * @throws IpcException when 32-bit offsets would overflow, or a nested dictionary shrank
     */
    void append(ArrayData b, String where) {
        long n = b.length();
        if (storage instanceof ArrowType.Null) {
            length += n;
            return;
        }
        if (storage.layout().hasValidity()) {
            appendValidity(b.buffer(0), n);
        }
        switch (storage) {
            case ArrowType.Struct s -> appendChildren(b, where);
            case ArrowType.FixedSizeList f -> appendChildren(b, where);
            case ArrowType.List l -> appendList(b, 4, where);
            case ArrowType.Map m -> appendList(b, 4, where);
            case ArrowType.LargeList l -> appendList(b, 8, where);
            case ArrowType.ListView l -> appendListView(b, 4, where);
            case ArrowType.LargeListView l -> appendListView(b, 8, where);
            case ArrowType.Union u -> appendUnion(u, b, where);
            case ArrowType.RunEndEncoded r -> appendRuns(b, where);
            case ArrowType.Binary t -> appendBinary(b, 4, where);
            case ArrowType.Utf8 t -> appendBinary(b, 4, where);
            case ArrowType.LargeBinary t -> appendBinary(b, 8, where);
            case ArrowType.LargeUtf8 t -> appendBinary(b, 8, where);
            case ArrowType.BinaryView t -> appendViews(b);
            case ArrowType.Utf8View t -> appendViews(b);
            case ArrowType.Bool t -> appendBits(values, length, b.buffer(1), n);
            default -> {
                long bytes = BufferBounds.bytes(n, storage.layout().buffers().get(1).bitWidth());
                values.append(b.buffer(1).segment(), 0, bytes);
            }
        }
        if (b.dictionary() != null) {
            if (dictionary != null && b.dictionary().length() < dictionary.length()) {
                throw new IpcException(where + ": the dictionary its values use shrank from " + dictionary.length()
                        + " to " + b.dictionary().length() + " entries");
            }
            dictionary = b.dictionary();
        }
        length += n;
    }

    private void appendValidity(ArrowBuffer bits, long n) {
        if (bits == null) {
            if (hasValidity) {
                Bitmaps.fill(validity.reserve(Bitmaps.bytesFor(length + n)), length, n, true);
            }
            return;
        }
        if (!hasValidity) {
            hasValidity = true;
            Bitmaps.fill(validity.reserve(Bitmaps.bytesFor(length)), 0, length, true);
        }
        appendBits(validity, length, bits, n);
    }

    private static void appendBits(AppendBuffer target, long at, ArrowBuffer bits, long n) {
        Bitmaps.copy(bits.segment(), 0, target.reserve(Bitmaps.bytesFor(at + n)), at, n);
    }

    private void appendChildren(ArrayData b, String where) {
        for (int i = 0; i < children.size(); i++) {
            children.get(i).append(b.child(i), where);
        }
    }

    private void appendList(ArrayData b, int width, String where) {
        GrowingArray child = children.get(0);
        appendOffsets(values, b.buffer(1), b.length(), width, child.length, where);
        child.append(b.child(0), where);
    }

    private void appendBinary(ArrayData b, int width, String where) {
        long shift = more.size();
        appendOffsets(values, b.buffer(1), b.length(), width, shift, where);
        ArrowBuffer data = b.buffer(2);
        if (b.length() > 0 && data != null) {
            long end = read(b.buffer(1).segment(), width, b.length());
            more.append(data.segment(), 0, end);
        }
    }

    /** Appends offsets 1..n of {@code source} (which start at 0) plus {@code shift}. */
    private static void appendOffsets(AppendBuffer target, ArrowBuffer source, long n, int width, long shift,
            String where) {
        if (n == 0) {
            return;
        }
        MemorySegment src = source.segment();
        long last = read(src, width, n) + shift;
        if (width == 4 && last > Integer.MAX_VALUE) {
            throw new IpcException(where + ": appended, its 32-bit offsets would reach " + last);
        }
        long at = target.size();
        MemorySegment dst = target.reserve(at + n * width);
        for (long i = 1; i <= n; i++) {
            write(dst, width, at + (i - 1) * width, read(src, width, i) + shift);
        }
        target.grow(n * width);
    }

    private void appendListView(ArrayData b, int width, String where) {
        GrowingArray child = children.get(0);
        long shift = child.length;
        long n = b.length();
        MemorySegment offsets = b.buffer(1).segment();
        long at = values.size();
        MemorySegment dst = values.reserve(at + n * width);
        for (long i = 0; i < n; i++) {
            long offset = read(offsets, width, i) + shift;
            if (width == 4 && offset > Integer.MAX_VALUE) {
                throw new IpcException(where + ": appended, its 32-bit offsets would reach " + offset);
            }
            write(dst, width, at + i * width, offset);
        }
        values.grow(n * width);
        more.append(b.buffer(2).segment(), 0, n * width);
        child.append(b.child(0), where);
    }

    private void appendUnion(ArrowType.Union u, ArrayData b, String where) {
        long n = b.length();
        MemorySegment types = b.buffer(0).segment();
        values.append(types, 0, n);
        if (u.mode() == UnionMode.DENSE) {
            MemorySegment offsets = b.buffer(1).segment();
            long at = more.size();
            MemorySegment dst = more.reserve(at + n * 4);
            for (long i = 0; i < n; i++) {
                int index = u.childIndex(types.get(LittleEndian.BYTE, i));
                if (index < 0) {
                    throw new IpcException(where + ": slot " + i + " has the undeclared type id "
                            + types.get(LittleEndian.BYTE, i));
                }
                GrowingArray child = children.get(index);
                long offset = offsets.get(LittleEndian.INT, i * 4) + child.length;
                if (offset > Integer.MAX_VALUE) {
                    throw new IpcException(where + ": appended, its dense union offsets would reach " + offset);
                }
                dst.set(LittleEndian.INT, at + i * 4, (int) offset);
            }
            more.grow(n * 4);
        }
        appendChildren(b, where);
    }

    private void appendRuns(ArrayData b, String where) {
        ArrayData ends = b.child(0);
        int width = ((ArrowType.Int) Types.storage(ends.type())).bitWidth() / 8;
        long n = ends.length();
        MemorySegment src = ends.buffer(1).segment();
        long at = values.size();
        MemorySegment dst = values.reserve(at + n * width);
        long max = width == 2 ? Short.MAX_VALUE : width == 4 ? Integer.MAX_VALUE : Long.MAX_VALUE;
        for (long i = 0; i < n; i++) {
            long end = read(src, width, i) + length;
            if (end > max || end < length) {
                throw new IpcException(where + ": appended, its run ends would pass " + max);
            }
            write(dst, width, at + i * width, end);
        }
        values.grow(n * width);
        runs += n;
        children.get(0).append(b.child(1), where);
    }

    private void appendViews(ArrayData b) {
        long n = b.length();
        int shift = variadic.size();
        long at = values.size();
        values.append(b.buffer(1).segment(), 0, n * VIEW_BYTES);
        MemorySegment views = values.reserve(values.size());
        for (long i = 0; i < n; i++) {
            long view = at + i * VIEW_BYTES;
            if (views.get(LittleEndian.INT, view) > INLINE_BYTES) {
                views.set(LittleEndian.INT, view + 8, views.get(LittleEndian.INT, view + 8) + shift);
            }
        }
        variadic.addAll(b.variadicBuffers());
    }

    private static long read(MemorySegment s, int width, long i) {
        return switch (width) {
            case 2 -> s.get(LittleEndian.SHORT, i * 2);
            case 4 -> s.get(LittleEndian.INT, i * 4);
            default -> s.get(LittleEndian.LONG, i * 8);
        };
    }

    private static void write(MemorySegment s, int width, long at, long value) {
        switch (width) {
            case 2 -> s.set(LittleEndian.SHORT, at, (short) value);
            case 4 -> s.set(LittleEndian.INT, at, (int) value);
            default -> s.set(LittleEndian.LONG, at, value);
        }
    }

    /** The data appended so far, over the growing buffers (zero-copy). */
    ArrayData view() {
        if (storage instanceof ArrowType.Null) {
            return new ArrayData(type, length, 0, length, List.of(), List.of(), null);
        }
        List<ArrowBuffer> buffers = new ArrayList<>();
        if (storage.layout().hasValidity()) {
            buffers.add(hasValidity ? validity.view(Bitmaps.bytesFor(length)) : null);
        }
        List<ArrayData> childViews = new ArrayList<>();
        switch (storage) {
            case ArrowType.Union u -> {
                buffers.add(values.view(values.size()));
                if (u.mode() == UnionMode.DENSE) {
                    buffers.add(more.view(more.size()));
                }
            }
            case ArrowType.RunEndEncoded r -> {
                ArrowType endType = r.runEnds().type();
                childViews.add(new ArrayData(endType, runs, 0, 0, Arrays.asList(null, values.view(values.size())),
                        List.of(), null));
            }
            case ArrowType.Struct s -> {
            }
            case ArrowType.FixedSizeList f -> {
            }
            case ArrowType.Bool t -> buffers.add(values.view(Bitmaps.bytesFor(length)));
            case ArrowType.BinaryView t -> {
                buffers.add(values.view(values.size()));
                buffers.addAll(variadic);
            }
            case ArrowType.Utf8View t -> {
                buffers.add(values.view(values.size()));
                buffers.addAll(variadic);
            }
            default -> {
                buffers.add(values.view(values.size()));
                if (storage.layout().bufferCount() > 2) {
                    buffers.add(more.view(more.size()));
                }
            }
        }
        for (GrowingArray child : children) {
            childViews.add(child.view());
        }
        long nulls = hasValidity ? ArrayData.UNKNOWN_NULL_COUNT : 0;
        return new ArrayData(type, length, 0, nulls, buffers, childViews, dictionary);
    }
}
