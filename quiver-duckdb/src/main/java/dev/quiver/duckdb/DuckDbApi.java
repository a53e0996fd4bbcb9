// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The functions of DuckDB's C API that Quiver calls, as downcall handles on the loaded library. Loaded on
 * first use; a library that cannot be found or loaded is a {@link DuckDbException} at every use (never an
 * error that poisons the class).
 */
final class DuckDbApi {
    /** {@code duckdb_state}: success. */
    static final int SUCCESS = 0;
    /** A C string of unbounded length (read up to its NUL). */
    static final AddressLayout C_STRING = ADDRESS.withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE,
            java.lang.foreign.ValueLayout.JAVA_BYTE));
    /** {@code duckdb_result}: five deprecated fields and the internal data (passed by value to fetch). */
    static final StructLayout RESULT = MemoryLayout.structLayout(JAVA_LONG.withName("deprecated_column_count"),
            JAVA_LONG.withName("deprecated_row_count"), JAVA_LONG.withName("deprecated_rows_changed"),
            ADDRESS.withName("deprecated_columns"), ADDRESS.withName("deprecated_error_message"),
            ADDRESS.withName("internal_data"));

    private static DuckDbApi instance;
    private static DuckDbException failure;

    final MethodHandle libraryVersion;
    final MethodHandle close;
    final MethodHandle connect;
    final MethodHandle disconnect;
    final MethodHandle destroyResult;
    final MethodHandle resultError;
    final MethodHandle columnCount;
    final MethodHandle columnName;
    final MethodHandle columnLogicalType;
    final MethodHandle destroyLogicalType;
    final MethodHandle fetchChunk;
    final MethodHandle destroyDataChunk;
    final MethodHandle resultGetArrowOptions;
    final MethodHandle destroyArrowOptions;
    final MethodHandle toArrowSchema;
    final MethodHandle dataChunkToArrow;
    final MethodHandle errorDataHasError;
    final MethodHandle errorDataMessage;
    final MethodHandle destroyErrorData;
    final MethodHandle arrowScan;
    final MethodHandle addReplacementScan;
    final MethodHandle getTypeId;
    final MethodHandle extractStatements;
    final MethodHandle prepareExtracted;
    final MethodHandle extractError;
    final MethodHandle destroyExtracted;
    final MethodHandle executePreparedStreaming;
    final MethodHandle prepareError;
    final MethodHandle nparams;
    final MethodHandle destroyPrepare;
    final MethodHandle executePrepared;
    final MethodHandle bindNull;
    final MethodHandle bindBoolean;
    final MethodHandle bindInt32;
    final MethodHandle bindInt64;
    final MethodHandle bindDouble;
    final MethodHandle bindVarcharLength;
    final MethodHandle bindBlob;
    final MethodHandle bindDate;
    final MethodHandle openExt;
    final MethodHandle createConfig;
    final MethodHandle setConfig;
    final MethodHandle destroyConfig;
    final MethodHandle free;
    final MethodHandle listTypeChildType;
    final MethodHandle arrayTypeChildType;
    final MethodHandle mapTypeKeyType;
    final MethodHandle mapTypeValueType;
    final MethodHandle structTypeChildCount;
    final MethodHandle structTypeChildType;
    final MethodHandle unionTypeMemberCount;
    final MethodHandle unionTypeMemberType;

    private DuckDbApi(SymbolLookup lookup) {
        Linker linker = Linker.nativeLinker();
        Binder b = new Binder(lookup, linker);
        libraryVersion = b.bind("duckdb_library_version", FunctionDescriptor.of(C_STRING));
        close = b.bind("duckdb_close", FunctionDescriptor.ofVoid(ADDRESS));
        connect = b.bind("duckdb_connect", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        disconnect = b.bind("duckdb_disconnect", FunctionDescriptor.ofVoid(ADDRESS));
        destroyResult = b.bind("duckdb_destroy_result", FunctionDescriptor.ofVoid(ADDRESS));
        resultError = b.bind("duckdb_result_error", FunctionDescriptor.of(C_STRING, ADDRESS));
        columnCount = b.bind("duckdb_column_count", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        columnName = b.bind("duckdb_column_name", FunctionDescriptor.of(C_STRING, ADDRESS, JAVA_LONG));
        columnLogicalType = b.bind("duckdb_column_logical_type", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
        destroyLogicalType = b.bind("duckdb_destroy_logical_type", FunctionDescriptor.ofVoid(ADDRESS));
        fetchChunk = b.bind("duckdb_fetch_chunk", FunctionDescriptor.of(ADDRESS, RESULT));
        destroyDataChunk = b.bind("duckdb_destroy_data_chunk", FunctionDescriptor.ofVoid(ADDRESS));
        resultGetArrowOptions = b.bind("duckdb_result_get_arrow_options", FunctionDescriptor.of(ADDRESS, ADDRESS));
        destroyArrowOptions = b.bind("duckdb_destroy_arrow_options", FunctionDescriptor.ofVoid(ADDRESS));
        toArrowSchema = b.bind("duckdb_to_arrow_schema",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
        dataChunkToArrow = b.bind("duckdb_data_chunk_to_arrow",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        errorDataHasError = b.bind("duckdb_error_data_has_error", FunctionDescriptor.of(JAVA_BOOLEAN, ADDRESS));
        errorDataMessage = b.bind("duckdb_error_data_message", FunctionDescriptor.of(C_STRING, ADDRESS));
        destroyErrorData = b.bind("duckdb_destroy_error_data", FunctionDescriptor.ofVoid(ADDRESS));
        arrowScan = b.bind("duckdb_arrow_scan", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        addReplacementScan = b.bind("duckdb_add_replacement_scan",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        openExt = b.bind("duckdb_open_ext", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        createConfig = b.bind("duckdb_create_config", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        setConfig = b.bind("duckdb_set_config", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        destroyConfig = b.bind("duckdb_destroy_config", FunctionDescriptor.ofVoid(ADDRESS));
        free = b.bind("duckdb_free", FunctionDescriptor.ofVoid(ADDRESS));
        extractStatements = b.bind("duckdb_extract_statements", FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS,
                ADDRESS));
        prepareExtracted = b.bind("duckdb_prepare_extracted_statement", FunctionDescriptor.of(JAVA_INT, ADDRESS,
                ADDRESS, JAVA_LONG, ADDRESS));
        extractError = b.bind("duckdb_extract_statements_error", FunctionDescriptor.of(C_STRING, ADDRESS));
        destroyExtracted = b.bind("duckdb_destroy_extracted", FunctionDescriptor.ofVoid(ADDRESS));
        executePreparedStreaming = b.bind("duckdb_execute_prepared_streaming", FunctionDescriptor.of(JAVA_INT,
                ADDRESS, ADDRESS));
        prepareError = b.bind("duckdb_prepare_error", FunctionDescriptor.of(C_STRING, ADDRESS));
        nparams = b.bind("duckdb_nparams", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        destroyPrepare = b.bind("duckdb_destroy_prepare", FunctionDescriptor.ofVoid(ADDRESS));
        executePrepared = b.bind("duckdb_execute_prepared", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        bindNull = b.bind("duckdb_bind_null", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        bindBoolean = b.bind("duckdb_bind_boolean", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_BOOLEAN));
        bindInt32 = b.bind("duckdb_bind_int32", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
        bindInt64 = b.bind("duckdb_bind_int64", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
        bindDouble = b.bind("duckdb_bind_double", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG,
                JAVA_DOUBLE));
        bindVarcharLength = b.bind("duckdb_bind_varchar_length",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
        bindBlob = b.bind("duckdb_bind_blob", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
        bindDate = b.bind("duckdb_bind_date", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG,
                MemoryLayout.structLayout(JAVA_INT.withName("days"))));
        getTypeId = b.bind("duckdb_get_type_id", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        listTypeChildType = b.bind("duckdb_list_type_child_type", FunctionDescriptor.of(ADDRESS, ADDRESS));
        arrayTypeChildType = b.bind("duckdb_array_type_child_type", FunctionDescriptor.of(ADDRESS, ADDRESS));
        mapTypeKeyType = b.bind("duckdb_map_type_key_type", FunctionDescriptor.of(ADDRESS, ADDRESS));
        mapTypeValueType = b.bind("duckdb_map_type_value_type", FunctionDescriptor.of(ADDRESS, ADDRESS));
        structTypeChildCount = b.bind("duckdb_struct_type_child_count", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        structTypeChildType = b.bind("duckdb_struct_type_child_type",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
        unionTypeMemberCount = b.bind("duckdb_union_type_member_count", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        unionTypeMemberType = b.bind("duckdb_union_type_member_type",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
    }

    /** Looks symbols up and makes their downcall handles. */
    private record Binder(SymbolLookup lookup, Linker linker) {
        MethodHandle bind(String name, FunctionDescriptor descriptor) {
            MemorySegment symbol = lookup.find(name).orElseThrow(() -> new DuckDbException(
                    "DuckDB's native library does not export " + name + " (a DuckDB older than 1.4?)"));
            return linker.downcallHandle(symbol, descriptor);
        }
    }

    /**
     * The API, loading the library on first use.
     *
     * @throws DuckDbException if the library is missing, cannot be loaded or lacks a function
     */
    static synchronized DuckDbApi get() {
        if (instance == null) {
            if (failure != null) {
                throw new DuckDbException(failure.getMessage(), failure);
            }
            try {
                instance = new DuckDbApi(NativeLibrary.load());
            } catch (DuckDbException e) {
                failure = e;
                throw e;
            }
        }
        return instance;
    }

    /** A C string returned by DuckDB as a Java string; null for the null pointer. */
    static String string(MemorySegment s) {
        return s.address() == 0 ? null : s.getString(0);
    }

    private static final java.util.regex.Pattern JSON_ERROR = java.util.regex.Pattern.compile(
            "\\{\"exception_type\":\"([^\"\\\\]*)\",\"exception_message\":\"([^\"\\\\]*)\".*\\}");

    /**
     * An error message as DuckDB's {@code Type Error: message} where DuckDB gave it as its JSON form
     * ({@code {"exception_type":...,"exception_message":...}}); any other text as it is.
     */
    static String readable(String message) {
        java.util.regex.Matcher m = JSON_ERROR.matcher(message);
        return m.matches() ? m.group(1) + " Error: " + m.group(2) : message;
    }

    /**
     * Consumes a {@code duckdb_error_data}: null if there is no error, else its message; destroys it.
     */
    String errorMessage(MemorySegment errorData, java.lang.foreign.Arena arena) throws Throwable {
        if (errorData.address() == 0) {
            return null;
        }
        try {
            if (!(boolean) errorDataHasError.invokeExact(errorData)) {
                return null;
            }
            String message = string((MemorySegment) errorDataMessage.invokeExact(errorData));
            return message == null ? "unknown error" : readable(message);
        } finally {
            MemorySegment holder = arena.allocate(ADDRESS);
            holder.set(ADDRESS, 0, errorData);
            destroyErrorData.invokeExact(holder);
        }
    }
}
