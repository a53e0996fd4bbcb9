// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * Zeroed blocks of the C library's heap ({@code calloc}, {@code free}), for the structures, pointer
 * arrays and strings of exported and moved structures: a release may come from any thread, and freeing a
 * shared arena costs a handshake with every thread, far more than the export itself. Only this module's
 * own code reads the blocks, and never after {@link #free()}.
 */
final class NativeBlocks implements SegmentAllocator {
    private static final MethodHandle CALLOC = CStructs.LINKER.downcallHandle(
            CStructs.LINKER.defaultLookup().find("calloc").orElseThrow(),
            FunctionDescriptor.of(ADDRESS, JAVA_LONG, JAVA_LONG));
    private static final MethodHandle FREE = CStructs.LINKER.downcallHandle(
            CStructs.LINKER.defaultLookup().find("free").orElseThrow(), FunctionDescriptor.ofVoid(ADDRESS));

    private final List<MemorySegment> blocks = new ArrayList<>(4);

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        long size = Math.max(byteSize, 1) + byteAlignment;
        MemorySegment block;
        try {
            block = (MemorySegment) CALLOC.invokeExact(1L, size);
        } catch (Throwable e) {
            throw new IllegalStateException("calloc failed", e);
        }
        if (block.address() == 0) {
            throw new OutOfMemoryError("calloc of " + size + " bytes failed");
        }
        blocks.add(block);
        long aligned = (block.address() + byteAlignment - 1) & -byteAlignment;
        return MemorySegment.ofAddress(aligned).reinterpret(byteSize);
    }

    /** Frees every block; the allocator must not be used afterwards. */
    void free() {
        for (MemorySegment block : blocks) {
            try {
                FREE.invokeExact(block);
            } catch (Throwable e) {
                throw new IllegalStateException("free failed", e);
            }
        }
        blocks.clear();
    }
}
