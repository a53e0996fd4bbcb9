// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import dev.quiver.core.array.UnionValue;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.ArrowType;
import dev.quiver.duckdb.DuckDbConnection;
import dev.quiver.flight.Action;
import dev.quiver.flight.ActionType;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.CancelStatus;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.PutResult;
import dev.quiver.flight.Result;
import dev.quiver.flight.Ticket;
import dev.quiver.flight.internal.ProtoConversions;
import dev.quiver.flight.internal.sql.FlightSql;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcStreamReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A Flight SQL service over one DuckDB database: serve it with {@link dev.quiver.flight.FlightServer}, which
 * brings its limits, authentication and TLS.
 *
 * <pre>{@code
 * try (DuckDbSqlProducer sql = DuckDbSqlProducer.open(directory, SqlLimits.DEFAULT);
 *         FlightServer server = FlightServer.builder(sql).port(31337).build().start()) {
 *     ...
 * }
 * }</pre>
 *
 * <p>Queries (CommandStatementQuery), prepared statements (with parameters bound by DoPut), updates,
 * bulk ingestion (CommandStatementIngest), transactions, cancellation and the metadata commands
 * (GetSqlInfo, GetXdbcTypeInfo, GetCatalogs, GetDbSchemas, GetTables, GetTableTypes, GetPrimaryKeys,
 * GetExportedKeys, GetImportedKeys, GetCrossReference) are answered as FlightSql.proto describes them. A
 * query runs in GetFlightInfo: its result is gathered (at most {@link SqlLimits#maxResultBytes()}) and its
 * ticket fetched once, by DoGet, by the same client. Clients are told apart by the identity the server's
 * authentication gives them ({@link CallContext#peerIdentity()}): handles of statements, results and
 * transactions are random and valid for their client only. The database is locked down: see
 * {@code docs/flight-sql.md}.
 */
public final class DuckDbSqlProducer implements FlightProducer, AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String TYPE_PREFIX = "type.googleapis.com/arrow.flight.protocol.sql.";
    /** The most statements one client may hold prepared at once. */
    private static final int MAX_PREPARED_PER_CLIENT = 1024;

    private final Engine engine;
    private final SqlLimits limits;
    private final Results results;
    private final Map<String, Prepared> prepared = new ConcurrentHashMap<>();
    private volatile Map<Integer, UnionValue> sqlInfo;

    private DuckDbSqlProducer(Engine engine, SqlLimits limits) {
        this.engine = engine;
        this.limits = limits;
        this.results = new Results(limits);
    }

    /**
     * A service of the Arrow files of a directory: each IPC file ({@code .arrow}, {@code .feather}) or
     * stream ({@code .arrows}, {@code .stream}) is a table named by its file name without the extension,
     * read anew (positional reads, never memory-mapped) by every scan. Hidden files and files that are not
     * regular (links included) are left out.
     *
     * @param directory the directory
     * @param limits the limits on statements and results
     * @return the service; close it after the server
     * @throws FlightException of code INVALID_ARGUMENT if the directory cannot be listed or two files give
     *     the same table name
     * @throws dev.quiver.duckdb.DuckDbException if DuckDB cannot be opened
     */
    public static DuckDbSqlProducer open(Path directory, SqlLimits limits) {
        Map<String, Supplier<? extends RecordBatchReader>> tables = new LinkedHashMap<>();
        Map<String, Path> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(directory)) {
            list.sorted().forEach(p -> {
                String name = p.getFileName().toString();
                int dot = name.lastIndexOf('.');
                if (name.startsWith(".") || dot <= 0 || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    return;
                }
                String ext = name.substring(dot + 1).toLowerCase(Locale.ROOT);
                String table = name.substring(0, dot);
                Supplier<? extends RecordBatchReader> source = switch (ext) {
                    case "arrow", "feather" -> () -> IpcFileReader.open(p);
                    case "arrows", "stream" -> () -> IpcStreamReader.open(p);
                    default -> null;
                };
                if (source == null) {
                    return;
                }
                Path before = files.put(table, p);
                if (before != null) {
                    throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "two files give the table name "
                            + table + ": " + before.getFileName() + " and " + name);
                }
                tables.put(table, source);
            });
        } catch (IOException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "cannot list " + directory + ": "
                    + e.getMessage(), e);
        }
        return open(tables, Map.of(), limits);
    }

    /**
     * A service of tables given as sources of readers (each scan reads a new reader).
     *
     * @param tables the sources by table name
     * @param settings DuckDB settings for the database ({@code memory_limit}, {@code threads}); the
     *     lock-down settings cannot be changed
     * @param limits the limits on statements and results
     * @return the service; close it after the server
     * @throws dev.quiver.duckdb.DuckDbException if DuckDB cannot be opened or refuses a table or setting
     */
    public static DuckDbSqlProducer open(Map<String, ? extends Supplier<? extends RecordBatchReader>> tables,
            Map<String, String> settings, SqlLimits limits) {
        return new DuckDbSqlProducer(Engine.open(new LinkedHashMap<>(tables), settings, limits), limits);
    }

    // ---- GetFlightInfo, GetSchema, DoGet ----

    @Override
    public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
        Any command = command(descriptor);
        String owner = context.peerIdentity();
        long deadline = System.nanoTime() + limits.queryTimeout().toNanos();
        Table table = switch (name(command)) {
            case "CommandStatementQuery" -> {
                FlightSql.CommandStatementQuery q = unpack(command, FlightSql.CommandStatementQuery.class);
                SqlText text = SqlText.of(q.getQuery());
                yield engine.run(owner, q.getTransactionId().toByteArray(), db -> Results.gather(db.query(text.sql()),
                        context, deadline, limits.maxResultBytes()));
            }
            case "CommandPreparedStatementQuery" -> {
                Prepared p = prepared(owner, unpack(command, FlightSql.CommandPreparedStatementQuery.class)
                        .getPreparedStatementHandle());
                yield engine.run(owner, p.transactionId, db -> runPrepared(db, p, context, deadline));
            }
            default -> metadata(command, owner);
        };
        String handle = results.put(owner, table);
        byte[] ticket = Any.pack(FlightSql.TicketStatementQuery.newBuilder()
                .setStatementHandle(ByteString.copyFromUtf8(handle)).build()).toByteArray();
        long bytes = 0;
        for (RecordBatch b : table.batches()) {
            for (int c = 0; c < b.columnCount(); c++) {
                bytes += Results.bytes(b.column(c).data());
            }
        }
        return new FlightInfo(table.schema(), descriptor, List.of(new FlightEndpoint(new Ticket(ticket))),
                table.rowCount(), bytes, false, new byte[0]);
    }

    /** A prepared query's result: one run per bound row (none bound: one run without), appended. */
    private Table runPrepared(DuckDbConnection db, Prepared p, CallContext context, long deadline) {
        List<Object[]> rows = p.bound().isEmpty() ? Collections.singletonList(null) : p.bound();
        List<RecordBatch> batches = new ArrayList<>();
        Schema schema = null;
        for (Object[] row : rows) {
            Table t = Results.gather(row == null ? db.query(p.text.sql()) : db.query(p.text.sql(), row), context,
                    deadline, limits.maxResultBytes());
            schema = t.schema();
            batches.addAll(t.batches());
        }
        return new Table(schema, batches);
    }

    private Table metadata(Any command, String owner) {
        return switch (name(command)) {
            case "CommandGetSqlInfo" -> ServerInfo.sqlInfoTable(sqlInfo(owner),
                    unpack(command, FlightSql.CommandGetSqlInfo.class).getInfoList());
            case "CommandGetXdbcTypeInfo" -> {
                FlightSql.CommandGetXdbcTypeInfo c = unpack(command, FlightSql.CommandGetXdbcTypeInfo.class);
                yield ServerInfo.xdbcTypes(c.hasDataType() ? c.getDataType() : null);
            }
            case "CommandGetCatalogs" -> engine.run(owner, new byte[0], Metadata::catalogs);
            case "CommandGetDbSchemas" -> {
                FlightSql.CommandGetDbSchemas c = unpack(command, FlightSql.CommandGetDbSchemas.class);
                yield engine.run(owner, new byte[0], db -> Metadata.dbSchemas(db, c.hasCatalog() ? c.getCatalog()
                        : null, c.hasDbSchemaFilterPattern() ? c.getDbSchemaFilterPattern() : null));
            }
            case "CommandGetTables" -> {
                FlightSql.CommandGetTables c = unpack(command, FlightSql.CommandGetTables.class);
                yield engine.run(owner, new byte[0], db -> Metadata.tables(db, c.hasCatalog() ? c.getCatalog() : null,
                        c.hasDbSchemaFilterPattern() ? c.getDbSchemaFilterPattern() : null,
                        c.hasTableNameFilterPattern() ? c.getTableNameFilterPattern() : null, c.getTableTypesList(),
                        c.getIncludeSchema()));
            }
            case "CommandGetTableTypes" -> Metadata.tableTypes();
            case "CommandGetPrimaryKeys" -> {
                FlightSql.CommandGetPrimaryKeys c = unpack(command, FlightSql.CommandGetPrimaryKeys.class);
                yield engine.run(owner, new byte[0], db -> Metadata.primaryKeys(db, c.hasCatalog() ? c.getCatalog()
                        : null, c.hasDbSchema() ? c.getDbSchema() : null, c.getTable()));
            }
            case "CommandGetExportedKeys" -> {
                FlightSql.CommandGetExportedKeys c = unpack(command, FlightSql.CommandGetExportedKeys.class);
                String[] pk = {c.hasCatalog() ? c.getCatalog() : null, c.hasDbSchema() ? c.getDbSchema() : null,
                    c.getTable()};
                yield engine.run(owner, new byte[0], db -> Metadata.foreignKeys(db, pk, null));
            }
            case "CommandGetImportedKeys" -> {
                FlightSql.CommandGetImportedKeys c = unpack(command, FlightSql.CommandGetImportedKeys.class);
                String[] fk = {c.hasCatalog() ? c.getCatalog() : null, c.hasDbSchema() ? c.getDbSchema() : null,
                    c.getTable()};
                yield engine.run(owner, new byte[0], db -> Metadata.foreignKeys(db, null, fk));
            }
            case "CommandGetCrossReference" -> {
                FlightSql.CommandGetCrossReference c = unpack(command, FlightSql.CommandGetCrossReference.class);
                String[] pk = {c.hasPkCatalog() ? c.getPkCatalog() : null, c.hasPkDbSchema() ? c.getPkDbSchema()
                        : null, c.getPkTable()};
                String[] fk = {c.hasFkCatalog() ? c.getFkCatalog() : null, c.hasFkDbSchema() ? c.getFkDbSchema()
                        : null, c.getFkTable()};
                yield engine.run(owner, new byte[0], db -> Metadata.foreignKeys(db, pk, fk));
            }
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unknown Flight SQL command "
                    + command.getTypeUrl());
        };
    }

    private Map<Integer, UnionValue> sqlInfo(String owner) {
        Map<Integer, UnionValue> info = sqlInfo;
        if (info == null) {
            info = engine.run(owner, new byte[0], db -> ServerInfo.sqlInfo(db, limits));
            sqlInfo = info;
        }
        return info;
    }

    @Override
    public Schema getSchema(CallContext context, FlightDescriptor descriptor) {
        Any command = command(descriptor);
        String owner = context.peerIdentity();
        return switch (name(command)) {
            case "CommandStatementQuery" -> {
                FlightSql.CommandStatementQuery q = unpack(command, FlightSql.CommandStatementQuery.class);
                SqlText text = SqlText.of(q.getQuery());
                yield engine.run(owner, q.getTransactionId().toByteArray(), db -> schemaOf(db, text));
            }
            case "CommandPreparedStatementQuery" -> prepared(owner, unpack(command,
                    FlightSql.CommandPreparedStatementQuery.class).getPreparedStatementHandle()).dataset;
            case "CommandGetSqlInfo" -> ServerInfo.SQL_INFO;
            case "CommandGetXdbcTypeInfo" -> ServerInfo.XDBC_TYPE_INFO;
            case "CommandGetCatalogs" -> Metadata.CATALOGS;
            case "CommandGetDbSchemas" -> Metadata.DB_SCHEMAS;
            case "CommandGetTables" -> unpack(command, FlightSql.CommandGetTables.class).getIncludeSchema()
                    ? Metadata.TABLES_WITH_SCHEMA : Metadata.TABLES;
            case "CommandGetTableTypes" -> Metadata.TABLE_TYPES;
            case "CommandGetPrimaryKeys" -> Metadata.PRIMARY_KEYS;
            case "CommandGetExportedKeys", "CommandGetImportedKeys", "CommandGetCrossReference" -> Metadata.KEYS;
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unknown Flight SQL command "
                    + command.getTypeUrl());
        };
    }

    /**
     * The schema of a statement's result without its rows: a query that can be a subquery runs as one with
     * {@code LIMIT 0} (placeholders bound to NULL); another query (SHOW, DESCRIBE) runs and only its schema
     * is kept; a statement that is no query has the empty schema (it returns a count).
     */
    private static Schema schemaOf(DuckDbConnection db, SqlText text) {
        if (!text.isQuery()) {
            return Schema.of();
        }
        if (text.isWrappable()) {
            Object[] nulls = new Object[text.placeholders()];
            String sql = "SELECT * FROM (" + text.sql() + "\n) AS quiver_schema LIMIT 0";
            try (RecordBatchReader r = nulls.length == 0 ? db.query(sql) : db.query(sql, nulls)) {
                return r.schema();
            }
        }
        try (RecordBatchReader r = db.query(text.sql())) {
            return r.schema();
        }
    }

    @Override
    public void doGet(CallContext context, Ticket ticket, DataSink sink) {
        FlightSql.TicketStatementQuery t;
        try {
            t = Any.parseFrom(ticket.bytes()).unpack(FlightSql.TicketStatementQuery.class);
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "not a ticket of this server: "
                    + e.getMessage(), e);
        }
        Table table = results.take(context.peerIdentity(), t.getStatementHandle().toStringUtf8());
        try (FlightDataWriter out = sink.start(table.schema())) {
            for (RecordBatch batch : table.batches()) {
                if (sink.isCancelled()) {
                    throw new FlightException(FlightStatusCode.CANCELLED, "the client cancelled the DoGet");
                }
                out.write(batch);
            }
        }
    }

    // ---- DoPut: updates, parameters, ingestion ----

    @Override
    public void doPut(CallContext context, FlightStream data, Consumer<PutResult> acknowledge) {
        FlightDescriptor descriptor = data.descriptor();
        if (descriptor == null) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "a DoPut without a descriptor");
        }
        Any command = command(descriptor);
        String owner = context.peerIdentity();
        long deadline = System.nanoTime() + limits.queryTimeout().toNanos();
        switch (name(command)) {
            case "CommandStatementUpdate" -> {
                FlightSql.CommandStatementUpdate u = unpack(command, FlightSql.CommandStatementUpdate.class);
                SqlText text = SqlText.of(u.getQuery());
                long count = engine.run(owner, u.getTransactionId().toByteArray(),
                        db -> count(Results.gather(db.query(text.sql()), context, deadline, limits.maxResultBytes())));
                acknowledge.accept(updateResult(count));
            }
            case "CommandPreparedStatementQuery" -> {
                ByteString handle = unpack(command, FlightSql.CommandPreparedStatementQuery.class)
                        .getPreparedStatementHandle();
                Prepared p = prepared(owner, handle);
                p.bind(parameterRows(data, p, context, deadline));
                acknowledge.accept(new PutResult(FlightSql.DoPutPreparedStatementResult.newBuilder()
                        .setPreparedStatementHandle(handle).build().toByteArray()));
            }
            case "CommandPreparedStatementUpdate" -> {
                Prepared p = prepared(owner, unpack(command, FlightSql.CommandPreparedStatementUpdate.class)
                        .getPreparedStatementHandle());
                List<Object[]> rows = parameterRows(data, p, context, deadline);
                long count = engine.run(owner, p.transactionId, db -> {
                    if (rows.isEmpty()) {
                        return count(Results.gather(db.query(p.text.sql()), context, deadline,
                                limits.maxResultBytes()));
                    }
                    long total = 0;
                    for (Object[] row : rows) {
                        long n = count(Results.gather(db.query(p.text.sql(), row), context, deadline,
                                limits.maxResultBytes()));
                        total = n < 0 || total < 0 ? -1 : total + n;
                    }
                    return total;
                });
                acknowledge.accept(updateResult(count));
            }
            case "CommandStatementIngest" -> {
                FlightSql.CommandStatementIngest c = unpack(command, FlightSql.CommandStatementIngest.class);
                Table rows = Results.gather(data, context, deadline, limits.maxResultBytes());
                long count = engine.run(owner, c.getTransactionId().toByteArray(), db -> Ingestion.ingest(db, c, rows));
                acknowledge.accept(updateResult(count));
            }
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "DoPut does not take the command "
                    + command.getTypeUrl());
        }
    }

    private List<Object[]> parameterRows(FlightStream data, Prepared p, CallContext context, long deadline) {
        Table t = Results.gather(data, context, deadline, limits.maxResultBytes());
        List<Object[]> rows = new ArrayList<>();
        for (RecordBatch b : t.batches()) {
            if (b.columnCount() != p.parameters.fields().size()) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "the statement takes "
                        + p.parameters.fields().size() + " parameters; the DoPut sent " + b.columnCount()
                        + " columns");
            }
            for (long r = 0; r < b.rowCount(); r++) {
                rows.add(Parameters.row(b, r));
            }
        }
        return rows;
    }

    /** The count of an update's result: DuckDB's {@code Count} column, or -1 without one. */
    private static long count(Table t) {
        if (t.columnCount() != 1 || !t.schema().fields().getFirst().name().equals("Count")) {
            return -1;
        }
        long total = 0;
        for (long i = 0; i < t.rowCount(); i++) {
            Object v = t.row(i).get(0);
            total += v == null ? 0 : ((Number) v).longValue();
        }
        return total;
    }

    private static PutResult updateResult(long count) {
        return new PutResult(FlightSql.DoPutUpdateResult.newBuilder().setRecordCount(count).build().toByteArray());
    }

    // ---- DoAction ----

    @Override
    public Stream<Result> doAction(CallContext context, Action action) {
        String owner = context.peerIdentity();
        Any body = any(action.body(), "the body of " + action.type());
        return switch (action.type()) {
            case "CreatePreparedStatement" -> {
                FlightSql.ActionCreatePreparedStatementRequest r = unpack(body,
                        FlightSql.ActionCreatePreparedStatementRequest.class);
                yield Stream.of(result(prepare(owner, r.getQuery(), r.getTransactionId().toByteArray())));
            }
            case "ClosePreparedStatement" -> {
                ByteString handle = unpack(body, FlightSql.ActionClosePreparedStatementRequest.class)
                        .getPreparedStatementHandle();
                Prepared p = prepared(owner, handle);
                prepared.remove(handle.toStringUtf8(), p);
                yield Stream.empty();
            }
            case "BeginTransaction" -> {
                unpack(body, FlightSql.ActionBeginTransactionRequest.class);
                yield Stream.of(result(FlightSql.ActionBeginTransactionResult.newBuilder()
                        .setTransactionId(ByteString.copyFrom(engine.begin(owner))).build()));
            }
            case "EndTransaction" -> {
                FlightSql.ActionEndTransactionRequest r = unpack(body, FlightSql.ActionEndTransactionRequest.class);
                boolean commit = switch (r.getAction()) {
                    case END_TRANSACTION_COMMIT -> true;
                    case END_TRANSACTION_ROLLBACK -> false;
                    default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "EndTransaction needs "
                            + "COMMIT or ROLLBACK, not " + r.getAction());
                };
                engine.end(owner, r.getTransactionId().toByteArray(), commit);
                yield Stream.empty();
            }
            case "CancelQuery" -> {
                FlightSql.ActionCancelQueryRequest r = unpack(body, FlightSql.ActionCancelQueryRequest.class);
                FlightInfo info = ProtoConversions.fromProto(parseInfo(r.getInfo()));
                CancelStatus status = cancelFlightInfo(context, info);
                yield Stream.of(result(FlightSql.ActionCancelQueryResult.newBuilder().setResult(
                        status == CancelStatus.CANCELLED ? FlightSql.ActionCancelQueryResult.CancelResult
                                .CANCEL_RESULT_CANCELLED : FlightSql.ActionCancelQueryResult.CancelResult
                                .CANCEL_RESULT_NOT_CANCELLABLE).build()));
            }
            case "BeginSavepoint", "EndSavepoint" -> throw new FlightException(FlightStatusCode.UNIMPLEMENTED,
                    "savepoints are not supported by this server");
            case "CreatePreparedSubstraitPlan" -> throw new FlightException(FlightStatusCode.UNIMPLEMENTED,
                    "Substrait plans are not supported by this server");
            default -> throw new FlightException(FlightStatusCode.UNIMPLEMENTED, "unknown action " + action.type());
        };
    }

    private FlightSql.ActionCreatePreparedStatementResult prepare(String owner, String sql, byte[] transactionId) {
        SqlText text = SqlText.of(sql);
        long mine = prepared.values().stream().filter(p -> p.owner.equals(owner)).count();
        if (mine >= MAX_PREPARED_PER_CLIENT) {
            throw new FlightException(FlightStatusCode.RESOURCE_EXHAUSTED, "this client holds " + mine
                    + " prepared statements, the server's limit: close some");
        }
        Schema dataset = engine.run(owner, transactionId, db -> schemaOf(db, text));
        List<Field> fields = new ArrayList<>();
        for (int i = 1; i <= text.placeholders(); i++) {
            // DuckDB's C API tells parameter types only through calls quiver-duckdb does not offer: each is
            // declared as text, which DuckDB casts to the type its placeholder needs.
            fields.add(Field.nullable("parameter_" + i, new ArrowType.Utf8()));
        }
        Schema parameters = new Schema(fields);
        byte[] id = new byte[16];
        RANDOM.nextBytes(id);
        String handle = HexFormat.of().formatHex(id);
        prepared.put(handle, new Prepared(owner, text, dataset, parameters, transactionId));
        return FlightSql.ActionCreatePreparedStatementResult.newBuilder()
                .setPreparedStatementHandle(ByteString.copyFromUtf8(handle))
                .setDatasetSchema(ByteString.copyFrom(ProtoConversions.encodeSchema(dataset)))
                .setParameterSchema(ByteString.copyFrom(ProtoConversions.encodeSchema(parameters))).build();
    }

    private Prepared prepared(String owner, ByteString handle) {
        Prepared p = prepared.get(handle.toStringUtf8());
        if (p == null || !p.owner.equals(owner)) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "no prepared statement of this client has the "
                    + "handle " + HexFormat.of().formatHex(handle.toByteArray()));
        }
        return p;
    }

    @Override
    public CancelStatus cancelFlightInfo(CallContext context, FlightInfo info) {
        boolean any = false;
        for (FlightEndpoint e : info.endpoints()) {
            try {
                String handle = Any.parseFrom(e.ticket().bytes()).unpack(FlightSql.TicketStatementQuery.class)
                        .getStatementHandle().toStringUtf8();
                any |= results.cancel(context.peerIdentity(), handle);
            } catch (InvalidProtocolBufferException ex) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "not a ticket of this server: "
                        + ex.getMessage(), ex);
            }
        }
        return any ? CancelStatus.CANCELLED : CancelStatus.NOT_CANCELLABLE;
    }

    @Override
    public List<ActionType> listActions(CallContext context) {
        return List.of(new ActionType("CreatePreparedStatement", "prepares a statement"),
                new ActionType("ClosePreparedStatement", "releases a prepared statement"),
                new ActionType("BeginTransaction", "begins a transaction"),
                new ActionType("EndTransaction", "commits or rolls back a transaction"),
                new ActionType("CancelQuery", "cancels a query (deprecated: CancelFlightInfo)"),
                new ActionType("CancelFlightInfo", "cancels a query"));
    }

    /** The results computed and not fetched yet, and the statements prepared and not closed (for tests). */
    int[] held() {
        return new int[] {results.waiting(), prepared.size()};
    }

    /** Whether a statement or transaction holds the database now (for tests). */
    boolean busy() {
        return engine.busy();
    }

    /** Closes the database (close the Flight server first). */
    @Override
    public void close() {
        engine.close();
    }

    // ---- protobuf plumbing ----

    private static Any command(FlightDescriptor descriptor) {
        if (!descriptor.isCommand()) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "this Flight SQL server takes command "
                    + "descriptors, not paths");
        }
        return any(descriptor.command(), "the command");
    }

    private static Any any(byte[] bytes, String what) {
        try {
            return Any.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, what + " is not a protobuf Any: "
                    + e.getMessage(), e);
        }
    }

    private static String name(Any any) {
        String url = any.getTypeUrl();
        if (!url.startsWith(TYPE_PREFIX)) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "not a Flight SQL message: " + url);
        }
        return url.substring(TYPE_PREFIX.length());
    }

    private static <T extends Message> T unpack(Any any, Class<T> type) {
        try {
            return any.unpack(type);
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "not a " + type.getSimpleName() + ": "
                    + e.getMessage(), e);
        }
    }

    private static dev.quiver.flight.internal.proto.Flight.FlightInfo parseInfo(ByteString bytes) {
        try {
            return dev.quiver.flight.internal.proto.Flight.FlightInfo.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "not a FlightInfo: " + e.getMessage(), e);
        }
    }

    private static Result result(Message message) {
        return new Result(Any.pack(message).toByteArray());
    }
}
