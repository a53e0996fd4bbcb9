// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Schema;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A DuckDB database and one connection to it. Record batch readers are registered as tables (views over
 * the table function {@code quiver_scan}, into which DuckDB pushes each query's projection: a scan converts
 * only the columns the query uses into DuckDB's vectors); queries return their result as a
 * {@link RecordBatchReader} imported through the C Data interface.
 *
 * <p>A registered {@link Table}, or a source of readers (such as a file opened anew for each scan), can be
 * scanned any number of times, in one query (a self-join) and across queries. A registered reader is a
 * stream, read once: a second scan fails with a {@link DuckDbException} that says so. Thread-safe (one call
 * at a time, but {@link #interrupt()}, which stops the call running).
 *
 * <p>{@link #connect()} makes further connections on the same database, each running its own queries and
 * transactions side by side with the others, and each seeing the tables registered here.
 */
public final class DuckDbConnection implements AutoCloseable {
    private final DuckDbApi api;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment database;
    private final MemorySegment connection;
    private final Map<String, ScanTable> tables = new LinkedHashMap<>();
    private final Set<ResultReader> results = new LinkedHashSet<>();
    /** The result of the last query while it streams (DuckDB computes it as it is read). */
    private ResultReader streaming;
    private final long replacementId = ReplacementScan.open();
    private final AtomicLong scannedBytes = new AtomicLong();
    private final long databaseKey;
    /** The connection that opened the database (and closes it), or null if this is that connection. */
    private final DuckDbConnection parent;
    /** The connections made by {@link #connect()} and not closed yet. */
    private final Set<DuckDbConnection> children = ConcurrentHashMap.newKeySet();
    /** Of a connection made by {@link #connect()}: the parent's tables it was let scan. */
    private final List<ScanTable> inherited = new ArrayList<>();
    /** Held while the native connection is used by {@link #interrupt()} or disconnected. */
    private final Object nativeLock = new Object();
    /** Set (under {@link #nativeLock}) once the native connection is gone. */
    private boolean disconnected;
    private long connectionId;
    private Function<String, RecordBatchReader> resolver = name -> null;
    private Function<String, ? extends Supplier<? extends RecordBatchReader>> sourceResolver = name -> null;
    private boolean closed;

    DuckDbConnection(DuckDbApi api, String path, Map<String, String> settings) {
        this.api = api;
        this.parent = null;
        this.databaseKey = ScanFunction.nextId();
        this.database = arena.allocate(ADDRESS);
        this.connection = arena.allocate(ADDRESS);
        try {
            openDatabase(path, settings);
            if ((int) api.connect().invokeExact(database.get(ADDRESS, 0), connection) != DuckDbApi.SUCCESS) {
                throw new DuckDbException("DuckDB cannot connect to the database");
            }
            api.addReplacementScan().invokeExact(database.get(ADDRESS, 0), ReplacementScan.CALLBACK,
                    MemorySegment.ofAddress(replacementId), MemorySegment.NULL);
            ScanFunction.register(api, connection.get(ADDRESS, 0), databaseKey);
            connectionId = ScanFunction.connectionId(api, connection.get(ADDRESS, 0));
        } catch (Throwable e) {
            throw abandon(e, "opening DuckDB failed: ");
        }
    }

    /** A further connection on {@code parent}'s database ({@link #connect()}). */
    private DuckDbConnection(DuckDbConnection parent) {
        this.api = parent.api;
        this.parent = parent;
        this.databaseKey = parent.databaseKey;
        this.database = arena.allocate(ADDRESS).copyFrom(parent.database);
        this.connection = arena.allocate(ADDRESS);
        try {
            if ((int) api.connect().invokeExact(database.get(ADDRESS, 0), connection) != DuckDbApi.SUCCESS) {
                throw new DuckDbException("DuckDB cannot make another connection to the database");
            }
            connectionId = ScanFunction.connectionId(api, connection.get(ADDRESS, 0));
        } catch (Throwable e) {
            throw abandon(e, "connecting to DuckDB failed: ");
        }
    }

    /** Releases what a constructor that failed had made; the failure as a DuckDbException. */
    private DuckDbException abandon(Throwable e, String what) {
        try {
            closeNative();
        } finally {
            arena.close();
            ReplacementScan.close(replacementId);
        }
        return e instanceof DuckDbException d ? d : new DuckDbException(what + e, e);
    }

    /**
     * Makes another connection to this connection's database: its queries, prepared statements and
     * transactions run side by side with those of this connection and of the other connections made here
     * (DuckDB isolates their transactions from one another). It sees the database's tables and views, and
     * the tables registered on this connection when it is made (as views of its own: tables registered here
     * later are not visible to it); what it registers itself is its own. Closing it leaves this connection
     * open; closing this connection (which owns the database) closes it too.
     *
     * @return the new connection; close it
     * @throws DuckDbException if DuckDB cannot make the connection
     * @throws IllegalStateException if this connection is closed, or is itself one made by {@code connect()}
     */
    public synchronized DuckDbConnection connect() {
        checkOpen();
        if (parent != null) {
            throw new IllegalStateException("connect() is a call of the connection that opened the database");
        }
        DuckDbConnection child = new DuckDbConnection(this);
        try {
            for (ScanTable scan : tables.values()) {
                scan.allow(child.connectionId, true);
                child.inherited.add(scan);
                child.execute("CREATE OR REPLACE TEMPORARY VIEW " + quote(scan.name) + " AS SELECT * FROM "
                        + ScanFunction.NAME + "(" + scan.id + ")");
            }
        } catch (RuntimeException e) {
            child.close();
            throw e;
        }
        children.add(child);
        return child;
    }

    /**
     * Stops the query running on this connection, from any thread: DuckDB abandons it at its next check
     * (within a chunk of work), and the call running it, or the reading of its streamed result, fails with a
     * {@link DuckDbException} ({@code INTERRUPT Error: Interrupted!}). Does nothing when no query runs, or
     * once the connection is closed.
     */
    public void interrupt() {
        synchronized (nativeLock) {
            if (disconnected) {
                return;
            }
            MemorySegment handle = connection.get(ADDRESS, 0);
            try {
                api.interrupt().invokeExact(handle);
            } catch (DuckDbException e) {
                throw e;
            } catch (Throwable e) {
                throw new DuckDbException("interrupting DuckDB failed: " + e, e);
            }
        }
    }

    /**
     * The parameters of one SQL statement, as DuckDB declares them when it prepares it: one field per
     * placeholder ({@code ?} or {@code $n}), named {@code $1}, {@code $2}, ..., typed as DuckDB would give a
     * result column of the type it infers for the placeholder (e.g. {@code int64} for a BIGINT,
     * {@code decimal128(18, 3)}, {@code date32}); of type {@code null} where DuckDB leaves the type open
     * ({@code SELECT ?}). The statement is prepared and dropped, not run; like a query, it ends the result
     * streaming on this connection, if any.
     *
     * @param sql one SQL statement
     * @return the parameters' schema (empty for a statement without placeholders)
     * @throws DuckDbException with DuckDB's message if the statement does not prepare, or for several
     *     statements
     * @throws IllegalStateException if the connection is closed
     */
    public synchronized Schema parameterTypes(String sql) {
        Objects.requireNonNull(sql, "sql");
        checkOpen();
        endStreaming();
        try (Arena local = Arena.ofConfined()) {
            return Prepared.parameterTypes(api, connection.get(ADDRESS, 0), sql, local);
        } catch (DuckDbException e) {
            throw e;
        } catch (Throwable e) {
            throw new DuckDbException("preparing the statement failed: " + e, e);
        }
    }

    private void openDatabase(String path, Map<String, String> settings) throws Throwable {
        try (Arena local = Arena.ofConfined()) {
            MemorySegment config = local.allocate(ADDRESS);
            if ((int) api.createConfig().invokeExact(config) != DuckDbApi.SUCCESS) {
                throw new DuckDbException("DuckDB cannot create a configuration");
            }
            try {
                for (Map.Entry<String, String> setting : settings.entrySet()) {
                    if ((int) api.setConfig().invokeExact(config.get(ADDRESS, 0), local.allocateFrom(setting.getKey()),
                            local.allocateFrom(setting.getValue())) != DuckDbApi.SUCCESS) {
                        throw new DuckDbException("DuckDB refuses the setting " + setting.getKey() + " = "
                                + setting.getValue());
                    }
                }
                MemorySegment file = path == null ? MemorySegment.NULL : local.allocateFrom(path);
                MemorySegment error = local.allocate(ADDRESS);
                if ((int) api.openExt().invokeExact(file, database, config.get(ADDRESS, 0), error)
                        != DuckDbApi.SUCCESS) {
                    MemorySegment message = error.get(ADDRESS, 0);
                    String text = message.address() == 0 ? null : message.reinterpret(Long.MAX_VALUE).getString(0);
                    if (message.address() != 0) {
                        api.free().invokeExact(message);
                    }
                    throw new DuckDbException("DuckDB cannot open the database " + (path == null ? "in memory" : path)
                            + (text == null ? "" : ": " + text));
                }
            } finally {
                api.destroyConfig().invokeExact(config);
            }
        }
    }

    /**
     * Registers a reader as a table (a view of that name, replacing one registered before): DuckDB scans the
     * reader's batches, converting the columns each query uses into its vectors. The connection owns
     * the reader from now on and closes it when the table is unregistered or the connection closed.
     *
     * <p>A reader is read once: the first scan of the table reads it; a second scan (a self-join, a common
     * table expression used twice, a later query) fails with a {@link DuckDbException} naming the table.
     * Register a {@link Table} or a source of readers to scan a table any number of times.
     *
     * @param table the table's name (any text; quote it in SQL where it is not a plain identifier)
     * @param reader the batches
     * @throws DuckDbException if DuckDB cannot convert the schema's types (the reader is then closed)
     * @throws IllegalStateException if the connection is closed
     */
    public synchronized void register(String table, RecordBatchReader reader) {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(reader, "reader");
        checkOpen();
        add(table, reader, null);
    }

    /**
     * Registers batches held in memory as a table that any number of scans, in one query or many, read
     * (each its own reader of the table, zero-copy).
     *
     * @param table the table's name (any text; quote it in SQL where it is not a plain identifier)
     * @param data the batches
     * @throws DuckDbException if DuckDB cannot convert the schema's types
     * @throws IllegalStateException if the connection is closed
     */
    public synchronized void register(String table, Table data) {
        Objects.requireNonNull(data, "data");
        register(table, data::reader);
    }

    /**
     * Registers a source of readers as a table: each scan of the table (a self-join scans it twice, every
     * query again) reads a new reader of the source, which the scan closes when it ends. The source is
     * called once now, for the schema (that reader is closed at once), and once per scan, from DuckDB's
     * threads; each reader must give the same schema (a batch of other column types fails the query, naming
     * the column). A {@link ProjectingSource} is asked for the columns each scan uses
     * ({@link ProjectingSource#open(int[])}); of any other source's readers the scan drops the columns it
     * does not use. A source that fails (throws) fails the query with its message, naming the table.
     *
     * @param table the table's name (any text; quote it in SQL where it is not a plain identifier)
     * @param source opens a reader of the table's batches from the start, e.g. of a file
     * @throws DuckDbException if DuckDB cannot convert the schema's types
     * @throws IllegalStateException if the connection is closed
     */
    public synchronized void register(String table, Supplier<? extends RecordBatchReader> source) {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(source, "source");
        checkOpen();
        add(table, Objects.requireNonNull(source.get(), "the source gave no reader"), source);
    }

    private void add(String table, RecordBatchReader reader, Supplier<? extends RecordBatchReader> source) {
        ScanTable scan = new ScanTable(api, connection.get(ADDRESS, 0), ScanFunction.nextId(), databaseKey,
                connectionId, scannedBytes, table, reader, source);
        ScanFunction.add(scan);
        try {
            execute("CREATE OR REPLACE TEMPORARY VIEW " + quote(table) + " AS SELECT * FROM " + ScanFunction.NAME
                    + "(" + scan.id + ")");
        } catch (RuntimeException e) {
            ScanFunction.remove(scan);
            scan.close();
            throw e;
        }
        ScanTable before = tables.put(table, scan);
        if (before != null) {
            ScanFunction.remove(before);
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
        ScanTable scan = tables.remove(table);
        if (scan == null) {
            return false;
        }
        try {
            execute("DROP VIEW IF EXISTS " + quote(table));
        } finally {
            ScanFunction.remove(scan);
            scan.close();
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

    /** The registered table {@code name}, or null. */
    synchronized ScanTable table(String name) {
        return tables.get(name);
    }

    /**
     * Sets what supplies a table a query names but nothing registered, such as a file named in FROM
     * ({@code SELECT * FROM 'data.arrow'}): DuckDB reports the name while binding, the query fails, the
     * resolver's reader is registered under that name (read once, as {@link #register(String,
     * RecordBatchReader)}), and the query runs once more. A source resolver, where set, is asked first.
     *
     * @param resolver a reader for a table name, or null if it names nothing it knows
     */
    public synchronized void setTableResolver(Function<String, RecordBatchReader> resolver) {
        this.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    /**
     * Sets what supplies a table a query names but nothing registered, as {@link #setTableResolver}, as a
     * source of readers: the table is registered as {@link #register(String, Supplier)} does, and any
     * number of scans read it.
     *
     * @param resolver a source of readers for a table name, or null if it names nothing it knows
     */
    public synchronized void setTableSourceResolver(
            Function<String, ? extends Supplier<? extends RecordBatchReader>> resolver) {
        this.sourceResolver = Objects.requireNonNull(resolver, "resolver");
    }

    /**
     * Runs a query and returns its result, streamed: DuckDB computes it as it is read, one chunk of up to
     * 2,048 rows per batch, each converted by DuckDB to Arrow and imported without copying. Every statement
     * but the last runs whole first. An error DuckDB meets while computing the result is a
     * {@link DuckDbException} from the reader's {@code readNext}. The next query on this connection ends
     * this one: reading its result further is an {@link IllegalStateException} (read a result to its end,
     * or into a {@code Table}, before the next query).
     *
     * @param sql one SQL statement (or several: the result is the last one's)
     * @return the result; close it to free DuckDB's copy of it (batches read stay valid)
     * @throws DuckDbException with DuckDB's message if the query fails to bind or run, or if a result column
     *     has a type without an Arrow form
     * @throws IllegalStateException if the connection is closed
     */
    public synchronized RecordBatchReader query(String sql) {
        return query(sql, (Object[]) null);
    }

    /**
     * Runs one SQL statement with parameters ({@code ?} or {@code $1} placeholders) and returns its result, as
     * {@link #query(String)}. Each parameter is bound by its Java type and DuckDB casts it to the type the
     * query gives its placeholder: null, {@code Boolean}, {@code Byte}, {@code Short}, {@code Integer},
     * {@code Long}, {@code Float}, {@code Double}, {@code BigDecimal}, {@code BigInteger} and {@code String}
     * (as text), {@code byte[]} (a BLOB), {@code LocalDate}.
     *
     * @param sql one SQL statement
     * @param parameters the values of its placeholders, in order (null: a query without parameters, run as
     *     {@link #query(String)} runs it)
     * @return the result; close it to free DuckDB's copy of it (batches read stay valid)
     * @throws DuckDbException with DuckDB's message if the query fails, if the count of parameters differs
     *     from the query's, or for a parameter of another type
     * @throws IllegalStateException if the connection is closed
     */
    public synchronized RecordBatchReader query(String sql, Object... parameters) {
        Objects.requireNonNull(sql, "sql");
        checkOpen();
        endStreaming();
        ReplacementScan.take(replacementId);
        try {
            return run(sql, parameters);
        } catch (DuckDbException e) {
            boolean registered = false;
            for (String name : ReplacementScan.take(replacementId)) {
                registered |= !tables.containsKey(name) && resolve(name);
            }
            if (!registered) {
                throw e;
            }
            return run(sql, parameters);
        }
    }

    /** Registers what the resolvers give for a name; whether they gave anything. */
    private boolean resolve(String name) {
        Supplier<? extends RecordBatchReader> source = sourceResolver.apply(name);
        if (source != null) {
            register(name, source);
            return true;
        }
        RecordBatchReader reader = resolver.apply(name);
        if (reader != null) {
            register(name, reader);
            return true;
        }
        return false;
    }

    private RecordBatchReader run(String sql, Object[] parameters) {
        try (Arena local = Arena.ofConfined()) {
            MemorySegment result = local.allocate(DuckDbApi.RESULT);
            Prepared.execute(api, connection.get(ADDRESS, 0), sql, parameters, result, local);
            ResultReader reader = new ResultReader(api, this, result);
            results.add(reader);
            streaming = reader;
            return reader;
        } catch (Throwable e) {
            endQuery();
            throw e instanceof DuckDbException d ? d : new DuckDbException("the query failed: " + e, e);
        }
    }

    /**
     * Ends the query whose result is streaming, if any: its result can no longer be read (DuckDB drops it
     * when the next query starts), and a table read once that it scanned counts as read.
     */
    private void endStreaming() {
        if (streaming != null) {
            streaming.supersede();
            streaming = null;
        }
        endQuery();
    }

    private void endQuery() {
        for (ScanTable scan : tables.values()) {
            scan.endQuery();
        }
    }

    /** A result was read to its end or closed: its query is over. */
    synchronized void ended(ResultReader reader) {
        if (streaming == reader) {
            streaming = null;
            endQuery();
        }
    }

    /**
     * The bytes of Arrow buffers this connection's scans of registered tables have handed to DuckDB so far:
     * the buffers of the columns each scan read (DuckDB pushes a query's projection into the scan, so a
     * query of 2 of 9 columns hands over those 2), counted once per batch and scan.
     *
     * @return the count of bytes, since the connection opened
     */
    public long scannedBytes() {
        return scannedBytes.get();
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
        ended(reader);
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
            for (DuckDbConnection child : new ArrayList<>(children)) {
                child.close();
            }
            if (parent != null) {
                parent.children.remove(this);
                for (ScanTable scan : inherited) {
                    scan.allow(connectionId, false);
                }
            }
            for (ResultReader reader : new ArrayList<>(results)) {
                reader.close();
            }
            closeNative();
        } finally {
            try {
                for (ScanTable scan : tables.values()) {
                    ScanFunction.remove(scan);
                    scan.close();
                }
                tables.clear();
            } finally {
                arena.close();
                ReplacementScan.close(replacementId);
            }
        }
    }

    private void closeNative() {
        synchronized (nativeLock) {
            disconnected = true;
            try {
                if (connection.get(ADDRESS, 0).address() != 0) {
                    api.disconnect().invokeExact(connection);
                }
                if (parent == null && database.get(ADDRESS, 0).address() != 0) {
                    api.close().invokeExact(database);
                }
            } catch (Throwable e) {
                throw new DuckDbException("closing DuckDB failed: " + e, e);
            }
        }
    }
}
