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
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The functions of DuckDB's C API that Quiver calls, as downcall handles on the loaded library. The library
 * is loaded on first use; a library that cannot be found or loaded is a {@link DuckDbException} at every use
 * (never an error that poisons the class). Each function's handle is made at the first call of its accessor
 * (a holder class per function, its handle a constant the JIT compiles the call against): making a handle
 * runs the JDK linker's code, interpreted at a process's start, so a process pays only for the functions it
 * calls.
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
    private static final MethodHandle MISSING;

    static {
        try {
            MISSING = MethodHandles.lookup().findStatic(DuckDbApi.class, "missing",
                    MethodType.methodType(DuckDbException.class, String.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final SymbolLookup lookup;

    private DuckDbApi(SymbolLookup lookup) {
        this.lookup = lookup;
    }

    /**
     * The downcall handle of one function, made when its holder class is first initialized (the first call of
     * its accessor): a query makes only the handles it calls. A function the library lacks becomes a handle
     * that throws a {@link DuckDbException} naming it at each call, so no holder class fails to initialize.
     */
    static MethodHandle bind(String name, FunctionDescriptor descriptor) {
        MemorySegment symbol = get().lookup.find(name).orElse(null);
        if (symbol != null) {
            return Linker.nativeLinker().downcallHandle(symbol, descriptor);
        }
        MethodType type = descriptor.toMethodType();
        MethodHandle thrower = MethodHandles.filterReturnValue(MethodHandles.insertArguments(MISSING, 0, name),
                MethodHandles.throwException(type.returnType(), DuckDbException.class));
        return MethodHandles.dropArguments(thrower, 0, type.parameterList());
    }

    private static DuckDbException missing(String name) {
        return new DuckDbException("DuckDB's native library does not export " + name + " (a DuckDB older than 1.4?)");
    }

    /** {@code duckdb_library_version}. */
    MethodHandle libraryVersion() {
        return LibraryVersion.HANDLE;
    }

    private static final class LibraryVersion {
        static final MethodHandle HANDLE = bind("duckdb_library_version", FunctionDescriptor.of(C_STRING));
    }

    /** {@code duckdb_close}. */
    MethodHandle close() {
        return Close.HANDLE;
    }

    private static final class Close {
        static final MethodHandle HANDLE = bind("duckdb_close", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_connect}. */
    MethodHandle connect() {
        return Connect.HANDLE;
    }

    private static final class Connect {
        static final MethodHandle HANDLE = bind("duckdb_connect", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_disconnect}. */
    MethodHandle disconnect() {
        return Disconnect.HANDLE;
    }

    private static final class Disconnect {
        static final MethodHandle HANDLE = bind("duckdb_disconnect", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_destroy_result}. */
    MethodHandle destroyResult() {
        return DestroyResult.HANDLE;
    }

    private static final class DestroyResult {
        static final MethodHandle HANDLE = bind("duckdb_destroy_result", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_result_error}. */
    MethodHandle resultError() {
        return ResultError.HANDLE;
    }

    private static final class ResultError {
        static final MethodHandle HANDLE = bind("duckdb_result_error", FunctionDescriptor.of(C_STRING, ADDRESS));
    }

    /** {@code duckdb_column_count}. */
    MethodHandle columnCount() {
        return ColumnCount.HANDLE;
    }

    private static final class ColumnCount {
        static final MethodHandle HANDLE = bind("duckdb_column_count", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    }

    /** {@code duckdb_column_name}. */
    MethodHandle columnName() {
        return ColumnName.HANDLE;
    }

    private static final class ColumnName {
        static final MethodHandle HANDLE = bind("duckdb_column_name",
                FunctionDescriptor.of(C_STRING, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_column_logical_type}. */
    MethodHandle columnLogicalType() {
        return ColumnLogicalType.HANDLE;
    }

    private static final class ColumnLogicalType {
        static final MethodHandle HANDLE = bind("duckdb_column_logical_type",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_destroy_logical_type}. */
    MethodHandle destroyLogicalType() {
        return DestroyLogicalType.HANDLE;
    }

    private static final class DestroyLogicalType {
        static final MethodHandle HANDLE = bind("duckdb_destroy_logical_type", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_fetch_chunk}. */
    MethodHandle fetchChunk() {
        return FetchChunk.HANDLE;
    }

    private static final class FetchChunk {
        static final MethodHandle HANDLE = bind("duckdb_fetch_chunk", FunctionDescriptor.of(ADDRESS, RESULT));
    }

    /** {@code duckdb_destroy_data_chunk}. */
    MethodHandle destroyDataChunk() {
        return DestroyDataChunk.HANDLE;
    }

    private static final class DestroyDataChunk {
        static final MethodHandle HANDLE = bind("duckdb_destroy_data_chunk", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_result_get_arrow_options}. */
    MethodHandle resultGetArrowOptions() {
        return ResultGetArrowOptions.HANDLE;
    }

    private static final class ResultGetArrowOptions {
        static final MethodHandle HANDLE = bind("duckdb_result_get_arrow_options",
                FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_destroy_arrow_options}. */
    MethodHandle destroyArrowOptions() {
        return DestroyArrowOptions.HANDLE;
    }

    private static final class DestroyArrowOptions {
        static final MethodHandle HANDLE = bind("duckdb_destroy_arrow_options", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_to_arrow_schema}. */
    MethodHandle toArrowSchema() {
        return ToArrowSchema.HANDLE;
    }

    private static final class ToArrowSchema {
        static final MethodHandle HANDLE = bind("duckdb_to_arrow_schema",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    }

    /** {@code duckdb_data_chunk_to_arrow}. */
    MethodHandle dataChunkToArrow() {
        return DataChunkToArrow.HANDLE;
    }

    private static final class DataChunkToArrow {
        static final MethodHandle HANDLE = bind("duckdb_data_chunk_to_arrow",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_error_data_has_error}. */
    MethodHandle errorDataHasError() {
        return ErrorDataHasError.HANDLE;
    }

    private static final class ErrorDataHasError {
        static final MethodHandle HANDLE = bind("duckdb_error_data_has_error",
                FunctionDescriptor.of(JAVA_BOOLEAN, ADDRESS));
    }

    /** {@code duckdb_error_data_message}. */
    MethodHandle errorDataMessage() {
        return ErrorDataMessage.HANDLE;
    }

    private static final class ErrorDataMessage {
        static final MethodHandle HANDLE = bind("duckdb_error_data_message", FunctionDescriptor.of(C_STRING, ADDRESS));
    }

    /** {@code duckdb_destroy_error_data}. */
    MethodHandle destroyErrorData() {
        return DestroyErrorData.HANDLE;
    }

    private static final class DestroyErrorData {
        static final MethodHandle HANDLE = bind("duckdb_destroy_error_data", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_add_replacement_scan}. */
    MethodHandle addReplacementScan() {
        return AddReplacementScan.HANDLE;
    }

    private static final class AddReplacementScan {
        static final MethodHandle HANDLE = bind("duckdb_add_replacement_scan",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_open_ext}. */
    MethodHandle openExt() {
        return OpenExt.HANDLE;
    }

    private static final class OpenExt {
        static final MethodHandle HANDLE = bind("duckdb_open_ext",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_create_config}. */
    MethodHandle createConfig() {
        return CreateConfig.HANDLE;
    }

    private static final class CreateConfig {
        static final MethodHandle HANDLE = bind("duckdb_create_config", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    /** {@code duckdb_set_config}. */
    MethodHandle setConfig() {
        return SetConfig.HANDLE;
    }

    private static final class SetConfig {
        static final MethodHandle HANDLE = bind("duckdb_set_config",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_destroy_config}. */
    MethodHandle destroyConfig() {
        return DestroyConfig.HANDLE;
    }

    private static final class DestroyConfig {
        static final MethodHandle HANDLE = bind("duckdb_destroy_config", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_free}. */
    MethodHandle free() {
        return Free.HANDLE;
    }

    private static final class Free {
        static final MethodHandle HANDLE = bind("duckdb_free", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_extract_statements}. */
    MethodHandle extractStatements() {
        return ExtractStatements.HANDLE;
    }

    private static final class ExtractStatements {
        static final MethodHandle HANDLE = bind("duckdb_extract_statements",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_prepare_extracted_statement}. */
    MethodHandle prepareExtracted() {
        return PrepareExtracted.HANDLE;
    }

    private static final class PrepareExtracted {
        static final MethodHandle HANDLE = bind("duckdb_prepare_extracted_statement",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    }

    /** {@code duckdb_extract_statements_error}. */
    MethodHandle extractError() {
        return ExtractError.HANDLE;
    }

    private static final class ExtractError {
        static final MethodHandle HANDLE = bind("duckdb_extract_statements_error",
                FunctionDescriptor.of(C_STRING, ADDRESS));
    }

    /** {@code duckdb_destroy_extracted}. */
    MethodHandle destroyExtracted() {
        return DestroyExtracted.HANDLE;
    }

    private static final class DestroyExtracted {
        static final MethodHandle HANDLE = bind("duckdb_destroy_extracted", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_execute_prepared_streaming}. */
    MethodHandle executePreparedStreaming() {
        return ExecutePreparedStreaming.HANDLE;
    }

    private static final class ExecutePreparedStreaming {
        static final MethodHandle HANDLE = bind("duckdb_execute_prepared_streaming",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_prepare_error}. */
    MethodHandle prepareError() {
        return PrepareError.HANDLE;
    }

    private static final class PrepareError {
        static final MethodHandle HANDLE = bind("duckdb_prepare_error", FunctionDescriptor.of(C_STRING, ADDRESS));
    }

    /** {@code duckdb_nparams}. */
    MethodHandle nparams() {
        return Nparams.HANDLE;
    }

    private static final class Nparams {
        static final MethodHandle HANDLE = bind("duckdb_nparams", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    }

    /** {@code duckdb_destroy_prepare}. */
    MethodHandle destroyPrepare() {
        return DestroyPrepare.HANDLE;
    }

    private static final class DestroyPrepare {
        static final MethodHandle HANDLE = bind("duckdb_destroy_prepare", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_execute_prepared}. */
    MethodHandle executePrepared() {
        return ExecutePrepared.HANDLE;
    }

    private static final class ExecutePrepared {
        static final MethodHandle HANDLE = bind("duckdb_execute_prepared",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_bind_null}. */
    MethodHandle bindNull() {
        return BindNull.HANDLE;
    }

    private static final class BindNull {
        static final MethodHandle HANDLE = bind("duckdb_bind_null",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_bind_boolean}. */
    MethodHandle bindBoolean() {
        return BindBoolean.HANDLE;
    }

    private static final class BindBoolean {
        static final MethodHandle HANDLE = bind("duckdb_bind_boolean",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_BOOLEAN));
    }

    /** {@code duckdb_bind_int32}. */
    MethodHandle bindInt32() {
        return BindInt32.HANDLE;
    }

    private static final class BindInt32 {
        static final MethodHandle HANDLE = bind("duckdb_bind_int32",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    }

    /** {@code duckdb_bind_int64}. */
    MethodHandle bindInt64() {
        return BindInt64.HANDLE;
    }

    private static final class BindInt64 {
        static final MethodHandle HANDLE = bind("duckdb_bind_int64",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
    }

    /** {@code duckdb_bind_double}. */
    MethodHandle bindDouble() {
        return BindDouble.HANDLE;
    }

    private static final class BindDouble {
        static final MethodHandle HANDLE = bind("duckdb_bind_double",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_DOUBLE));
    }

    /** {@code duckdb_bind_varchar_length}. */
    MethodHandle bindVarcharLength() {
        return BindVarcharLength.HANDLE;
    }

    private static final class BindVarcharLength {
        static final MethodHandle HANDLE = bind("duckdb_bind_varchar_length",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_bind_blob}. */
    MethodHandle bindBlob() {
        return BindBlob.HANDLE;
    }

    private static final class BindBlob {
        static final MethodHandle HANDLE = bind("duckdb_bind_blob",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_bind_date}. */
    MethodHandle bindDate() {
        return BindDate.HANDLE;
    }

    private static final class BindDate {
        static final MethodHandle HANDLE = bind("duckdb_bind_date", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG,
                MemoryLayout.structLayout(JAVA_INT.withName("days"))));
    }

    /** {@code duckdb_get_type_id}. */
    MethodHandle getTypeId() {
        return GetTypeId.HANDLE;
    }

    private static final class GetTypeId {
        static final MethodHandle HANDLE = bind("duckdb_get_type_id", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    /** {@code duckdb_list_type_child_type}. */
    MethodHandle listTypeChildType() {
        return ListTypeChildType.HANDLE;
    }

    private static final class ListTypeChildType {
        static final MethodHandle HANDLE = bind("duckdb_list_type_child_type", FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_array_type_child_type}. */
    MethodHandle arrayTypeChildType() {
        return ArrayTypeChildType.HANDLE;
    }

    private static final class ArrayTypeChildType {
        static final MethodHandle HANDLE = bind("duckdb_array_type_child_type",
                FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_map_type_key_type}. */
    MethodHandle mapTypeKeyType() {
        return MapTypeKeyType.HANDLE;
    }

    private static final class MapTypeKeyType {
        static final MethodHandle HANDLE = bind("duckdb_map_type_key_type", FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_map_type_value_type}. */
    MethodHandle mapTypeValueType() {
        return MapTypeValueType.HANDLE;
    }

    private static final class MapTypeValueType {
        static final MethodHandle HANDLE = bind("duckdb_map_type_value_type", FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_struct_type_child_count}. */
    MethodHandle structTypeChildCount() {
        return StructTypeChildCount.HANDLE;
    }

    private static final class StructTypeChildCount {
        static final MethodHandle HANDLE = bind("duckdb_struct_type_child_count",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    }

    /** {@code duckdb_struct_type_child_type}. */
    MethodHandle structTypeChildType() {
        return StructTypeChildType.HANDLE;
    }

    private static final class StructTypeChildType {
        static final MethodHandle HANDLE = bind("duckdb_struct_type_child_type",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_union_type_member_count}. */
    MethodHandle unionTypeMemberCount() {
        return UnionTypeMemberCount.HANDLE;
    }

    private static final class UnionTypeMemberCount {
        static final MethodHandle HANDLE = bind("duckdb_union_type_member_count",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    }

    /** {@code duckdb_union_type_member_type}. */
    MethodHandle unionTypeMemberType() {
        return UnionTypeMemberType.HANDLE;
    }

    private static final class UnionTypeMemberType {
        static final MethodHandle HANDLE = bind("duckdb_union_type_member_type",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_create_table_function}. */
    MethodHandle createTableFunction() {
        return CreateTableFunction.HANDLE;
    }

    private static final class CreateTableFunction {
        static final MethodHandle HANDLE = bind("duckdb_create_table_function", FunctionDescriptor.of(ADDRESS));
    }

    /** {@code duckdb_destroy_table_function}. */
    MethodHandle destroyTableFunction() {
        return DestroyTableFunction.HANDLE;
    }

    private static final class DestroyTableFunction {
        static final MethodHandle HANDLE = bind("duckdb_destroy_table_function", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_table_function_set_name}. */
    MethodHandle tableFunctionSetName() {
        return TableFunctionSetName.HANDLE;
    }

    private static final class TableFunctionSetName {
        static final MethodHandle HANDLE = bind("duckdb_table_function_set_name",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_table_function_add_parameter}. */
    MethodHandle tableFunctionAddParameter() {
        return TableFunctionAddParameter.HANDLE;
    }

    private static final class TableFunctionAddParameter {
        static final MethodHandle HANDLE = bind("duckdb_table_function_add_parameter",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_table_function_set_bind}. */
    MethodHandle tableFunctionSetBind() {
        return TableFunctionSetBind.HANDLE;
    }

    private static final class TableFunctionSetBind {
        static final MethodHandle HANDLE = bind("duckdb_table_function_set_bind",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_table_function_set_init}. */
    MethodHandle tableFunctionSetInit() {
        return TableFunctionSetInit.HANDLE;
    }

    private static final class TableFunctionSetInit {
        static final MethodHandle HANDLE = bind("duckdb_table_function_set_init",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_table_function_set_local_init}. */
    MethodHandle tableFunctionSetLocalInit() {
        return TableFunctionSetLocalInit.HANDLE;
    }

    private static final class TableFunctionSetLocalInit {
        static final MethodHandle HANDLE = bind("duckdb_table_function_set_local_init",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_table_function_set_function}. */
    MethodHandle tableFunctionSetFunction() {
        return TableFunctionSetFunction.HANDLE;
    }

    private static final class TableFunctionSetFunction {
        static final MethodHandle HANDLE = bind("duckdb_table_function_set_function",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_table_function_supports_projection_pushdown}. */
    MethodHandle tableFunctionSupportsProjectionPushdown() {
        return TableFunctionSupportsProjectionPushdown.HANDLE;
    }

    private static final class TableFunctionSupportsProjectionPushdown {
        static final MethodHandle HANDLE = bind("duckdb_table_function_supports_projection_pushdown",
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_BOOLEAN));
    }

    /** {@code duckdb_register_table_function}. */
    MethodHandle registerTableFunction() {
        return RegisterTableFunction.HANDLE;
    }

    private static final class RegisterTableFunction {
        static final MethodHandle HANDLE = bind("duckdb_register_table_function",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_table_function_set_extra_info}. */
    MethodHandle tableFunctionSetExtraInfo() {
        return TableFunctionSetExtraInfo.HANDLE;
    }

    private static final class TableFunctionSetExtraInfo {
        static final MethodHandle HANDLE = bind("duckdb_table_function_set_extra_info",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_bind_get_extra_info}. */
    MethodHandle bindGetExtraInfo() {
        return BindGetExtraInfo.HANDLE;
    }

    private static final class BindGetExtraInfo {
        static final MethodHandle HANDLE = bind("duckdb_bind_get_extra_info", FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_create_logical_type}. */
    MethodHandle createLogicalType() {
        return CreateLogicalType.HANDLE;
    }

    private static final class CreateLogicalType {
        static final MethodHandle HANDLE = bind("duckdb_create_logical_type", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    }

    /** {@code duckdb_bind_get_parameter}. */
    MethodHandle bindGetParameter() {
        return BindGetParameter.HANDLE;
    }

    private static final class BindGetParameter {
        static final MethodHandle HANDLE = bind("duckdb_bind_get_parameter",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_get_int64}. */
    MethodHandle getInt64() {
        return GetInt64.HANDLE;
    }

    private static final class GetInt64 {
        static final MethodHandle HANDLE = bind("duckdb_get_int64", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    }

    /** {@code duckdb_destroy_value}. */
    MethodHandle destroyValue() {
        return DestroyValue.HANDLE;
    }

    private static final class DestroyValue {
        static final MethodHandle HANDLE = bind("duckdb_destroy_value", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_bind_add_result_column}. */
    MethodHandle bindAddResultColumn() {
        return BindAddResultColumn.HANDLE;
    }

    private static final class BindAddResultColumn {
        static final MethodHandle HANDLE = bind("duckdb_bind_add_result_column",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_bind_set_bind_data}. */
    MethodHandle bindSetBindData() {
        return BindSetBindData.HANDLE;
    }

    private static final class BindSetBindData {
        static final MethodHandle HANDLE = bind("duckdb_bind_set_bind_data",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_bind_set_error}. */
    MethodHandle bindSetError() {
        return BindSetError.HANDLE;
    }

    private static final class BindSetError {
        static final MethodHandle HANDLE = bind("duckdb_bind_set_error", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_table_function_get_client_context}. */
    MethodHandle bindGetClientContext() {
        return BindGetClientContext.HANDLE;
    }

    private static final class BindGetClientContext {
        static final MethodHandle HANDLE = bind("duckdb_table_function_get_client_context",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_connection_get_client_context}. */
    MethodHandle connectionGetClientContext() {
        return ConnectionGetClientContext.HANDLE;
    }

    private static final class ConnectionGetClientContext {
        static final MethodHandle HANDLE = bind("duckdb_connection_get_client_context",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_client_context_get_connection_id}. */
    MethodHandle clientContextConnectionId() {
        return ClientContextConnectionId.HANDLE;
    }

    private static final class ClientContextConnectionId {
        static final MethodHandle HANDLE = bind("duckdb_client_context_get_connection_id",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    }

    /** {@code duckdb_destroy_client_context}. */
    MethodHandle destroyClientContext() {
        return DestroyClientContext.HANDLE;
    }

    private static final class DestroyClientContext {
        static final MethodHandle HANDLE = bind("duckdb_destroy_client_context", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_init_get_bind_data}. */
    MethodHandle initGetBindData() {
        return InitGetBindData.HANDLE;
    }

    private static final class InitGetBindData {
        static final MethodHandle HANDLE = bind("duckdb_init_get_bind_data", FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_init_set_init_data}. */
    MethodHandle initSetInitData() {
        return InitSetInitData.HANDLE;
    }

    private static final class InitSetInitData {
        static final MethodHandle HANDLE = bind("duckdb_init_set_init_data",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_init_get_column_count}. */
    MethodHandle initGetColumnCount() {
        return InitGetColumnCount.HANDLE;
    }

    private static final class InitGetColumnCount {
        static final MethodHandle HANDLE = bind("duckdb_init_get_column_count",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    }

    /** {@code duckdb_init_get_column_index}. */
    MethodHandle initGetColumnIndex() {
        return InitGetColumnIndex.HANDLE;
    }

    private static final class InitGetColumnIndex {
        static final MethodHandle HANDLE = bind("duckdb_init_get_column_index",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_init_set_max_threads}. */
    MethodHandle initSetMaxThreads() {
        return InitSetMaxThreads.HANDLE;
    }

    private static final class InitSetMaxThreads {
        static final MethodHandle HANDLE = bind("duckdb_init_set_max_threads",
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_init_set_error}. */
    MethodHandle initSetError() {
        return InitSetError.HANDLE;
    }

    private static final class InitSetError {
        static final MethodHandle HANDLE = bind("duckdb_init_set_error", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_function_get_init_data}. */
    MethodHandle functionGetInitData() {
        return FunctionGetInitData.HANDLE;
    }

    private static final class FunctionGetInitData {
        static final MethodHandle HANDLE = bind("duckdb_function_get_init_data",
                FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_function_get_local_init_data}. */
    MethodHandle functionGetLocalInitData() {
        return FunctionGetLocalInitData.HANDLE;
    }

    private static final class FunctionGetLocalInitData {
        static final MethodHandle HANDLE = bind("duckdb_function_get_local_init_data",
                FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_function_set_error}. */
    MethodHandle functionSetError() {
        return FunctionSetError.HANDLE;
    }

    private static final class FunctionSetError {
        static final MethodHandle HANDLE = bind("duckdb_function_set_error",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_data_chunk_get_vector}. */
    MethodHandle dataChunkGetVector() {
        return DataChunkGetVector.HANDLE;
    }

    private static final class DataChunkGetVector {
        static final MethodHandle HANDLE = bind("duckdb_data_chunk_get_vector",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_data_chunk_get_size}. */
    MethodHandle dataChunkGetSize() {
        return DataChunkGetSize.HANDLE;
    }

    private static final class DataChunkGetSize {
        static final MethodHandle HANDLE = bind("duckdb_data_chunk_get_size",
                FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    }

    /** {@code duckdb_data_chunk_set_size}. */
    MethodHandle dataChunkSetSize() {
        return DataChunkSetSize.HANDLE;
    }

    private static final class DataChunkSetSize {
        static final MethodHandle HANDLE = bind("duckdb_data_chunk_set_size",
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_vector_get_column_type}. */
    MethodHandle vectorGetColumnType() {
        return VectorGetColumnType.HANDLE;
    }

    private static final class VectorGetColumnType {
        static final MethodHandle HANDLE = bind("duckdb_vector_get_column_type",
                FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_vector_copy_sel}. */
    MethodHandle vectorCopySel() {
        return VectorCopySel.HANDLE;
    }

    private static final class VectorCopySel {
        static final MethodHandle HANDLE = bind("duckdb_vector_copy_sel",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    }

    /** {@code duckdb_create_vector}. */
    MethodHandle createVector() {
        return CreateVector.HANDLE;
    }

    private static final class CreateVector {
        static final MethodHandle HANDLE = bind("duckdb_create_vector",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_destroy_vector}. */
    MethodHandle destroyVector() {
        return DestroyVector.HANDLE;
    }

    private static final class DestroyVector {
        static final MethodHandle HANDLE = bind("duckdb_destroy_vector", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_vector_get_data}. */
    MethodHandle vectorGetData() {
        return VectorGetData.HANDLE;
    }

    private static final class VectorGetData {
        static final MethodHandle HANDLE = bind("duckdb_vector_get_data", FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_vector_get_validity}. */
    MethodHandle vectorGetValidity() {
        return VectorGetValidity.HANDLE;
    }

    private static final class VectorGetValidity {
        static final MethodHandle HANDLE = bind("duckdb_vector_get_validity", FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_vector_ensure_validity_writable}. */
    MethodHandle vectorEnsureValidityWritable() {
        return VectorEnsureValidityWritable.HANDLE;
    }

    private static final class VectorEnsureValidityWritable {
        static final MethodHandle HANDLE = bind("duckdb_vector_ensure_validity_writable",
                FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_vector_assign_string_element_len}. */
    MethodHandle vectorAssignStringElementLen() {
        return VectorAssignStringElementLen.HANDLE;
    }

    private static final class VectorAssignStringElementLen {
        static final MethodHandle HANDLE = bind("duckdb_vector_assign_string_element_len",
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_create_selection_vector}. */
    MethodHandle createSelectionVector() {
        return CreateSelectionVector.HANDLE;
    }

    private static final class CreateSelectionVector {
        static final MethodHandle HANDLE = bind("duckdb_create_selection_vector",
                FunctionDescriptor.of(ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_destroy_selection_vector}. */
    MethodHandle destroySelectionVector() {
        return DestroySelectionVector.HANDLE;
    }

    private static final class DestroySelectionVector {
        static final MethodHandle HANDLE = bind("duckdb_destroy_selection_vector", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_selection_vector_get_data_ptr}. */
    MethodHandle selectionVectorData() {
        return SelectionVectorData.HANDLE;
    }

    private static final class SelectionVectorData {
        static final MethodHandle HANDLE = bind("duckdb_selection_vector_get_data_ptr",
                FunctionDescriptor.of(ADDRESS, ADDRESS));
    }

    /** {@code duckdb_schema_from_arrow}. */
    MethodHandle schemaFromArrow() {
        return SchemaFromArrow.HANDLE;
    }

    private static final class SchemaFromArrow {
        static final MethodHandle HANDLE = bind("duckdb_schema_from_arrow",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_data_chunk_from_arrow}. */
    MethodHandle dataChunkFromArrow() {
        return DataChunkFromArrow.HANDLE;
    }

    private static final class DataChunkFromArrow {
        static final MethodHandle HANDLE = bind("duckdb_data_chunk_from_arrow",
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    }

    /** {@code duckdb_destroy_arrow_converted_schema}. */
    MethodHandle destroyArrowConvertedSchema() {
        return DestroyArrowConvertedSchema.HANDLE;
    }

    private static final class DestroyArrowConvertedSchema {
        static final MethodHandle HANDLE = bind("duckdb_destroy_arrow_converted_schema",
                FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_interrupt}. */
    MethodHandle interrupt() {
        return Interrupt.HANDLE;
    }

    private static final class Interrupt {
        static final MethodHandle HANDLE = bind("duckdb_interrupt", FunctionDescriptor.ofVoid(ADDRESS));
    }

    /** {@code duckdb_param_type}. */
    MethodHandle paramType() {
        return ParamType.HANDLE;
    }

    private static final class ParamType {
        static final MethodHandle HANDLE = bind("duckdb_param_type",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_param_logical_type}. */
    MethodHandle paramLogicalType() {
        return ParamLogicalType.HANDLE;
    }

    private static final class ParamLogicalType {
        static final MethodHandle HANDLE = bind("duckdb_param_logical_type",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
    }

    /** {@code duckdb_connection_get_arrow_options}. */
    MethodHandle connectionArrowOptions() {
        return ConnectionArrowOptions.HANDLE;
    }

    private static final class ConnectionArrowOptions {
        static final MethodHandle HANDLE = bind("duckdb_connection_get_arrow_options",
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
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
            if (!(boolean) errorDataHasError().invokeExact(errorData)) {
                return null;
            }
            String message = string((MemorySegment) errorDataMessage().invokeExact(errorData));
            return message == null ? "unknown error" : readable(message);
        } finally {
            MemorySegment holder = arena.allocate(ADDRESS);
            holder.set(ADDRESS, 0, errorData);
            destroyErrorData().invokeExact(holder);
        }
    }
}
