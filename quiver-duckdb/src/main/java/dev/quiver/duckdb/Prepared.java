// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.quiver.c.CData;
import dev.quiver.c.CDataException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * A query run as prepared statements: {@code duckdb_extract_statements}, then per statement
 * {@code duckdb_prepare_extracted_statement}, one {@code duckdb_bind_*} per parameter (DuckDB casts each
 * bound value to the type the query gives its placeholder) and {@code duckdb_execute_prepared}, streaming
 * for the last statement.
 */
final class Prepared {
    private Prepared() {
    }

    /**
     * Runs {@code sql} into {@code result}, streamed: every statement but the last is executed whole and its
     * result dropped; the last is prepared, given {@code parameters} (null: none) and executed as a streaming
     * result, which DuckDB computes as its chunks are fetched.
     *
     * @throws DuckDbException with DuckDB's message if parsing, preparing or executing fails, or for a
     *     parameter count or type that does not fit
     */
    static void execute(DuckDbApi api, MemorySegment connection, String sql, Object[] parameters,
            MemorySegment result, Arena local) throws Throwable {
        MemorySegment extracted = local.allocate(ADDRESS);
        try {
            long count = (long) api.extractStatements().invokeExact(connection, local.allocateFrom(sql), extracted);
            if (count == 0) {
                String message = extracted.get(ADDRESS, 0).address() == 0 ? null
                        : DuckDbApi.string((MemorySegment) api.extractError().invokeExact(extracted.get(ADDRESS, 0)));
                throw new DuckDbException(message == null ? "the query has no statement" : message);
            }
            if (parameters != null && count > 1) {
                throw new DuckDbException("a query with parameters must be one statement, not " + count);
            }
            for (long i = 0; i < count; i++) {
                MemorySegment statement = local.allocate(ADDRESS);
                try {
                    int state = (int) api.prepareExtracted().invokeExact(connection, extracted.get(ADDRESS, 0), i,
                            statement);
                    if (state != DuckDbApi.SUCCESS) {
                        String message = statement.get(ADDRESS, 0).address() == 0 ? null : DuckDbApi.string(
                                (MemorySegment) api.prepareError().invokeExact(statement.get(ADDRESS, 0)));
                        throw new DuckDbException(message == null ? "preparing the query failed" : message);
                    }
                    MemorySegment handle = statement.get(ADDRESS, 0);
                    Object[] values = parameters == null ? new Object[0] : parameters;
                    long expected = (long) api.nparams().invokeExact(handle);
                    if (expected != values.length) {
                        throw new DuckDbException("the query has " + expected + " parameters; " + values.length
                                + " given");
                    }
                    for (int k = 0; k < values.length; k++) {
                        bind(api, handle, k + 1, values[k], local);
                    }
                    int executed = i == count - 1 ? (int) api.executePreparedStreaming().invokeExact(handle, result)
                            : (int) api.executePrepared().invokeExact(handle, result);
                    if (executed != DuckDbApi.SUCCESS) {
                        String message = DuckDbApi.string((MemorySegment) api.resultError().invokeExact(result));
                        api.destroyResult().invokeExact(result);
                        throw new DuckDbException(message == null ? "the query failed" : message);
                    }
                    if (i < count - 1) {
                        api.destroyResult().invokeExact(result);
                    }
                } finally {
                    if (statement.get(ADDRESS, 0).address() != 0) {
                        api.destroyPrepare().invokeExact(statement);
                    }
                }
            }
        } finally {
            if (extracted.get(ADDRESS, 0).address() != 0) {
                api.destroyExtracted().invokeExact(extracted);
            }
        }
    }

    /** {@code DUCKDB_TYPE_INVALID}, {@code DUCKDB_TYPE_ANY} and {@code DUCKDB_TYPE_SQLNULL}: no type declared. */
    private static final int INVALID = 0;
    private static final int ANY = 34;
    private static final int SQLNULL = 36;

    /**
     * The types DuckDB gives the placeholders of one statement when it prepares it, in their Arrow form (as
     * DuckDB converts a result column of that type): one field per parameter, named {@code $1}, {@code $2},
     * ...; of type {@link ArrowType.Null} where DuckDB leaves a parameter's type open ({@code SELECT ?}) or
     * it has no Arrow form.
     *
     * @throws DuckDbException with DuckDB's message if the statement does not parse or prepare, or if the
     *     text holds more than one statement
     */
    static Schema parameterTypes(DuckDbApi api, MemorySegment connection, String sql,
            Arena local) throws Throwable {
        MemorySegment extracted = local.allocate(ADDRESS);
        MemorySegment statement = local.allocate(ADDRESS);
        MemorySegment options = local.allocate(ADDRESS);
        try {
            long count = (long) api.extractStatements().invokeExact(connection, local.allocateFrom(sql), extracted);
            if (count != 1) {
                String message = count != 0 || extracted.get(ADDRESS, 0).address() == 0 ? null
                        : DuckDbApi.string((MemorySegment) api.extractError().invokeExact(extracted.get(ADDRESS, 0)));
                throw new DuckDbException(message != null ? message : "a statement to prepare must be one statement, "
                        + "not " + count);
            }
            if ((int) api.prepareExtracted().invokeExact(connection, extracted.get(ADDRESS, 0), 0L, statement)
                    != DuckDbApi.SUCCESS) {
                String message = statement.get(ADDRESS, 0).address() == 0 ? null : DuckDbApi.string(
                        (MemorySegment) api.prepareError().invokeExact(statement.get(ADDRESS, 0)));
                throw new DuckDbException(message == null ? "preparing the statement failed" : message);
            }
            MemorySegment handle = statement.get(ADDRESS, 0);
            api.connectionArrowOptions().invokeExact(connection, options);
            long n = (long) api.nparams().invokeExact(handle);
            List<Field> fields = new ArrayList<>();
            for (long i = 1; i <= n; i++) {
                fields.add(Field.nullable("$" + i, declared(api, handle, i, options.get(ADDRESS, 0), local)));
            }
            return new Schema(fields);
        } finally {
            if (options.get(ADDRESS, 0).address() != 0) {
                api.destroyArrowOptions().invokeExact(options);
            }
            if (statement.get(ADDRESS, 0).address() != 0) {
                api.destroyPrepare().invokeExact(statement);
            }
            if (extracted.get(ADDRESS, 0).address() != 0) {
                api.destroyExtracted().invokeExact(extracted);
            }
        }
    }

    /** The Arrow form of parameter {@code index}'s declared type; {@link ArrowType.Null} for none. */
    private static ArrowType declared(DuckDbApi api, MemorySegment statement, long index,
            MemorySegment options, Arena local) throws Throwable {
        int id = (int) api.paramType().invokeExact(statement, index);
        if (id == INVALID || id == ANY || id == SQLNULL) {
            return new ArrowType.Null();
        }
        MemorySegment types = local.allocate(ADDRESS);
        types.set(ADDRESS, 0, (MemorySegment) api.paramLogicalType().invokeExact(statement, index));
        if (types.get(ADDRESS, 0).address() == 0) {
            return new ArrowType.Null();
        }
        try {
            MemorySegment names = local.allocate(ADDRESS);
            names.set(ADDRESS, 0, local.allocateFrom("$" + index));
            MemorySegment out = local.allocate(CData.ARROW_SCHEMA);
            String error = api.errorMessage((MemorySegment) api.toArrowSchema().invokeExact(options, types, names, 1L,
                    out), local);
            if (error != null) {
                return new ArrowType.Null();
            }
            return CData.importSchema(out).fields().getFirst().type();
        } catch (CDataException e) {
            return new ArrowType.Null();
        } finally {
            api.destroyLogicalType().invokeExact(types);
        }
    }

    private static void bind(DuckDbApi api, MemorySegment statement, long index, Object value, Arena local)
            throws Throwable {
        int state = switch (value) {
            case null -> (int) api.bindNull().invokeExact(statement, index);
            case Boolean b -> (int) api.bindBoolean().invokeExact(statement, index, (boolean) b);
            case Byte b -> (int) api.bindInt32().invokeExact(statement, index, (int) b);
            case Short s -> (int) api.bindInt32().invokeExact(statement, index, (int) s);
            case Integer i -> (int) api.bindInt32().invokeExact(statement, index, (int) i);
            case Long l -> (int) api.bindInt64().invokeExact(statement, index, (long) l);
            case Float f -> (int) api.bindDouble().invokeExact(statement, index, (double) f);
            case Double d -> (int) api.bindDouble().invokeExact(statement, index, (double) d);
            case BigDecimal d -> varchar(api, statement, index, d.toPlainString(), local);
            case BigInteger i -> varchar(api, statement, index, i.toString(), local);
            case String s -> varchar(api, statement, index, s, local);
            case byte[] bytes -> (int) api.bindBlob().invokeExact(statement, index,
                    local.allocate(Math.max(1, bytes.length)).copyFrom(MemorySegment.ofArray(bytes)), (long) bytes.length);
            case LocalDate date -> {
                if (date.toEpochDay() != (int) date.toEpochDay()) {
                    throw new DuckDbException("parameter " + index + ": the date " + date + " is out of DuckDB's range");
                }
                MemorySegment days = local.allocate(MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("days")));
                days.set(ValueLayout.JAVA_INT, 0, (int) date.toEpochDay());
                yield (int) api.bindDate().invokeExact(statement, index, days);
            }
            default -> throw new DuckDbException("parameter " + index + " is a " + value.getClass().getName()
                    + ", which Quiver does not bind (null, Boolean, Byte, Short, Integer, Long, Float, Double, "
                    + "BigDecimal, BigInteger, String, byte[], LocalDate)");
        };
        if (state != DuckDbApi.SUCCESS) {
            throw new DuckDbException("DuckDB refuses parameter " + index + " (" + value + ")");
        }
    }

    private static int varchar(DuckDbApi api, MemorySegment statement, long index, String text, Arena local)
            throws Throwable {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        MemorySegment bytes = local.allocate(utf8.length + 1L).copyFrom(MemorySegment.ofArray(utf8));
        return (int) api.bindVarcharLength().invokeExact(statement, index, bytes, (long) utf8.length);
    }
}
