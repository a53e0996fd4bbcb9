// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The table function {@code quiver_scan(id)} through which DuckDB scans registered tables, made with the C
 * API's table functions: it declares projection pushdown, so each scan converts only the columns the query
 * uses. (The C API has no filter pushdown for table functions: DuckDB applies a query's filters to the rows
 * right above the scan.) Each registered table is a view {@code SELECT * FROM quiver_scan(id)}; the id
 * names a {@link ScanTable}, and only the connection that registered it (or one made from it by
 * {@link DuckDbConnection#connect()}) may scan it (its database, by the key the function carries as extra
 * info, and its connection, by DuckDB's connection id).
 *
 * <p>The callbacks run on DuckDB's threads: bind (the columns and their types), init (a {@link TableScan}:
 * a new reader of the table, for the columns asked for), local init (a {@link ScanChunk} per thread) and
 * the function (the next up to 2,048 rows). What they fail at becomes the query's error, with the message.
 */
final class ScanFunction {
    /** The function's name in SQL. */
    static final String NAME = "quiver_scan";
    /** DuckDB's {@code DUCKDB_TYPE_BIGINT}. */
    private static final int BIGINT = 5;
    private static final Map<Long, ScanTable> TABLES = new ConcurrentHashMap<>();
    private static final Map<Long, TableScan> SCANS = new ConcurrentHashMap<>();
    private static final Map<Long, ScanChunk> CHUNKS = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong();
    private static final MemorySegment BIND = stub("bind", 1);
    private static final MemorySegment INIT = stub("init", 1);
    private static final MemorySegment LOCAL_INIT = stub("localInit", 1);
    private static final MemorySegment FUNCTION = stub("function", 2);
    private static final MemorySegment DESTROY_SCAN = stub("destroyScan", 1);
    private static final MemorySegment DESTROY_CHUNK = stub("destroyChunk", 1);

    private ScanFunction() {
    }

    private static MemorySegment stub(String method, int arguments) {
        try {
            MethodType type = arguments == 1 ? MethodType.methodType(void.class, MemorySegment.class)
                    : MethodType.methodType(void.class, MemorySegment.class, MemorySegment.class);
            FunctionDescriptor descriptor = arguments == 1 ? FunctionDescriptor.ofVoid(ADDRESS)
                    : FunctionDescriptor.ofVoid(ADDRESS, ADDRESS);
            return Linker.nativeLinker().upcallStub(MethodHandles.lookup().findStatic(ScanFunction.class, method, type),
                    descriptor, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Registers {@code quiver_scan} on a connection's database; the function answers only ids of tables
     * registered with {@code database} (a key of the database, unique in this process).
     *
     * @throws DuckDbException if DuckDB refuses it
     */
    static void register(DuckDbApi api, MemorySegment connection, long database) throws Throwable {
        try (Arena local = Arena.ofConfined()) {
            MemorySegment function = local.allocate(ADDRESS);
            function.set(ADDRESS, 0, (MemorySegment) api.createTableFunction().invokeExact());
            MemorySegment type = local.allocate(ADDRESS);
            type.set(ADDRESS, 0, (MemorySegment) api.createLogicalType().invokeExact(BIGINT));
            try {
                MemorySegment f = function.get(ADDRESS, 0);
                api.tableFunctionSetName().invokeExact(f, local.allocateFrom(NAME));
                api.tableFunctionAddParameter().invokeExact(f, type.get(ADDRESS, 0));
                api.tableFunctionSetBind().invokeExact(f, BIND);
                api.tableFunctionSetInit().invokeExact(f, INIT);
                api.tableFunctionSetLocalInit().invokeExact(f, LOCAL_INIT);
                api.tableFunctionSetFunction().invokeExact(f, FUNCTION);
                api.tableFunctionSupportsProjectionPushdown().invokeExact(f, true);
                api.tableFunctionSetExtraInfo().invokeExact(f, MemorySegment.ofAddress(database), MemorySegment.NULL);
                if ((int) api.registerTableFunction().invokeExact(connection, f) != DuckDbApi.SUCCESS) {
                    throw new DuckDbException("DuckDB refused the table function " + NAME);
                }
            } finally {
                api.destroyLogicalType().invokeExact(type);
                api.destroyTableFunction().invokeExact(function);
            }
        }
    }

    /** A new id for a table. */
    static long nextId() {
        return IDS.incrementAndGet();
    }

    /** Makes a table scannable by its id. */
    static void add(ScanTable table) {
        TABLES.put(table.id, table);
    }

    /** Makes a table's id name nothing (scans already begun go on). */
    static void remove(ScanTable table) {
        TABLES.remove(table.id);
    }

    /** DuckDB's id of a connection ({@code duckdb_client_context_get_connection_id}). */
    static long connectionId(DuckDbApi api, MemorySegment connection) throws Throwable {
        try (Arena local = Arena.ofConfined()) {
            MemorySegment context = local.allocate(ADDRESS);
            api.connectionGetClientContext().invokeExact(connection, context);
            try {
                return (long) api.clientContextConnectionId().invokeExact(context.get(ADDRESS, 0));
            } finally {
                api.destroyClientContext().invokeExact(context);
            }
        }
    }

    /** {@code bind}: the table's columns, for the id given, if the binding connection registered it. */
    private static void bind(MemorySegment info) {
        DuckDbApi api = DuckDbApi.get();
        try (Arena local = Arena.ofConfined()) {
            MemorySegment value = local.allocate(ADDRESS);
            value.set(ADDRESS, 0, (MemorySegment) api.bindGetParameter().invokeExact(info, 0L));
            long id = (long) api.getInt64().invokeExact(value.get(ADDRESS, 0));
            api.destroyValue().invokeExact(value);
            MemorySegment context = local.allocate(ADDRESS);
            api.bindGetClientContext().invokeExact(info, context);
            long caller = (long) api.clientContextConnectionId().invokeExact(context.get(ADDRESS, 0));
            api.destroyClientContext().invokeExact(context);
            long database = ((MemorySegment) api.bindGetExtraInfo().invokeExact(info)).address();
            ScanTable table = TABLES.get(id);
            if (table == null || table.database != database || !table.mayScan(caller)) {
                api.bindSetError().invokeExact(info, local.allocateFrom(NAME + ": no table " + id
                        + " is registered on this connection"));
                return;
            }
            for (int i = 0; i < table.schema.fields().size(); i++) {
                api.bindAddResultColumn().invokeExact(info, local.allocateFrom(table.schema.fields().get(i).name()),
                        table.type(i));
            }
            api.bindSetBindData().invokeExact(info, MemorySegment.ofAddress(id), MemorySegment.NULL);
        } catch (Throwable e) {
            fail(api, info, e, Failure.BIND);
        }
    }

    /** {@code init}: a new scan of the table, for the columns DuckDB asks for. */
    private static void init(MemorySegment info) {
        DuckDbApi api = DuckDbApi.get();
        try {
            long id = ((MemorySegment) api.initGetBindData().invokeExact(info)).address();
            ScanTable table = TABLES.get(id);
            if (table == null) {
                throw new DuckDbException(NAME + ": table " + id + " was unregistered");
            }
            int[] indices = new int[(int) (long) api.initGetColumnCount().invokeExact(info)];
            for (int i = 0; i < indices.length; i++) {
                long index = (long) api.initGetColumnIndex().invokeExact(info, (long) i);
                if (index < 0 || index >= table.schema.fields().size()) {
                    throw new DuckDbException(NAME + ": table " + table.name + " has no column " + index);
                }
                indices[i] = (int) index;
            }
            TableScan scan = new TableScan(DuckDbApi.get(), table.connection, table, indices);
            long scanId = nextId();
            SCANS.put(scanId, scan);
            api.initSetInitData().invokeExact(info, MemorySegment.ofAddress(scanId), DESTROY_SCAN);
            api.initSetMaxThreads().invokeExact(info, (long) Runtime.getRuntime().availableProcessors());
        } catch (Throwable e) {
            fail(api, info, e, Failure.INIT);
        }
    }

    /** {@code local_init}: the thread's chunk. */
    private static void localInit(MemorySegment info) {
        DuckDbApi api = DuckDbApi.get();
        try {
            long id = nextId();
            CHUNKS.put(id, new ScanChunk(api));
            api.initSetInitData().invokeExact(info, MemorySegment.ofAddress(id), DESTROY_CHUNK);
        } catch (Throwable e) {
            fail(api, info, e, Failure.INIT);
        }
    }

    /** The function: the next rows, from this thread's batch or the next one; none at the end. */
    private static void function(MemorySegment info, MemorySegment output) {
        DuckDbApi api = DuckDbApi.get();
        try {
            TableScan scan = SCANS.get(((MemorySegment) api.functionGetInitData().invokeExact(info)).address());
            ScanChunk chunk = CHUNKS.get(((MemorySegment) api.functionGetLocalInitData().invokeExact(info)).address());
            long rows;
            while ((rows = chunk.emit(output, scan)) == 0) {
                var batch = scan.next();
                if (batch == null) {
                    chunk.clear();
                    break;
                }
                chunk.load(batch, scan);
            }
            api.dataChunkSetSize().invokeExact(output, rows);
        } catch (Throwable e) {
            fail(api, info, e, Failure.FUNCTION);
        }
    }

    private static void destroyScan(MemorySegment id) {
        TableScan scan = SCANS.remove(id.address());
        if (scan != null) {
            try {
                scan.close();
            } catch (RuntimeException e) {
                // a reader that fails to close: the scan is over, and DuckDB has no way to hear of it
                return;
            }
        }
    }

    private static void destroyChunk(MemorySegment id) {
        ScanChunk chunk = CHUNKS.remove(id.address());
        if (chunk != null) {
            try {
                chunk.close();
            } catch (RuntimeException e) {
                // as for destroyScan: nothing to tell DuckDB
                return;
            }
        }
    }

    /** Which callback failed: how to tell DuckDB. */
    private enum Failure { BIND, INIT, FUNCTION }

    /** Reports a callback's failure to DuckDB, which fails the query with the message. */
    private static void fail(DuckDbApi api, MemorySegment info, Throwable e, Failure where) {
        String message = e instanceof DuckDbException ? e.getMessage() : NAME + " failed: " + e;
        try (Arena local = Arena.ofConfined()) {
            MemorySegment text = local.allocateFrom(message);
            switch (where) {
                case BIND -> api.bindSetError().invokeExact(info, text);
                case INIT -> api.initSetError().invokeExact(info, text);
                case FUNCTION -> api.functionSetError().invokeExact(info, text);
            }
        } catch (Throwable ignored) {
            // setting the error failed too: DuckDB then sees the callback return without rows or columns
            return;
        }
    }
}
