// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A table registered on a connection, as {@code quiver_scan(id)} scans it: its name, schema and DuckDB
 * column types, and where each scan's batches come from. A table with a <em>source</em> gives every scan a
 * new reader of the source; a table registered as one reader gives it to the first scan only, and refuses
 * any other (in the same query: "this query scans it twice"; in a later one: "an earlier query read it").
 */
final class ScanTable implements AutoCloseable {
    final long id;
    final String name;
    final Schema schema;
    /** The key of the registering connection's database (see {@link ScanFunction#register}). */
    final long database;
    /** The connection id DuckDB gives the registering connection: only its queries may scan the table. */
    final long owner;
    /** The registering connection's {@code duckdb_connection}. */
    final MemorySegment connection;
    /** The bytes of Arrow buffers handed to DuckDB by the scans of the registering connection. */
    final AtomicLong scannedBytes;
    /** Further connections (of {@link DuckDbConnection#connect()}) whose queries may scan the table too. */
    private final Set<Long> readers = ConcurrentHashMap.newKeySet();
    private final DuckDbApi api;
    private final Supplier<? extends RecordBatchReader> source;
    private final MemorySegment[] types;
    private RecordBatchReader once;
    private boolean claimed;
    private boolean consumed;
    private boolean closed;

    /**
     * The table {@code name} over {@code reader} (owned from now on: closed here) or, with a {@code source},
     * over the source's readers ({@code reader} then only gave the schema and is closed at once). DuckDB's
     * column types are those DuckDB's Arrow conversion gives the schema's fields.
     */
    ScanTable(DuckDbApi api, MemorySegment connection, long id, long database, long owner, AtomicLong scannedBytes,
            String name, RecordBatchReader reader, Supplier<? extends RecordBatchReader> source) {
        this.api = api;
        this.id = id;
        this.database = database;
        this.owner = owner;
        this.connection = connection;
        this.scannedBytes = scannedBytes;
        this.name = name;
        this.source = source;
        try {
            this.schema = reader.schema();
            this.types = columnTypes(api, connection, schema, name);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
        if (source == null) {
            once = reader;
        } else {
            reader.close();
        }
    }

    /**
     * DuckDB's types of the columns: an empty batch of the schema converted by DuckDB
     * ({@code duckdb_data_chunk_from_arrow}), and its vectors' types.
     */
    private static MemorySegment[] columnTypes(DuckDbApi api, MemorySegment connection, Schema schema,
            String name) {
        try (ConvertedSchema converted = new ConvertedSchema(api, connection, schema, name);
                ScanChunk chunk = new ScanChunk(api)) {
            chunk.convert(RecordBatch.ofRows(schema, List.of()), converted, connection, name);
            return chunk.types(schema.fields().size());
        } catch (DuckDbException e) {
            throw e;
        } catch (Throwable e) {
            throw new DuckDbException("registering table " + name + " failed: " + e, e);
        }
    }

    /** Whether a query of the connection with DuckDB's id {@code connectionId} may scan the table. */
    boolean mayScan(long connectionId) {
        return connectionId == owner || readers.contains(connectionId);
    }

    /** Lets (or, with {@code allowed} false, no longer lets) another connection's queries scan the table. */
    void allow(long connectionId, boolean allowed) {
        if (allowed) {
            readers.add(connectionId);
        } else {
            readers.remove(connectionId);
        }
    }

    /** DuckDB's type of column {@code i} (owned here). */
    MemorySegment type(int i) {
        return types[i];
    }

    /** How column {@code i} goes into DuckDB's vectors without DuckDB's conversion; null: converted. */
    VectorCopy directCopy(int i) throws Throwable {
        return VectorCopy.of(schema.fields().get(i).type(), (int) api.getTypeId().invokeExact(types[i]));
    }

    /**
     * A reader of the columns {@code columns} of the batches, for a new scan (the scan closes it).
     *
     * @throws DuckDbException if the table is a reader that a scan already took, or the source fails
     */
    synchronized RecordBatchReader open(int[] columns) {
        if (closed) {
            throw new DuckDbException("table " + name + " was unregistered");
        }
        if (source != null) {
            try {
                return Objects.requireNonNull(source instanceof ProjectingSource p ? p.open(columns)
                        : new SelectedReader(source.get(), columns), "the source gave no reader");
            } catch (RuntimeException e) {
                throw new DuckDbException("opening table " + name + " for a scan failed: " + e.getMessage(), e);
            }
        }
        if (claimed || consumed) {
            throw new DuckDbException("table " + name + " is a stream, read once: " + (consumed
                    ? "an earlier query read it" : "this query scans it twice") + "; register it again, or "
                    + "register a Table or a source of readers to scan it any number of times");
        }
        claimed = true;
        RecordBatchReader reader = once;
        once = null;
        return new SelectedReader(reader, columns);
    }

    /** After a query: a reader that a scan took is consumed. */
    synchronized void endQuery() {
        consumed |= claimed;
        claimed = false;
    }

    /** Closes a reader no scan took and destroys the column types; twice does nothing. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try (Arena local = Arena.ofConfined()) {
            MemorySegment holder = local.allocate(ADDRESS);
            for (MemorySegment type : types) {
                holder.set(ADDRESS, 0, type);
                api.destroyLogicalType().invokeExact(holder);
            }
        } catch (Throwable e) {
            throw new DuckDbException("releasing table " + name + " failed: " + e, e);
        } finally {
            if (once != null) {
                once.close();
            }
        }
    }
}
