// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.quiver.core.batch.RecordBatchReader;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * A DuckDB database and one connection to it. Record batch readers are registered as tables (views over
 * DuckDB's Arrow scan of an exported {@code ArrowArrayStream}: DuckDB reads Quiver's buffers in place);
 * queries return their result as a {@link RecordBatchReader} imported through the C Data interface.
 *
 * <p>A registered reader is a stream, read once: a table can be scanned by one query, once; another scan
 * (a self-join, a later query) fails with a {@link DuckDbException} that says so. Register it again to
 * query it again. Thread-safe (one call at a time).
 */
public final class DuckDbConnection implements AutoCloseable {
    /**
     * The optimizers this connection turns off. DuckDB's {@code duckdb_arrow_scan} (the C API's way to scan
     * an {@code ArrowArrayStream}) declares projection and filter pushdown but ignores both: DuckDB then
     * reads the stream's columns by the position of the projected ones and trusts the stream to have
     * filtered (wrong columns, a crash, or unfiltered rows; DuckDB issue 17012). With these off, every scan
     * asks for all columns and every filter stays a filter above the scan.
     */
    static final String DISABLED_OPTIMIZERS = "unused_columns,filter_pushdown,join_filter_pushdown,top_n,"
            + "late_materialization,sampling_pushdown";
    private final DuckDbApi api;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment database;
    private final MemorySegment connection;
    private final Map<String, TableStream> tables = new LinkedHashMap<>();
    private final Set<ResultReader> results = new LinkedHashSet<>();
    private final long replacementId = ReplacementScan.open();
    private Function<String, RecordBatchReader> resolver = name -> null;
    private boolean closed;

    DuckDbConnection(DuckDbApi api, String path) {
        this.api = api;
        this.database = arena.allocate(ADDRESS);
        this.connection = arena.allocate(ADDRESS);
        try {
            MemorySegment file = path == null ? MemorySegment.NULL : arena.allocateFrom(path);
            if ((int) api.open.invokeExact(file, database) != DuckDbApi.SUCCESS) {
                throw new DuckDbException("DuckDB cannot open the database " + (path == null ? "in memory" : path));
            }
            if ((int) api.connect.invokeExact(database.get(ADDRESS, 0), connection) != DuckDbApi.SUCCESS) {
                throw new DuckDbException("DuckDB cannot connect to the database");
            }
            api.addReplacementScan.invokeExact(database.get(ADDRESS, 0), ReplacementScan.CALLBACK,
                    MemorySegment.ofAddress(replacementId), MemorySegment.NULL);
            execute("SET disabled_optimizers = '" + DISABLED_OPTIMIZERS + "'");
        } catch (Throwable e) {
            closeNative();
            arena.close();
            ReplacementScan.close(replacementId);
            throw e instanceof DuckDbException d ? d : new DuckDbException("opening DuckDB failed: " + e, e);
        }
    }

    /**
     * Registers a reader as a table (a view of that name, replacing one registered before): DuckDB scans the
     * reader's batches, exported through the C Stream interface, without copying them. The connection owns
     * the reader from now on and closes it when the table is unregistered or the connection closed.
     *
     * @param table the table's name (any text; quote it in SQL where it is not a plain identifier)
     * @param reader the batches
     * @throws DuckDbException if DuckDB refuses the stream (the reader is then closed)
     * @throws IllegalStateException if the connection is closed
     */
    public synchronized void register(String table, RecordBatchReader reader) {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(reader, "reader");
        checkOpen();
        TableStream stream = new TableStream(table, reader);
        try (Arena local = Arena.ofConfined()) {
            int state = (int) api.arrowScan.invokeExact(connection.get(ADDRESS, 0), local.allocateFrom(table),
                    stream.address());
            if (state != DuckDbApi.SUCCESS) {
                throw new DuckDbException("DuckDB refused the Arrow stream of table " + table);
            }
        } catch (Throwable e) {
            stream.close();
            throw e instanceof DuckDbException d ? d : new DuckDbException("registering table " + table + " failed: "
                    + e, e);
        }
        TableStream before = tables.put(table, stream);
        if (before != null) {
            before.close();
        }
    }

    /**
     * Drops a registered table and releases its stream (closing its reader).
     *
     * @param table the name it was registered under
     * @return whether such a table was registered
     * @throws DuckDbException if DuckDB cannot drop its view
     * @throws IllegalStateException if the connection is closed
     */
    public synchronized boolean unregister(String table) {
        checkOpen();
        TableStream stream = tables.remove(table);
        if (stream == null) {
            return false;
        }
        try {
            execute("DROP VIEW IF EXISTS " + quote(table));
        } finally {
            stream.close();
        }
        return true;
    }

    /**
     * The names of the registered tables, in the order registered.
     *
     * @return the names
     */
    public synchronized List<String> tables() {
        return new ArrayList<>(tables.keySet());
    }

    /**
     * Sets what supplies a table a query names but nothing registered, such as a file named in FROM
     * ({@code SELECT * FROM 'data.arrow'}): DuckDB reports the name while binding, the query fails, the
     * resolver's reader is registered under that name, and the query runs once more.
     *
     * @param resolver a reader for a table name, or null if it names nothing it knows
     */
    public synchronized void setTableResolver(Function<String, RecordBatchReader> resolver) {
        this.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    /**
     * Runs a query and returns its result (computed whole by DuckDB, then handed out one chunk of up to
     * 2,048 rows per batch, each converted by DuckDB to Arrow and imported without copying).
     *
     * @param sql one SQL statement (or several: the result is the last one's)
     * @return the result; close it to free DuckDB's copy of it (batches read stay valid)
     * @throws DuckDbException with DuckDB's message if the query fails, or if a result column has a type
     *     without an Arrow form
     * @throws IllegalStateException if the connection is closed
     */
    public synchronized RecordBatchReader query(String sql) {
        Objects.requireNonNull(sql, "sql");
        checkOpen();
        ReplacementScan.take(replacementId);
        try {
            return run(sql);
        } catch (DuckDbException e) {
            boolean registered = false;
            for (String name : ReplacementScan.take(replacementId)) {
                RecordBatchReader reader = tables.containsKey(name) ? null : resolver.apply(name);
                if (reader != null) {
                    register(name, reader);
                    registered = true;
                }
            }
            if (!registered) {
                throw e;
            }
            return run(sql);
        }
    }

    private RecordBatchReader run(String sql) {
        try {
            return runOnce(sql);
        } finally {
            for (TableStream stream : tables.values()) {
                stream.endQuery();
            }
        }
    }

    private RecordBatchReader runOnce(String sql) {
        try (Arena local = Arena.ofConfined()) {
            MemorySegment result = local.allocate(DuckDbApi.RESULT);
            int state = (int) api.query.invokeExact(connection.get(ADDRESS, 0), local.allocateFrom(sql), result);
            if (state != DuckDbApi.SUCCESS) {
                String message = DuckDbApi.string((MemorySegment) api.resultError.invokeExact(result));
                api.destroyResult.invokeExact(result);
                throw new DuckDbException(message == null ? "the query failed" : message);
            }
            ResultReader reader = new ResultReader(api, this, result);
            results.add(reader);
            return reader;
        } catch (DuckDbException e) {
            throw e;
        } catch (Throwable e) {
            throw new DuckDbException("the query failed: " + e, e);
        }
    }

    /**
     * Runs a statement and discards its result.
     *
     * @param sql one SQL statement (or several)
     * @throws DuckDbException with DuckDB's message if it fails
     * @throws IllegalStateException if the connection is closed
     */
    public synchronized void execute(String sql) {
        query(sql).close();
    }

    synchronized void closed(ResultReader reader) {
        results.remove(reader);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the DuckDB connection is closed");
        }
    }

    /** A name as a quoted SQL identifier. */
    static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /**
     * Closes the results still open, the connection and the database, then releases the registered tables'
     * streams (closing their readers). Closing twice does nothing.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            for (ResultReader reader : new ArrayList<>(results)) {
                reader.close();
            }
            closeNative();
        } finally {
            try {
                for (TableStream stream : tables.values()) {
                    stream.close();
                }
                tables.clear();
            } finally {
                arena.close();
                ReplacementScan.close(replacementId);
            }
        }
    }

    private void closeNative() {
        try {
            if (connection.get(ADDRESS, 0).address() != 0) {
                api.disconnect.invokeExact(connection);
            }
            if (database.get(ADDRESS, 0).address() != 0) {
                api.close.invokeExact(database);
            }
        } catch (Throwable e) {
            throw new DuckDbException("closing DuckDB failed: " + e, e);
        }
    }
}
