// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import dev.quiver.c.CData;
import dev.quiver.c.CStreams;
import dev.quiver.core.batch.RecordBatchReader;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A reader exported as an {@code ArrowArrayStream} for DuckDB's {@code duckdb_arrow_scan}, and what that
 * scan leaves to its caller. DuckDB copies the stream structure for each scan and never releases it, and it
 * takes schemas from {@code get_schema} whose release it drops (it nulls the root's release callback). So
 * the stream's {@code get_schema} is wrapped: each schema handed to DuckDB is also copied here (structures
 * may be moved by copying their bytes), and {@link #close()} releases those copies and then the stream,
 * once DuckDB's view of it is gone. A schema DuckDB did release is not released twice (quiver-c's release
 * of a released schema does nothing).
 */
final class TableStream implements AutoCloseable {
    private static final int EINVAL = 22;
    private static final int EIO = 5;
    private static final long GET_SCHEMA_AT = offset("get_schema");
    private static final long PRIVATE_AT = offset("private_data");
    private static final long RELEASE_AT = offset("release");
    private static final long SCHEMA_RELEASE_AT = CData.ARROW_SCHEMA.byteOffset(PathElement.groupElement("release"));
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle CALL_GET = LINKER.downcallHandle(FunctionDescriptor.of(JAVA_INT, ADDRESS,
            ADDRESS));
    private static final MethodHandle CALL_RELEASE = LINKER.downcallHandle(FunctionDescriptor.ofVoid(ADDRESS));
    /** The streams by their {@code private_data} (quiver-c's id of the exported reader). */
    private static final Map<Long, TableStream> LIVE = new ConcurrentHashMap<>();
    private static final MemorySegment GET_SCHEMA = getSchemaStub();

    private final Arena arena = Arena.ofShared();
    private final MemorySegment stream;
    private final MemorySegment exportedGetSchema;
    private final long key;
    private final List<MemorySegment> schemas = new ArrayList<>();
    private boolean closed;

    /** Exports {@code reader}, which the stream owns from now on (closed by {@link #close()}). */
    TableStream(RecordBatchReader reader) {
        stream = arena.allocate(CStreams.ARROW_ARRAY_STREAM);
        try {
            CStreams.exportReader(reader, stream);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
        exportedGetSchema = stream.get(ADDRESS, GET_SCHEMA_AT);
        key = stream.get(ADDRESS, PRIVATE_AT).address();
        LIVE.put(key, this);
        stream.set(ADDRESS, GET_SCHEMA_AT, GET_SCHEMA);
    }

    private static long offset(String name) {
        return CStreams.ARROW_ARRAY_STREAM.byteOffset(PathElement.groupElement(name));
    }

    private static MemorySegment getSchemaStub() {
        try {
            MethodHandle target = MethodHandles.lookup().findStatic(TableStream.class, "getSchema",
                    MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
            return LINKER.upcallStub(target, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS), Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The address of the {@code ArrowArrayStream}, for {@code duckdb_arrow_scan}. */
    MemorySegment address() {
        return stream;
    }

    /** The {@code get_schema} callback: the exported reader's, and a copy of what it filled kept. */
    static int getSchema(MemorySegment address, MemorySegment out) {
        try {
            MemorySegment s = address.reinterpret(CStreams.ARROW_ARRAY_STREAM.byteSize());
            TableStream table = LIVE.get(s.get(ADDRESS, PRIVATE_AT).address());
            return table == null ? EINVAL : table.schema(s, out);
        } catch (Throwable e) {
            return EIO;
        }
    }

    private synchronized int schema(MemorySegment address, MemorySegment out) throws Throwable {
        if (closed || out.address() == 0) {
            return EINVAL;
        }
        int code = (int) CALL_GET.invokeExact(exportedGetSchema, address, out);
        if (code == 0) {
            MemorySegment copy = arena.allocate(CData.ARROW_SCHEMA);
            copy.copyFrom(out.reinterpret(CData.ARROW_SCHEMA.byteSize()));
            schemas.add(copy);
        }
        return code;
    }

    /** Releases the schemas handed out, then the stream (which closes the reader); twice does nothing. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        LIVE.remove(key);
        try {
            for (MemorySegment schema : schemas) {
                release(schema, SCHEMA_RELEASE_AT);
            }
            release(stream, RELEASE_AT);
        } finally {
            arena.close();
        }
    }

    private static void release(MemorySegment struct, long releaseAt) {
        MemorySegment release = struct.get(ADDRESS, releaseAt);
        if (release.address() != 0) {
            try {
                CALL_RELEASE.invokeExact(release, struct);
            } catch (Throwable e) {
                throw new DuckDbException("releasing a table's Arrow structures failed: " + e, e);
            }
        }
    }
}
