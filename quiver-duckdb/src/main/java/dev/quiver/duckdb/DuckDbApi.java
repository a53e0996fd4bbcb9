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
    final MethodHandle createTableFunction;
    final MethodHandle destroyTableFunction;
    final MethodHandle tableFunctionSetName;
    final MethodHandle tableFunctionAddParameter;
    final MethodHandle tableFunctionSetBind;
    final MethodHandle tableFunctionSetInit;
    final MethodHandle tableFunctionSetLocalInit;
    final MethodHandle tableFunctionSetFunction;
    final MethodHandle tableFunctionSupportsProjectionPushdown;
    final MethodHandle registerTableFunction;
    final MethodHandle tableFunctionSetExtraInfo;
    final MethodHandle bindGetExtraInfo;
    final MethodHandle createLogicalType;
    final MethodHandle bindGetParameter;
    final MethodHandle getInt64;
    final MethodHandle destroyValue;
    final MethodHandle bindAddResultColumn;
    final MethodHandle bindSetBindData;
    final MethodHandle bindSetError;
    final MethodHandle bindGetClientContext;
    final MethodHandle connectionGetClientContext;
    final MethodHandle clientContextConnectionId;
    final MethodHandle destroyClientContext;
    final MethodHandle initGetBindData;
    final MethodHandle initSetInitData;
    final MethodHandle initGetColumnCount;
    final MethodHandle initGetColumnIndex;
    final MethodHandle initSetMaxThreads;
    final MethodHandle initSetError;
    final MethodHandle functionGetInitData;
    final MethodHandle functionGetLocalInitData;
    final MethodHandle functionSetError;
    final MethodHandle dataChunkGetVector;
    final MethodHandle dataChunkGetSize;
    final MethodHandle dataChunkSetSize;
    final MethodHandle vectorGetColumnType;
    final MethodHandle vectorCopySel;
    final MethodHandle vectorGetData;
    final MethodHandle vectorGetValidity;
    final MethodHandle vectorEnsureValidityWritable;
    final MethodHandle vectorAssignStringElementLen;
    final MethodHandle createSelectionVector;
    final MethodHandle destroySelectionVector;
    final MethodHandle selectionVectorData;
    final MethodHandle schemaFromArrow;
    final MethodHandle dataChunkFromArrow;
    final MethodHandle destroyArrowConvertedSchema;

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
        FunctionDescriptor voidOfAddress = FunctionDescriptor.ofVoid(ADDRESS);
        FunctionDescriptor voidOfTwo = FunctionDescriptor.ofVoid(ADDRESS, ADDRESS);
        createTableFunction = b.bind("duckdb_create_table_function", FunctionDescriptor.of(ADDRESS));
        destroyTableFunction = b.bind("duckdb_destroy_table_function", voidOfAddress);
        tableFunctionSetName = b.bind("duckdb_table_function_set_name", voidOfTwo);
        tableFunctionAddParameter = b.bind("duckdb_table_function_add_parameter", voidOfTwo);
        tableFunctionSetBind = b.bind("duckdb_table_function_set_bind", voidOfTwo);
        tableFunctionSetInit = b.bind("duckdb_table_function_set_init", voidOfTwo);
        tableFunctionSetLocalInit = b.bind("duckdb_table_function_set_local_init", voidOfTwo);
        tableFunctionSetFunction = b.bind("duckdb_table_function_set_function", voidOfTwo);
        tableFunctionSupportsProjectionPushdown = b.bind("duckdb_table_function_supports_projection_pushdown",
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_BOOLEAN));
        registerTableFunction = b.bind("duckdb_register_table_function",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        tableFunctionSetExtraInfo = b.bind("duckdb_table_function_set_extra_info",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
        bindGetExtraInfo = b.bind("duckdb_bind_get_extra_info", FunctionDescriptor.of(ADDRESS, ADDRESS));
        createLogicalType = b.bind("duckdb_create_logical_type", FunctionDescriptor.of(ADDRESS, JAVA_INT));
        bindGetParameter = b.bind("duckdb_bind_get_parameter", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
        getInt64 = b.bind("duckdb_get_int64", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        destroyValue = b.bind("duckdb_destroy_value", voidOfAddress);
        bindAddResultColumn = b.bind("duckdb_bind_add_result_column",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
        bindSetBindData = b.bind("duckdb_bind_set_bind_data", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
        bindSetError = b.bind("duckdb_bind_set_error", voidOfTwo);
        bindGetClientContext = b.bind("duckdb_table_function_get_client_context", voidOfTwo);
        connectionGetClientContext = b.bind("duckdb_connection_get_client_context", voidOfTwo);
        clientContextConnectionId = b.bind("duckdb_client_context_get_connection_id",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        destroyClientContext = b.bind("duckdb_destroy_client_context", voidOfAddress);
        initGetBindData = b.bind("duckdb_init_get_bind_data", FunctionDescriptor.of(ADDRESS, ADDRESS));
        initSetInitData = b.bind("duckdb_init_set_init_data", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
        initGetColumnCount = b.bind("duckdb_init_get_column_count", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        initGetColumnIndex = b.bind("duckdb_init_get_column_index",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG));
        initSetMaxThreads = b.bind("duckdb_init_set_max_threads", FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));
        initSetError = b.bind("duckdb_init_set_error", voidOfTwo);
        functionGetInitData = b.bind("duckdb_function_get_init_data", FunctionDescriptor.of(ADDRESS, ADDRESS));
        functionGetLocalInitData = b.bind("duckdb_function_get_local_init_data",
                FunctionDescriptor.of(ADDRESS, ADDRESS));
        functionSetError = b.bind("duckdb_function_set_error", voidOfTwo);
        dataChunkGetVector = b.bind("duckdb_data_chunk_get_vector", FunctionDescriptor.of(ADDRESS, ADDRESS,
                JAVA_LONG));
        dataChunkGetSize = b.bind("duckdb_data_chunk_get_size", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        dataChunkSetSize = b.bind("duckdb_data_chunk_set_size", FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));
        vectorGetColumnType = b.bind("duckdb_vector_get_column_type", FunctionDescriptor.of(ADDRESS, ADDRESS));
        vectorCopySel = b.bind("duckdb_vector_copy_sel", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS,
                JAVA_LONG, JAVA_LONG, JAVA_LONG));
        vectorGetData = b.bind("duckdb_vector_get_data", FunctionDescriptor.of(ADDRESS, ADDRESS));
        vectorGetValidity = b.bind("duckdb_vector_get_validity", FunctionDescriptor.of(ADDRESS, ADDRESS));
        vectorEnsureValidityWritable = b.bind("duckdb_vector_ensure_validity_writable", voidOfAddress);
        vectorAssignStringElementLen = b.bind("duckdb_vector_assign_string_element_len",
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
        createSelectionVector = b.bind("duckdb_create_selection_vector", FunctionDescriptor.of(ADDRESS, JAVA_LONG));
        destroySelectionVector = b.bind("duckdb_destroy_selection_vector", voidOfAddress);
        selectionVectorData = b.bind("duckdb_selection_vector_get_data_ptr", FunctionDescriptor.of(ADDRESS,
                ADDRESS));
        schemaFromArrow = b.bind("duckdb_schema_from_arrow", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS,
                ADDRESS));
        dataChunkFromArrow = b.bind("duckdb_data_chunk_from_arrow", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS,
                ADDRESS, ADDRESS));
        destroyArrowConvertedSchema = b.bind("duckdb_destroy_arrow_converted_schema", voidOfAddress);
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
