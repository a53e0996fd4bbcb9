// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.quiver.c.CData;
import dev.quiver.core.type.Schema;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * DuckDB's conversion plan for batches of one schema ({@code duckdb_arrow_converted_schema}, made by
 * {@code duckdb_schema_from_arrow}), which {@code duckdb_data_chunk_from_arrow} needs; destroyed on close.
 */
final class ConvertedSchema implements AutoCloseable {
    private static final long RELEASE_AT = CData.ARROW_SCHEMA.byteOffset(PathElement.groupElement("release"));
    private static final MethodHandle CALL_RELEASE = Linker.nativeLinker().downcallHandle(
            FunctionDescriptor.ofVoid(ADDRESS));
    private final DuckDbApi api;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment holder = arena.allocate(ADDRESS);

    /**
     * Converts {@code schema} (of table {@code table}, named in errors) on {@code connection}.
     *
     * @throws DuckDbException if DuckDB cannot convert a type of the schema
     */
    ConvertedSchema(DuckDbApi api, MemorySegment connection, Schema schema, String table) {
        this.api = api;
        try (Arena local = Arena.ofConfined()) {
            MemorySegment exported = local.allocate(CData.ARROW_SCHEMA);
            CData.exportSchema(schema, exported);
            String error;
            try {
                error = api.errorMessage(
                        (MemorySegment) api.schemaFromArrow().invokeExact(connection, exported, holder),
                        local);
            } finally {
                MemorySegment release = exported.get(ADDRESS, RELEASE_AT);
                if (release.address() != 0) {
                    CALL_RELEASE.invokeExact(release, exported);
                }
            }
            if (error != null) {
                close();
                throw new DuckDbException("DuckDB cannot scan table " + table + ": " + error);
            }
        } catch (DuckDbException e) {
            throw e;
        } catch (Throwable e) {
            close();
            throw new DuckDbException("converting the schema of table " + table + " failed: " + e, e);
        }
    }

    /** The {@code duckdb_arrow_converted_schema}. */
    MemorySegment handle() {
        return holder.get(ADDRESS, 0);
    }

    @Override
    public void close() {
        if (!arena.scope().isAlive()) {
            return;
        }
        try {
            if (holder.get(ADDRESS, 0).address() != 0) {
                api.destroyArrowConvertedSchema().invokeExact(holder);
            }
        } catch (Throwable e) {
            throw new DuckDbException("destroying a converted schema failed: " + e, e);
        } finally {
            arena.close();
        }
    }
}
