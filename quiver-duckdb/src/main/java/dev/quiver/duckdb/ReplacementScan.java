// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * DuckDB's replacement scan, called while binding a query for each table name not in the catalog (such as
 * {@code 'data.arrow'} in {@code FROM 'data.arrow'}). It only notes the name: the connection then asks its
 * resolver for a reader, registers it under that name and runs the query again (registering from inside
 * the callback would re-enter the connection that is binding).
 */
final class ReplacementScan {
    private static final Map<Long, List<String>> MISSING = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong();
    /**
     * The most names noted for a database between two queries of the connection that opened it (the
     * queries of connections made by {@link DuckDbConnection#connect()} are noted there too).
     */
    private static final int MAX_NOTED = 256;
    /** The callback, {@code void (*)(duckdb_replacement_scan_info, const char *, void *)}. */
    static final MemorySegment CALLBACK = stub();

    private ReplacementScan() {
    }

    private static MemorySegment stub() {
        try {
            return Linker.nativeLinker().upcallStub(MethodHandles.lookup().findStatic(ReplacementScan.class, "replace",
                    MethodType.methodType(void.class, MemorySegment.class, MemorySegment.class, MemorySegment.class)),
                    FunctionDescriptor.ofVoid(ADDRESS, DuckDbApi.C_STRING, ADDRESS), Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A new id for a connection's notes, passed to DuckDB as the callback's data. */
    static long open() {
        long id = IDS.incrementAndGet();
        MISSING.put(id, new ArrayList<>());
        return id;
    }

    /** Forgets a connection's notes. */
    static void close(long id) {
        MISSING.remove(id);
    }

    /** The names noted for a connection since the last call, and forgets them. */
    static List<String> take(long id) {
        List<String> names = MISSING.get(id);
        if (names == null) {
            return List.of();
        }
        synchronized (names) {
            List<String> out = List.copyOf(names);
            names.clear();
            return out;
        }
    }

    static void replace(MemorySegment info, MemorySegment tableName, MemorySegment data) {
        try {
            List<String> names = MISSING.get(data.address());
            String name = DuckDbApi.string(tableName);
            if (names != null && name != null) {
                synchronized (names) {
                    if (names.size() < MAX_NOTED) {
                        names.add(name);
                    }
                }
            }
        } catch (Throwable e) {
            // Nothing may leave an upcall; an unnoted name is only an unknown table.
        }
    }
}
