// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * One readable page followed by a page of no access, mapped with Linux's {@code mmap}: data placed at
 * the end of the readable page has memory that must not be read right after it, as a producer's buffer
 * at the end of its allocation may.
 */
final class FencedPage implements AutoCloseable {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle MMAP = LINKER.downcallHandle(
            LINKER.defaultLookup().find("mmap").orElseThrow(),
            FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG));
    private static final MethodHandle MPROTECT = LINKER.downcallHandle(
            LINKER.defaultLookup().find("mprotect").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    private static final MethodHandle MUNMAP = LINKER.downcallHandle(
            LINKER.defaultLookup().find("munmap").orElseThrow(), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle PAGE_SIZE = LINKER.downcallHandle(
            LINKER.defaultLookup().find("getpagesize").orElseThrow(), FunctionDescriptor.of(JAVA_INT));
    private static final int PROT_NONE = 0;
    private static final int PROT_READ_WRITE = 3;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x22;

    private final MemorySegment mapping;
    private final long page;

    FencedPage() {
        try {
            page = (int) PAGE_SIZE.invokeExact();
            MemorySegment at = (MemorySegment) MMAP.invokeExact(MemorySegment.NULL, 2 * page, PROT_READ_WRITE,
                    MAP_PRIVATE_ANONYMOUS, -1, 0L);
            if (at.address() == -1L) {
                throw new IllegalStateException("mmap failed");
            }
            mapping = at.reinterpret(2 * page);
            if ((int) MPROTECT.invokeExact(mapping.asSlice(page), page, PROT_NONE) != 0) {
                throw new IllegalStateException("mprotect failed");
            }
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The last {@code size} bytes of the readable page, holding a copy of {@code content}'s first bytes. */
    MemorySegment atEnd(MemorySegment content, long size) {
        MemorySegment slice = mapping.asSlice(page - size, size);
        slice.copyFrom(content.asSlice(0, size));
        return slice;
    }

    @Override
    public void close() {
        try {
            int rc = (int) MUNMAP.invokeExact(mapping, 2 * page);
            if (rc != 0) {
                throw new IllegalStateException("munmap failed");
            }
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
