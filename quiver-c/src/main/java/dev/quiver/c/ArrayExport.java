// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Fills {@code ArrowArray} structures without copying native buffers: each buffer is
 * {@linkplain ArrowBuffer#retain() retained} until the consumer releases the structure, so neither a
 * scoped allocator's close nor the managed allocator's collector frees memory the consumer reads. Each
 * structure of the tree owns an arena (buffer and child pointers, the sizes of view data buffers, copies
 * of buffers on the Java heap) and its holds, so a child moved out stays valid after its parent's
 * release.
 */
final class ArrayExport {
    static final ExportRegistry<Node> LIVE = new ExportRegistry<>();
    static final MemorySegment RELEASE = CStructs.upcall(ArrayExport.class, "release",
            MethodType.methodType(void.class, MemorySegment.class), CStructs.RELEASE);

    /**
     * What one exported structure keeps alive, and its child and dictionary structures (the release walks
     * these, not the pointers in the structure, which a consumer might have changed).
     */
    record Node(NativeBlocks arena, List<Runnable> holds, List<MemorySegment> children) {
        void free() {
            for (Runnable hold : holds) {
                hold.run();
            }
            arena.free();
        }
    }

    private ArrayExport() {
    }

    /** Fills {@code out} with a struct array of the batch's columns, none null. */
    static void exportBatch(RecordBatch batch, MemorySegment out) {
        List<ArrayData> columns = new ArrayList<>(batch.columns().size());
        for (var column : batch.columns()) {
            columns.add(column.data());
        }
        fill(out, batch.rowCount(), 0, 0, Arrays.asList((ArrowBuffer) null), null, columns, null);
    }

    /** Fills {@code out} with an array (its offset, buffers, children and dictionary). */
    static void exportArray(ArrayData data, MemorySegment out) {
        ArrowType storage = Types.storage(data.type());
        long[] variadicSizes = null;
        if (storage instanceof ArrowType.BinaryView || storage instanceof ArrowType.Utf8View) {
            List<ArrowBuffer> variadic = data.variadicBuffers();
            variadicSizes = new long[variadic.size()];
            for (int i = 0; i < variadicSizes.length; i++) {
                variadicSizes[i] = variadic.get(i).byteSize();
            }
        }
        ArrayData dictionary = null;
        if (storage instanceof ArrowType.Dictionary) {
            dictionary = data.dictionary();
            if (dictionary == null) {
                throw new CDataException("a dictionary-encoded array of " + data.type() + " has no dictionary");
            }
        }
        long nullCount = storage.layout().hasValidity() ? data.nullCount() : 0;
        if (storage instanceof ArrowType.Null) {
            nullCount = data.length();
        }
        fill(out, data.length(), nullCount, data.offset(), data.buffers(), variadicSizes, data.children(),
                dictionary);
    }

    private static void fill(MemorySegment out, long length, long nullCount, long offset,
            List<ArrowBuffer> buffers, long[] variadicSizes, List<ArrayData> children, ArrayData dictionary) {
        MemorySegment s = CStructs.at(out, CStructs.ARRAY);
        Node node = new Node(new NativeBlocks(), new ArrayList<>(), new ArrayList<>());
        NativeBlocks arena = node.arena();
        int filled = 0;
        MemorySegment childPointers = MemorySegment.NULL;
        MemorySegment dict = MemorySegment.NULL;
        try {
            s.set(JAVA_LONG, CStructs.A_LENGTH, length);
            s.set(JAVA_LONG, CStructs.A_NULL_COUNT, nullCount);
            s.set(JAVA_LONG, CStructs.A_OFFSET, offset);
            // Binary and utf8 views carry one more buffer: the int64 sizes of their variadic buffers.
            int nBuffers = buffers.size() + (variadicSizes == null ? 0 : 1);
            s.set(JAVA_LONG, CStructs.A_N_BUFFERS, nBuffers);
            s.set(JAVA_LONG, CStructs.A_N_CHILDREN, children.size());
            MemorySegment pointers = nBuffers == 0 ? MemorySegment.NULL : arena.allocate(ADDRESS, nBuffers);
            for (int i = 0; i < buffers.size(); i++) {
                ArrowBuffer b = buffers.get(i);
                pointers.setAtIndex(ADDRESS, i, b == null ? MemorySegment.NULL : pointer(b, node));
            }
            if (variadicSizes != null) {
                pointers.setAtIndex(ADDRESS, buffers.size(), variadicSizes.length == 0 ? MemorySegment.NULL
                        : arena.allocateFrom(JAVA_LONG, variadicSizes));
            }
            s.set(ADDRESS, CStructs.A_BUFFERS, pointers);
            if (!children.isEmpty()) {
                childPointers = arena.allocate(ADDRESS, children.size());
                for (ArrayData child : children) {
                    MemorySegment c = arena.allocate(CStructs.ARRAY);
                    exportArray(child, c);
                    node.children().add(c);
                    childPointers.setAtIndex(ADDRESS, filled++, c);
                }
            }
            s.set(ADDRESS, CStructs.A_CHILDREN, childPointers);
            if (dictionary != null) {
                dict = arena.allocate(CStructs.ARRAY);
                exportArray(dictionary, dict);
                node.children().add(dict);
            }
            s.set(ADDRESS, CStructs.A_DICTIONARY, dict);
        } catch (RuntimeException | Error e) {
            for (MemorySegment child : node.children()) {
                release(child);
            }
            node.free();
            throw e;
        }
        s.set(ADDRESS, CStructs.A_PRIVATE, MemorySegment.ofAddress(LIVE.add(node)));
        s.set(ADDRESS, CStructs.A_RELEASE, RELEASE);
    }

    /**
     * The address of a buffer's bytes: native memory is retained and handed out as it is; memory on the
     * Java heap (which has no stable address) is copied into the structure's arena.
     */
    private static MemorySegment pointer(ArrowBuffer buffer, Node node) {
        MemorySegment segment = buffer.segment();
        if (segment.byteSize() == 0 && !segment.isNative()) {
            return MemorySegment.NULL;
        }
        if (segment.isNative()) {
            node.holds().add(buffer.retain());
            return segment;
        }
        MemorySegment copy = node.arena().allocate(segment.byteSize(), 64);
        MemorySegment.copy(segment, 0, copy, 0, segment.byteSize());
        return copy;
    }

    /**
     * The release callback: releases the children and dictionary not moved out, gives up this structure's
     * buffers, frees its arena and marks it released. Never throws into the caller (native code).
     */
    static void release(MemorySegment address) {
        try {
            MemorySegment s = CStructs.at(address, CStructs.ARRAY);
            if (CStructs.pointer(s, CStructs.A_RELEASE) == 0) {
                return;
            }
            Node node = LIVE.remove(CStructs.pointer(s, CStructs.A_PRIVATE));
            s.set(ADDRESS, CStructs.A_RELEASE, MemorySegment.NULL);
            if (node != null) {
                for (MemorySegment child : node.children()) {
                    releaseChild(child);
                }
                node.free();
            }
        } catch (Throwable e) {
            ExportRegistry.reportFromCallback("ArrowArray release", e);
        }
    }

    private static void releaseChild(MemorySegment c) {
        long fn = CStructs.pointer(c, CStructs.A_RELEASE);
        if (fn == RELEASE.address()) {
            release(c);
        } else if (fn != 0) {
            CStructs.callRelease(fn, c);
        }
    }
}
