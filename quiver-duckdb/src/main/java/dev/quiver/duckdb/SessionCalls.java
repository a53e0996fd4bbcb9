// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The calls of DuckDB's C API behind connections shared by sessions: {@code duckdb_interrupt}, and the
 * declared types of a prepared statement's parameters ({@code duckdb_param_type},
 * {@code duckdb_param_logical_type}) with the connection's Arrow options for their Arrow form. Bound on first
 * use, on the library {@link DuckDbApi} loaded.
 */
final class SessionCalls {
    private static SessionCalls instance;

    final MethodHandle interrupt;
    final MethodHandle paramType;
    final MethodHandle paramLogicalType;
    final MethodHandle connectionArrowOptions;

    private SessionCalls(SymbolLookup lookup) {
        Linker linker = Linker.nativeLinker();
        interrupt = bind(lookup, linker, "duckdb_interrupt", FunctionDescriptor.ofVoid(ADDRESS));
        paramType = bind(lookup, linker, "duckdb_param_type", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        paramLogicalType = bind(lookup, linker, "duckdb_param_logical_type",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
        connectionArrowOptions = bind(lookup, linker, "duckdb_connection_get_arrow_options",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    private static MethodHandle bind(SymbolLookup lookup, Linker linker, String name, FunctionDescriptor descriptor) {
        MemorySegment symbol = lookup.find(name).orElseThrow(() -> new DuckDbException(
                "DuckDB's native library does not export " + name + " (a DuckDB older than 1.4?)"));
        return linker.downcallHandle(symbol, descriptor);
    }

    /**
     * The calls, binding them on first use.
     *
     * @throws DuckDbException if the library is missing, cannot be loaded or lacks a function
     */
    static synchronized SessionCalls get() {
        if (instance == null) {
            DuckDbApi.get();
            instance = new SessionCalls(NativeLibrary.load());
        }
        return instance;
    }
}
