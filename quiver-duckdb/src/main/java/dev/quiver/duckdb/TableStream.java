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
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A table's batches exported as an {@code ArrowArrayStream} for DuckDB's {@code duckdb_arrow_scan}, and what
 * that scan leaves to its caller. DuckDB copies the stream structure for each scan and never releases it, and
 * it takes schemas from {@code get_schema} whose release it drops (it nulls the root's release callback). So
 * the stream's {@code get_schema} is wrapped: each schema handed to DuckDB is also copied here (structures
 * may be moved by copying their bytes), and {@link #close()} releases those copies and then the stream,
 * once DuckDB's view of it is gone. A schema DuckDB did release is not released twice (quiver-c's release
 * of a released schema does nothing).
 *
 * <p>Each scan is a copy of the structure, made by DuckDB just before the scan starts and released (its
 * {@code release} called) when the scan ends. {@code get_next} is wrapped to tell the copies apart:
 * <ul>
 * <li>a table with a <em>source</em> (a {@link Supplier} of readers: a {@code Table}, a file) is scanned any
 * number of times: on a copy's first {@code get_next} a new reader is opened and exported, and its stream
 * moved into DuckDB's copy (so that copy's later calls, and its release, which closes the reader, go straight
 * to quiver-c's export);</li>
 * <li>a table registered as one reader is read once: the first scan's copy reads, any other copy (another
 * scan in the same query, or a scan in a later query once {@link #endQuery()} has marked the reader
 * consumed) gets an error naming the table.</li>
 * </ul>
 */
final class TableStream implements AutoCloseable {
    private static final int EINVAL = 22;
    private static final int EIO = 5;
    private static final long GET_SCHEMA_AT = offset("get_schema");
    private static final long GET_NEXT_AT = offset("get_next");
    private static final long GET_LAST_ERROR_AT = offset("get_last_error");
    private static final long PRIVATE_AT = offset("private_data");
    private static final long RELEASE_AT = offset("release");
    private static final long SCHEMA_RELEASE_AT = CData.ARROW_SCHEMA.byteOffset(PathElement.groupElement("release"));
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle CALL_GET = LINKER.downcallHandle(FunctionDescriptor.of(JAVA_INT, ADDRESS,
            ADDRESS));
    private static final MethodHandle CALL_RELEASE = LINKER.downcallHandle(FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle CALL_GET_LAST_ERROR = LINKER.downcallHandle(FunctionDescriptor.of(ADDRESS,
            ADDRESS));
    /** The streams by their {@code private_data} (quiver-c's id of the exported reader). */
    private static final Map<Long, TableStream> LIVE = new ConcurrentHashMap<>();
    private static final MemorySegment GET_SCHEMA = stub("getSchema", FunctionDescriptor.of(JAVA_INT, ADDRESS,
            ADDRESS), MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
    private static final MemorySegment GET_NEXT = stub("getNext", FunctionDescriptor.of(JAVA_INT, ADDRESS,
            ADDRESS), MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
    private static final MemorySegment GET_LAST_ERROR = stub("getLastError", FunctionDescriptor.of(ADDRESS,
            ADDRESS), MethodType.methodType(MemorySegment.class, MemorySegment.class));

    private final String name;
    private final Supplier<? extends RecordBatchReader> source;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment stream;
    private final MemorySegment exportedGetSchema;
    private final MemorySegment exportedGetNext;
    private final MemorySegment exportedGetLastError;
    private final long key;
    private final List<MemorySegment> schemas = new ArrayList<>();
    private long scan;
    private boolean consumed;
    private MemorySegment refusal = MemorySegment.NULL;
    private boolean closed;

    /**
     * Exports {@code reader} for table {@code name}; the stream owns it from now on (closed by {@link #close()}).
     * With a {@code source}, {@code reader} only gives the schema and each scan reads a reader of the source.
     */
    TableStream(String name, RecordBatchReader reader, Supplier<? extends RecordBatchReader> source) {
        this.name = name;
        this.source = source;
        stream = arena.allocate(CStreams.ARROW_ARRAY_STREAM);
        try {
            CStreams.exportReader(reader, stream);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
        exportedGetSchema = stream.get(ADDRESS, GET_SCHEMA_AT);
        exportedGetNext = stream.get(ADDRESS, GET_NEXT_AT);
        exportedGetLastError = stream.get(ADDRESS, GET_LAST_ERROR_AT);
        key = stream.get(ADDRESS, PRIVATE_AT).address();
        LIVE.put(key, this);
        stream.set(ADDRESS, GET_SCHEMA_AT, GET_SCHEMA);
        stream.set(ADDRESS, GET_NEXT_AT, GET_NEXT);
        stream.set(ADDRESS, GET_LAST_ERROR_AT, GET_LAST_ERROR);
    }

    private static long offset(String name) {
        return CStreams.ARROW_ARRAY_STREAM.byteOffset(PathElement.groupElement(name));
    }

    private static MemorySegment stub(String method, FunctionDescriptor descriptor, MethodType type) {
        try {
            MethodHandle target = MethodHandles.lookup().findStatic(TableStream.class, method, type);
            return LINKER.upcallStub(target, descriptor, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The table of a stream structure (DuckDB's copy or the original), or null. */
    private static TableStream of(MemorySegment address) {
        MemorySegment s = address.reinterpret(CStreams.ARROW_ARRAY_STREAM.byteSize());
        return LIVE.get(s.get(ADDRESS, PRIVATE_AT).address());
    }

    /** The address of the {@code ArrowArrayStream}, for {@code duckdb_arrow_scan}. */
    MemorySegment address() {
        return stream;
    }

    /** The {@code get_schema} callback: the exported reader's, and a copy of what it filled kept. */
    static int getSchema(MemorySegment address, MemorySegment out) {
        try {
            TableStream table = of(address);
            return table == null ? EINVAL : table.schema(address, out);
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

    /** The {@code get_next} callback: the exported reader's, for the one scan allowed. */
    static int getNext(MemorySegment address, MemorySegment out) {
        try {
            TableStream table = of(address);
            return table == null ? EINVAL : table.next(address, out);
        } catch (Throwable e) {
            return EIO;
        }
    }

    private synchronized int next(MemorySegment address, MemorySegment out) throws Throwable {
        if (closed) {
            return EINVAL;
        }
        if (source != null) {
            return startScan(address, out);
        }
        if (consumed || scan != 0 && scan != address.address()) {
            refuse("table " + name + " is a stream, read once: " + (consumed ? "an earlier query read it"
                    : "this query scans it twice") + "; register it again, or register a Table or a source of "
                    + "readers to scan it any number of times");
            return EINVAL;
        }
        scan = address.address();
        return (int) CALL_GET.invokeExact(exportedGetNext, address, out);
    }

    /**
     * A scan's first call: a new reader of the source, exported and moved into DuckDB's copy of the stream
     * (which DuckDB releases when the scan ends, closing the reader); then its first batch.
     */
    private int startScan(MemorySegment address, MemorySegment out) throws Throwable {
        RecordBatchReader reader;
        try {
            reader = Objects.requireNonNull(source.get(), "the source gave no reader");
        } catch (RuntimeException e) {
            refuse("opening table " + name + " for a scan failed: " + e.getMessage());
            return EIO;
        }
        MemorySegment copy = address.reinterpret(CStreams.ARROW_ARRAY_STREAM.byteSize());
        try (Arena local = Arena.ofConfined()) {
            MemorySegment fresh = local.allocate(CStreams.ARROW_ARRAY_STREAM);
            CStreams.exportReader(reader, fresh);
            copy.copyFrom(fresh);
        } catch (RuntimeException e) {
            reader.close();
            refuse("exporting table " + name + " for a scan failed: " + e.getMessage());
            return EIO;
        }
        return (int) CALL_GET.invokeExact(copy.get(ADDRESS, GET_NEXT_AT), address, out);
    }

    /** Keeps a message for {@code get_last_error}, until the query ends. */
    private void refuse(String message) {
        if (refusal.address() == 0) {
            refusal = arena.allocateFrom(message);
        }
    }

    /** The {@code get_last_error} callback: the refusal of a second scan, else the reader's error. */
    static MemorySegment getLastError(MemorySegment address) {
        try {
            TableStream table = of(address);
            return table == null ? MemorySegment.NULL : table.lastError(address);
        } catch (Throwable e) {
            return MemorySegment.NULL;
        }
    }

    private synchronized MemorySegment lastError(MemorySegment address) throws Throwable {
        if (closed) {
            return MemorySegment.NULL;
        }
        if (refusal.address() != 0) {
            return refusal;
        }
        return (MemorySegment) CALL_GET_LAST_ERROR.invokeExact(exportedGetLastError, address);
    }

    /** After a query: a reader that a scan began is consumed (a later scan is refused). */
    synchronized void endQuery() {
        consumed |= scan != 0;
        refusal = MemorySegment.NULL;
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
