// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;

/**
 * The three structures of the C Data and C Stream interfaces, laid out as the C header declares them,
 * the byte offsets of their members, and calls through their function pointers.
 */
final class CStructs {
    static final StructLayout SCHEMA = MemoryLayout.structLayout(
            ADDRESS.withName("format"), ADDRESS.withName("name"), ADDRESS.withName("metadata"),
            JAVA_LONG.withName("flags"), JAVA_LONG.withName("n_children"), ADDRESS.withName("children"),
            ADDRESS.withName("dictionary"), ADDRESS.withName("release"), ADDRESS.withName("private_data"))
            .withName("ArrowSchema");
    static final StructLayout ARRAY = MemoryLayout.structLayout(
            JAVA_LONG.withName("length"), JAVA_LONG.withName("null_count"), JAVA_LONG.withName("offset"),
            JAVA_LONG.withName("n_buffers"), JAVA_LONG.withName("n_children"), ADDRESS.withName("buffers"),
            ADDRESS.withName("children"), ADDRESS.withName("dictionary"), ADDRESS.withName("release"),
            ADDRESS.withName("private_data")).withName("ArrowArray");
    static final StructLayout STREAM = MemoryLayout.structLayout(
            ADDRESS.withName("get_schema"), ADDRESS.withName("get_next"), ADDRESS.withName("get_last_error"),
            ADDRESS.withName("release"), ADDRESS.withName("private_data")).withName("ArrowArrayStream");

    static final long S_FORMAT = offset(SCHEMA, "format");
    static final long S_NAME = offset(SCHEMA, "name");
    static final long S_METADATA = offset(SCHEMA, "metadata");
    static final long S_FLAGS = offset(SCHEMA, "flags");
    static final long S_N_CHILDREN = offset(SCHEMA, "n_children");
    static final long S_CHILDREN = offset(SCHEMA, "children");
    static final long S_DICTIONARY = offset(SCHEMA, "dictionary");
    static final long S_RELEASE = offset(SCHEMA, "release");
    static final long S_PRIVATE = offset(SCHEMA, "private_data");

    static final long A_LENGTH = offset(ARRAY, "length");
    static final long A_NULL_COUNT = offset(ARRAY, "null_count");
    static final long A_OFFSET = offset(ARRAY, "offset");
    static final long A_N_BUFFERS = offset(ARRAY, "n_buffers");
    static final long A_N_CHILDREN = offset(ARRAY, "n_children");
    static final long A_BUFFERS = offset(ARRAY, "buffers");
    static final long A_CHILDREN = offset(ARRAY, "children");
    static final long A_DICTIONARY = offset(ARRAY, "dictionary");
    static final long A_RELEASE = offset(ARRAY, "release");
    static final long A_PRIVATE = offset(ARRAY, "private_data");

    static final long ST_GET_SCHEMA = offset(STREAM, "get_schema");
    static final long ST_GET_NEXT = offset(STREAM, "get_next");
    static final long ST_GET_LAST_ERROR = offset(STREAM, "get_last_error");
    static final long ST_RELEASE = offset(STREAM, "release");
    static final long ST_PRIVATE = offset(STREAM, "private_data");

    /** ArrowSchema.flags: the dictionary is ordered. */
    static final long FLAG_DICTIONARY_ORDERED = 1;
    /** ArrowSchema.flags: the field is nullable. */
    static final long FLAG_NULLABLE = 2;
    /** ArrowSchema.flags: the keys of each map are sorted. */
    static final long FLAG_MAP_KEYS_SORTED = 4;

    static final Linker LINKER = Linker.nativeLinker();
    /** {@code void release(struct*)}. */
    static final FunctionDescriptor RELEASE = FunctionDescriptor.ofVoid(ADDRESS);
    /** {@code int get_schema(stream*, ArrowSchema*)} and {@code int get_next(stream*, ArrowArray*)}. */
    static final FunctionDescriptor GET = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);
    /** {@code const char* get_last_error(stream*)}. */
    static final FunctionDescriptor GET_LAST_ERROR = FunctionDescriptor.of(ADDRESS, ADDRESS);

    private static final MethodHandle CALL_RELEASE = LINKER.downcallHandle(RELEASE);
    private static final MethodHandle CALL_GET = LINKER.downcallHandle(GET);
    private static final MethodHandle CALL_GET_LAST_ERROR = LINKER.downcallHandle(GET_LAST_ERROR);

    private CStructs() {
    }

    private static long offset(StructLayout layout, String member) {
        return layout.byteOffset(MemoryLayout.PathElement.groupElement(member));
    }

    /** A structure at a foreign address, of the layout's size. */
    static MemorySegment at(MemorySegment address, StructLayout layout) {
        return address.reinterpret(layout.byteSize());
    }

    /** A structure at a raw address, of the layout's size. */
    static MemorySegment at(long address, StructLayout layout) {
        return MemorySegment.ofAddress(address).reinterpret(layout.byteSize());
    }

    /** The pointer at {@code offset} of a structure, as an address (0 for NULL). */
    static long pointer(MemorySegment struct, long offset) {
        return struct.get(ADDRESS, offset).address();
    }

    /** A NUL-terminated UTF-8 string allocated by {@code arena}. */
    static MemorySegment cString(SegmentAllocator arena, String s) {
        return arena.allocateFrom(s, StandardCharsets.UTF_8);
    }

    /**
     * The NUL-terminated UTF-8 string at a non-null address, read no further than readable memory goes.
     *
     * @throws CDataException if the string is not readable, or has no NUL before readable memory ends
     */
    static String readCString(long address, String what, String where) {
        MemorySegment text = MemorySegment.ofAddress(address).reinterpret(
                MappedMemory.readableFrom(address, what, where));
        try {
            return text.getString(0, StandardCharsets.UTF_8);
        } catch (IndexOutOfBoundsException e) {
            throw new CDataException(where + ": " + what + " at 0x" + Long.toHexString(address)
                    + " has no terminating NUL before readable memory ends", e);
        }
    }

    /** An upcall stub of a static method of {@code owner}, living as long as the process. */
    static MemorySegment upcall(Class<?> owner, String method, MethodType type, FunctionDescriptor descriptor) {
        try {
            MethodHandle target = MethodHandles.lookup().findStatic(owner, method, type);
            return LINKER.upcallStub(target, descriptor, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Calls a {@code release} function pointer on a structure. */
    static void callRelease(long function, MemorySegment struct) {
        try {
            CALL_RELEASE.invokeExact(MemorySegment.ofAddress(function), struct);
        } catch (Throwable e) {
            throw new CDataException("the producer's release callback failed: " + e, e);
        }
    }

    /** Calls a {@code get_schema} or {@code get_next} function pointer of a stream. */
    static int callGet(long function, MemorySegment stream, MemorySegment out) {
        try {
            return (int) CALL_GET.invokeExact(MemorySegment.ofAddress(function), stream, out);
        } catch (Throwable e) {
            throw new CDataException("the stream's callback failed: " + e, e);
        }
    }

    /** Calls a stream's {@code get_last_error}: its message, or null. */
    static String callGetLastError(long function, MemorySegment stream) {
        try {
            MemorySegment message = (MemorySegment) CALL_GET_LAST_ERROR.invokeExact(
                    MemorySegment.ofAddress(function), stream);
            return message.address() == 0 ? null
                    : readCString(message.address(), "the message", "the stream's get_last_error");
        } catch (Throwable e) {
            throw new CDataException("the stream's get_last_error failed: " + e, e);
        }
    }

    /** Checks a count read from a structure: not negative, and no more than {@code max}. */
    static long count(long value, long max, String what, String where) {
        if (value < 0) {
            throw new CDataException(where + ": " + what + " is negative: " + value);
        }
        if (value > max) {
            throw new CDataException(where + ": " + what + " is " + value + ", more than " + max);
        }
        return value;
    }
}
