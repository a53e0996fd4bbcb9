package dev.quiver.ipc;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LE;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import dev.quiver.core.type.UnionMode;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Appends one array data to another of the same type (delta dictionaries): both are compacted first,
 * then buffers are joined with offsets, view buffer indexes, dense union offsets and run ends shifted.
 */
final class ArrayConcatenator {
    private final BufferAllocator allocator;
    private final ArrayCompactor compactor;

    ArrayConcatenator(BufferAllocator allocator) {
        this.allocator = allocator;
        this.compactor = new ArrayCompactor(allocator);
    }

    ArrayData concat(ArrayData first, ArrayData second) {
        return join(compactor.compact(first), compactor.compact(second));
    }

    private ArrayData join(ArrayData a, ArrayData b) {
        ArrowType storage = Types.storage(a.type());
        long la = a.length();
        long lb = b.length();
        long n = la + lb;
        if (storage instanceof ArrowType.Null) {
            return new ArrayData(a.type(), n, 0, n, List.of(), List.of(), null);
        }
        List<ArrowBuffer> buffers = new ArrayList<>();
        List<ArrayData> children = new ArrayList<>();
        if (a.type().layout().hasValidity()) {
            buffers.add(a.buffer(0) == null && b.buffer(0) == null ? null
                    : bits(a.buffer(0), la, b.buffer(0), lb, true));
        }
        switch (storage) {
            case ArrowType.Struct s -> joinChildren(a, b, children);
            case ArrowType.FixedSizeList f -> joinChildren(a, b, children);
            case ArrowType.List l -> {
                buffers.add(offsets(a, b, 4, a.child(0).length()));
                joinChildren(a, b, children);
            }
            case ArrowType.Map m -> {
                buffers.add(offsets(a, b, 4, a.child(0).length()));
                joinChildren(a, b, children);
            }
            case ArrowType.LargeList l -> {
                buffers.add(offsets(a, b, 8, a.child(0).length()));
                joinChildren(a, b, children);
            }
            case ArrowType.ListView l -> listView(a, b, 4, buffers, children);
            case ArrowType.LargeListView l -> listView(a, b, 8, buffers, children);
            case ArrowType.Union u -> {
                buffers.add(bytes(a.buffer(0), b.buffer(0)));
                if (u.mode() == UnionMode.DENSE) {
                    buffers.add(denseOffsets(a, b, u));
                }
                joinChildren(a, b, children);
            }
            case ArrowType.RunEndEncoded r -> {
                ArrayData ends = runEnds(a.child(0), b.child(0), la);
                children.add(ends);
                children.add(join(a.child(1), b.child(1)));
            }
            case ArrowType.Binary t -> binary(a, b, 4, buffers);
            case ArrowType.Utf8 t -> binary(a, b, 4, buffers);
            case ArrowType.LargeBinary t -> binary(a, b, 8, buffers);
            case ArrowType.LargeUtf8 t -> binary(a, b, 8, buffers);
            case ArrowType.BinaryView t -> views(a, b, buffers);
            case ArrowType.Utf8View t -> views(a, b, buffers);
            case ArrowType.Bool t -> buffers.add(bits(a.buffer(1), la, b.buffer(1), lb, false));
            default -> buffers.add(bytes(a.buffer(1), b.buffer(1)));
        }
        ArrayData dictionary = b.dictionary() != null ? b.dictionary() : a.dictionary();
        long nulls = a.type().layout().hasValidity() ? ArrayData.UNKNOWN_NULL_COUNT : 0;
        return new ArrayData(a.type(), n, 0, nulls, buffers, children, dictionary);
    }

    private void joinChildren(ArrayData a, ArrayData b, List<ArrayData> children) {
        for (int i = 0; i < a.children().size(); i++) {
            children.add(join(a.child(i), b.child(i)));
        }
    }

    private ArrowBuffer bits(ArrowBuffer a, long la, ArrowBuffer b, long lb, boolean absentIsSet) {
        ArrowBuffer out = allocator.allocate(Bitmaps.bytesFor(la + lb));
        MemorySegment dst = out.segment();
        if (a == null) {
            Bitmaps.fill(dst, 0, la, absentIsSet);
        } else {
            Bitmaps.copy(a.segment(), 0, dst, 0, la);
        }
        if (b == null) {
            Bitmaps.fill(dst, la, lb, absentIsSet);
        } else {
            Bitmaps.copy(b.segment(), 0, dst, la, lb);
        }
        return out;
    }

    private ArrowBuffer bytes(ArrowBuffer a, ArrowBuffer b) {
        long sa = a == null ? 0 : a.byteSize();
        long sb = b == null ? 0 : b.byteSize();
        ArrowBuffer out = allocator.allocate(sa + sb);
        if (sa > 0) {
            out.copyFrom(a, 0, 0, sa);
        }
        if (sb > 0) {
            out.copyFrom(b, 0, sa, sb);
        }
        return out;
    }

    /** Offsets of a (starting at 0) then those of b shifted by {@code shift}. */
    private ArrowBuffer offsets(ArrayData a, ArrayData b, int width, long shift) {
        long la = a.length();
        long lb = b.length();
        ArrowBuffer out = allocator.allocate((la + lb + 1) * width);
        MemorySegment dst = out.segment();
        MemorySegment sa = a.buffer(1).segment();
        MemorySegment sb = b.buffer(1).segment();
        if (width == 4) {
            MemorySegment.copy(sa, 0, dst, 0, (la + 1) * 4);
            for (long i = 1; i <= lb; i++) {
                dst.set(LE.INT, (la + i) * 4, (int) (sb.get(LE.INT, i * 4) + shift));
            }
        } else {
            MemorySegment.copy(sa, 0, dst, 0, (la + 1) * 8);
            for (long i = 1; i <= lb; i++) {
                dst.set(LE.LONG, (la + i) * 8, sb.get(LE.LONG, i * 8) + shift);
            }
        }
        return out;
    }

    private void binary(ArrayData a, ArrayData b, int width, List<ArrowBuffer> buffers) {
        buffers.add(offsets(a, b, width, a.buffer(2) == null ? 0 : a.buffer(2).byteSize()));
        buffers.add(bytes(a.buffer(2), b.buffer(2)));
    }

    private void listView(ArrayData a, ArrayData b, int width, List<ArrowBuffer> buffers, List<ArrayData> children) {
        long shift = a.child(0).length();
        ArrowBuffer offsets = bytes(a.buffer(1), b.buffer(1));
        MemorySegment s = offsets.segment();
        for (long i = a.length(); i < a.length() + b.length(); i++) {
            if (width == 4) {
                s.set(LE.INT, i * 4, (int) (s.get(LE.INT, i * 4) + shift));
            } else {
                s.set(LE.LONG, i * 8, s.get(LE.LONG, i * 8) + shift);
            }
        }
        buffers.add(offsets);
        buffers.add(bytes(a.buffer(2), b.buffer(2)));
        joinChildren(a, b, children);
    }

    private ArrowBuffer denseOffsets(ArrayData a, ArrayData b, ArrowType.Union u) {
        ArrowBuffer out = bytes(a.buffer(1), b.buffer(1));
        MemorySegment s = out.segment();
        MemorySegment types = b.buffer(0).segment();
        for (long i = 0; i < b.length(); i++) {
            int child = u.childIndex(types.get(LE.BYTE, i));
            long at = (a.length() + i) * 4;
            s.set(LE.INT, at, (int) (s.get(LE.INT, at) + a.child(child).length()));
        }
        return out;
    }

    private ArrayData runEnds(ArrayData a, ArrayData b, long shift) {
        int width = ((ArrowType.Int) Types.storage(a.type())).bitWidth() / 8;
        ArrowBuffer out = bytes(a.buffer(1), b.buffer(1));
        MemorySegment s = out.segment();
        for (long i = a.length(); i < a.length() + b.length(); i++) {
            switch (width) {
                case 2 -> s.set(LE.SHORT, i * 2, (short) (s.get(LE.SHORT, i * 2) + shift));
                case 4 -> s.set(LE.INT, i * 4, (int) (s.get(LE.INT, i * 4) + shift));
                default -> s.set(LE.LONG, i * 8, s.get(LE.LONG, i * 8) + shift);
            }
        }
        return new ArrayData(a.type(), a.length() + b.length(), 0, 0, Arrays.asList(null, out), List.of(), null);
    }

    private void views(ArrayData a, ArrayData b, List<ArrowBuffer> buffers) {
        ArrowBuffer views = bytes(a.buffer(1), b.buffer(1));
        MemorySegment s = views.segment();
        int shift = a.variadicBuffers().size();
        for (long i = a.length(); i < a.length() + b.length(); i++) {
            long at = i * 16;
            if (s.get(LE.INT, at) > 12) {
                s.set(LE.INT, at + 8, s.get(LE.INT, at + 8) + shift);
            }
        }
        buffers.add(views);
        buffers.addAll(a.variadicBuffers());
        buffers.addAll(b.variadicBuffers());
    }
}
