// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.quiver.c.CData;
import dev.quiver.c.CDataException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A query's result read chunk by chunk: each DuckDB data chunk converted by DuckDB to an {@code ArrowArray}
 * ({@code duckdb_data_chunk_to_arrow}) and imported through the C Data interface without copying; the schema
 * from {@code duckdb_to_arrow_schema}. A batch stays valid after the reader is closed (its memory is
 * DuckDB's Arrow copy, released when the batch is unreachable).
 */
final class ResultReader implements RecordBatchReader {
    private final DuckDbApi api;
    private final DuckDbConnection owner;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment result;
    private final MemorySegment options;
    private final Schema schema;
    private DecimalRangeCheck ranges;
    private long rows;
    private boolean closed;
    /** Set when a later query on the connection ended this one's streaming result. */
    private volatile boolean superseded;

    /** Takes over {@code result} (destroyed on close or failure). */
    ResultReader(DuckDbApi api, DuckDbConnection owner, MemorySegment result) {
        this.api = api;
        this.owner = owner;
        this.result = arena.allocate(DuckDbApi.RESULT).copyFrom(result);
        try {
            this.options = (MemorySegment) api.resultGetArrowOptions().invokeExact(this.result);
            this.schema = readSchema();
        } catch (Throwable e) {
            close();
            throw e instanceof DuckDbException d ? d : new DuckDbException("reading a result's schema failed: " + e, e);
        }
    }

    private Schema readSchema() throws Throwable {
        long n = (long) api.columnCount().invokeExact(result);
        try (Arena local = Arena.ofConfined()) {
            MemorySegment types = local.allocate(ADDRESS, Math.max(n, 1));
            MemorySegment names = local.allocate(ADDRESS, Math.max(n, 1));
            StringBuilder columns = new StringBuilder();
            try {
                List<MemorySegment> typeList = new ArrayList<>();
                List<String> nameList = new ArrayList<>();
                for (long i = 0; i < n; i++) {
                    MemorySegment type = (MemorySegment) api.columnLogicalType().invokeExact(result, i);
                    types.setAtIndex(ADDRESS, i, type);
                    typeList.add(type);
                    MemorySegment name = (MemorySegment) api.columnName().invokeExact(result, i);
                    names.setAtIndex(ADDRESS, i, name);
                    nameList.add(DuckDbApi.string(name));
                    columns.append(i == 0 ? "" : ", ").append(DuckDbApi.string(name));
                }
                ranges = DecimalRangeCheck.of(api, typeList, nameList);
                MemorySegment out = local.allocate(CData.ARROW_SCHEMA);
                String error = api.errorMessage(
                        (MemorySegment) api.toArrowSchema().invokeExact(options, types, names, n, out), local);
                if (error != null) {
                    throw new DuckDbException("the result (columns " + columns + ") has a type without an Arrow "
                            + "form: " + error);
                }
                try {
                    return CData.importSchema(out);
                } catch (CDataException e) {
                    throw new DuckDbException("the result (columns " + columns + ") has a type Quiver cannot import: "
                            + e.getMessage(), e);
                }
            } finally {
                for (long i = 0; i < n; i++) {
                    MemorySegment holder = types.asSlice(i * ADDRESS.byteSize(), ADDRESS.byteSize());
                    if (holder.get(ADDRESS, 0).address() != 0) {
                        api.destroyLogicalType().invokeExact(holder);
                    }
                }
            }
        }
    }

    @Override
    public Schema schema() {
        return schema;
    }

    /** The connection started another query: DuckDB drops this result's stream. */
    void supersede() {
        superseded = true;
    }

    @Override
    public Optional<RecordBatch> readNext() {
        Optional<RecordBatch> next = next();
        if (next.isEmpty()) {
            owner.ended(this);
        }
        return next;
    }

    private synchronized Optional<RecordBatch> next() {
        if (closed) {
            throw new IllegalStateException("the DuckDB result is closed");
        }
        if (superseded) {
            throw new IllegalStateException("the DuckDB result was ended by a later query on the connection; read "
                    + "a result to its end before the next query");
        }
        try (Arena local = Arena.ofConfined()) {
            MemorySegment chunk = (MemorySegment) api.fetchChunk().invokeExact(result);
            if (chunk.address() == 0) {
                String error = DuckDbApi.string((MemorySegment) api.resultError().invokeExact(result));
                if (error != null) {
                    throw new DuckDbException(DuckDbApi.readable(error));
                }
                return Optional.empty();
            }
            MemorySegment out = local.allocate(CData.ARROW_ARRAY);
            String error;
            try {
                error = api.errorMessage(
                        (MemorySegment) api.dataChunkToArrow().invokeExact(options, chunk, out), local);
            } finally {
                MemorySegment holder = local.allocate(ADDRESS);
                holder.set(ADDRESS, 0, chunk);
                api.destroyDataChunk().invokeExact(holder);
            }
            if (error != null) {
                throw new DuckDbException("converting a result chunk to Arrow failed: " + error);
            }
            RecordBatch batch = CData.importBatch(out, schema).value();
            ranges.check(batch, rows);
            rows += batch.rowCount();
            return Optional.of(batch);
        } catch (DuckDbException | CDataException e) {
            throw e;
        } catch (Throwable e) {
            throw new DuckDbException("reading a result chunk failed: " + e, e);
        }
    }

    /** Destroys the DuckDB result; batches read stay valid. Twice does nothing. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (options != null) {
                MemorySegment holder = arena.allocate(ADDRESS);
                holder.set(ADDRESS, 0, options);
                api.destroyArrowOptions().invokeExact(holder);
            }
            api.destroyResult().invokeExact(result);
        } catch (Throwable e) {
            throw new DuckDbException("destroying a DuckDB result failed: " + e, e);
        } finally {
            arena.close();
            owner.closed(this);
        }
    }
}
