// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.quiver.core.array.UnionValue;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
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
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.Result;
import dev.quiver.flight.internal.proto.Flight;
import dev.quiver.flight.sql.TableRef;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcStreamReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
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
 * ticket fetched once, by DoGet, in the same session. A client session is the identity the server's
 * authentication gives the client ({@link CallContext#peerIdentity()}) with the call header
 * {@code x-quiver-session} where the client sends one; each session has a DuckDB connection of its own on the
 * shared database (bounded in number, closed when idle), and its handles of statements, results and
 * transactions are random and valid in it only. A statement whose call is cancelled or whose deadline passes
 * is interrupted. The database is locked down: see {@code docs/flight-sql.md}.
 */
public final class DuckDbSqlProducer implements FlightSqlProducer, AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** The most statements one client may hold prepared at once. */
    private static final int MAX_PREPARED_PER_CLIENT = 1024;
    /** Flight's action that ends a client's session. */
    static final String CLOSE_SESSION = "CloseSession";
    private static final Set<String> NOT_OFFERED = Set.of("CreatePreparedSubstraitPlan", "BeginSavepoint",
            "EndSavepoint");

    private final Engine engine;
    private final SqlLimits limits;
    private final Results results;
    private final Map<String, Prepared> prepared = new ConcurrentHashMap<>();
    private volatile Map<Integer, UnionValue> sqlInfo;

    private DuckDbSqlProducer(Map<String, Supplier<? extends RecordBatchReader>> tables, Map<String, String> settings,
            SqlLimits limits) {
        this.limits = limits;
        this.results = new Results(limits);
        this.engine = Engine.open(tables, settings, limits, session -> prepared.values().removeIf(
                p -> p.owner.equals(session)));
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
        return new DuckDbSqlProducer(new LinkedHashMap<>(tables), settings, limits);
    }

    // ---- GetFlightInfo, GetSchema, DoGet ----

    @Override
    public FlightInfo flightInfo(CallContext context, SqlCommand command, FlightDescriptor descriptor) {
        String owner = Engine.sessionKey(context);
        long deadline = System.nanoTime() + limits.queryTimeout().toNanos();
        Table table = switch (command) {
            case SqlCommand.StatementQuery q -> {
                SqlText text = SqlText.of(q.query());
                yield engine.run(context, q.transactionId(), deadline, db -> Results.gather(
                        db.query(text.sql()), context, deadline, limits.maxResultBytes()));
            }
            case SqlCommand.PreparedStatementQuery q -> {
                Prepared p = prepared(owner, q.handle());
                yield engine.run(context, p.transactionId, deadline, db -> runPrepared(db, p, context, deadline));
            }
            case SqlCommand.SubstraitPlan s -> throw noSubstrait();
            default -> metadata(command, context);
        };
        String handle = results.put(owner, table);
        long bytes = 0;
        for (RecordBatch b : table.batches()) {
            for (int c = 0; c < b.columnCount(); c++) {
                bytes += Results.bytes(b.column(c).data());
            }
        }
        return new FlightInfo(table.schema(), descriptor, List.of(new FlightEndpoint(FlightSqlProducer.statementTicket(
                handle.getBytes(StandardCharsets.UTF_8)))), table.rowCount(), bytes, false, new byte[0]);
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

    private Table metadata(SqlCommand command, CallContext owner) {
        byte[] none = new byte[0];
        return switch (command) {
            case SqlCommand.GetSqlInfo c -> ServerInfo.sqlInfoTable(sqlInfo(owner), c.info());
            case SqlCommand.GetXdbcTypeInfo c -> ServerInfo.xdbcTypes(c.dataType());
            case SqlCommand.GetCatalogs c -> engine.run(owner, none, Metadata::catalogs);
            case SqlCommand.GetDbSchemas c -> engine.run(owner, none, db -> Metadata.dbSchemas(db, c.catalog(),
                    c.dbSchemaFilterPattern()));
            case SqlCommand.GetTables c -> engine.run(owner, none, db -> Metadata.tables(db, c.catalog(),
                    c.dbSchemaFilterPattern(), c.tableNameFilterPattern(), c.tableTypes(), c.includeSchema()));
            case SqlCommand.GetTableTypes c -> Metadata.tableTypes();
            case SqlCommand.GetPrimaryKeys c -> engine.run(owner, none, db -> Metadata.primaryKeys(db,
                    c.table().catalog(), c.table().dbSchema(), c.table().table()));
            case SqlCommand.GetExportedKeys c -> engine.run(owner, none, db -> Metadata.foreignKeys(db,
                    names(c.table()), null));
            case SqlCommand.GetImportedKeys c -> engine.run(owner, none, db -> Metadata.foreignKeys(db, null,
                    names(c.table())));
            case SqlCommand.GetCrossReference c -> engine.run(owner, none, db -> Metadata.foreignKeys(db,
                    names(c.primary()), names(c.foreign())));
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "GetFlightInfo does not take "
                    + command.getClass().getSimpleName());
        };
    }

    private static String[] names(TableRef table) {
        return new String[] {table.catalog(), table.dbSchema(), table.table()};
    }

    private Map<Integer, UnionValue> sqlInfo(CallContext owner) {
        Map<Integer, UnionValue> info = sqlInfo;
        if (info == null) {
            info = engine.run(owner, new byte[0], db -> ServerInfo.sqlInfo(db, limits));
            sqlInfo = info;
        }
        return info;
    }

    @Override
    public Schema schema(CallContext context, SqlCommand command) {
        String owner = Engine.sessionKey(context);
        return switch (command) {
            case SqlCommand.StatementQuery q -> {
                SqlText text = SqlText.of(q.query());
                yield engine.run(context, q.transactionId(), db -> schemaOf(db, text));
            }
            case SqlCommand.PreparedStatementQuery q -> prepared(owner, q.handle()).dataset;
            case SqlCommand.SubstraitPlan s -> throw noSubstrait();
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "GetSchema does not take "
                    + command.getClass().getSimpleName());
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
    public void stream(CallContext context, SqlCommand ticket, DataSink sink) {
        if (!(ticket instanceof SqlCommand.StatementQueryTicket t)) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "not a ticket of this server: "
                    + ticket.getClass().getSimpleName());
        }
        engine.touch(context);
        Table table = results.take(Engine.sessionKey(context), new String(t.handle(), StandardCharsets.UTF_8));
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
    public long update(CallContext context, SqlCommand command, FlightStream parameters) {
        String owner = Engine.sessionKey(context);
        long deadline = System.nanoTime() + limits.queryTimeout().toNanos();
        return switch (command) {
            case SqlCommand.StatementUpdate u -> {
                SqlText text = SqlText.of(u.query());
                yield engine.run(context, u.transactionId(), deadline, db -> count(Results.gather(
                        db.query(text.sql()), context, deadline, limits.maxResultBytes())));
            }
            case SqlCommand.PreparedStatementUpdate u -> {
                Prepared p = prepared(owner, u.handle());
                List<Object[]> rows = parameterRows(parameters, p, context, deadline);
                yield engine.run(context, p.transactionId, deadline, db -> {
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
            }
            case SqlCommand.SubstraitPlan s -> throw noSubstrait();
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "DoPut does not take "
                    + command.getClass().getSimpleName());
        };
    }

    @Override
    public byte[] bind(CallContext context, SqlCommand.PreparedStatementQuery command, FlightStream parameters) {
        engine.touch(context);
        Prepared p = prepared(Engine.sessionKey(context), command.handle());
        p.bind(parameterRows(parameters, p, context, System.nanoTime() + limits.queryTimeout().toNanos()));
        return command.handle();
    }

    @Override
    public long ingest(CallContext context, SqlCommand.StatementIngest command, FlightStream rows) {
        long deadline = System.nanoTime() + limits.queryTimeout().toNanos();
        Table data = Results.gather(rows, context, deadline, limits.maxResultBytes());
        return engine.run(context, command.transactionId(), deadline, db -> Ingestion.ingest(db,
                command.options(), data));
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

    // ---- actions ----

    @Override
    public PreparedStatement prepare(CallContext context, SqlCommand statement) {
        if (!(statement instanceof SqlCommand.StatementQuery q)) {
            throw noSubstrait();
        }
        String owner = Engine.sessionKey(context);
        SqlText text = SqlText.of(q.query());
        long mine = prepared.values().stream().filter(p -> p.owner.equals(owner)).count();
        if (mine >= MAX_PREPARED_PER_CLIENT) {
            throw new FlightException(FlightStatusCode.RESOURCE_EXHAUSTED, "this client holds " + mine
                    + " prepared statements, the server's limit: close some");
        }
        Schema[] schemas = engine.run(context, q.transactionId(), db -> new Schema[] {schemaOf(db, text),
            text.placeholders() == 0 ? Schema.of() : db.parameterTypes(text.sql())});
        Schema dataset = schemas[0];
        List<Field> fields = new ArrayList<>();
        for (Field declared : schemas[1].fields()) {
            fields.add(Field.nullable("parameter_" + (fields.size() + 1), Parameters.declared(declared.type())));
        }
        Schema parameters = new Schema(fields);
        byte[] id = new byte[16];
        RANDOM.nextBytes(id);
        String handle = HexFormat.of().formatHex(id);
        prepared.put(handle, new Prepared(owner, text, dataset, parameters, q.transactionId()));
        return new PreparedStatement(handle.getBytes(StandardCharsets.UTF_8), dataset, parameters);
    }

    @Override
    public void closePreparedStatement(CallContext context, byte[] handle) {
        Prepared p = prepared(Engine.sessionKey(context), handle);
        prepared.remove(new String(handle, StandardCharsets.UTF_8), p);
    }

    @Override
    public byte[] beginTransaction(CallContext context) {
        return engine.begin(context);
    }

    @Override
    public void endTransaction(CallContext context, byte[] transactionId, boolean commit) {
        engine.end(context, transactionId, commit);
    }

    private Prepared prepared(String owner, byte[] handle) {
        Prepared p = prepared.get(new String(handle, StandardCharsets.UTF_8));
        if (p == null || !p.owner.equals(owner)) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "no prepared statement of this client has the "
                    + "handle " + HexFormat.of().formatHex(handle));
        }
        return p;
    }

    @Override
    public CancelStatus cancelFlightInfo(CallContext context, FlightInfo info) {
        boolean any = false;
        for (FlightEndpoint e : info.endpoints()) {
            if (!(Commands.decode(Commands.any(e.ticket().bytes(), "the ticket"))
                    instanceof SqlCommand.StatementQueryTicket t)) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "not a ticket of this server");
            }
            any |= results.cancel(Engine.sessionKey(context), new String(t.handle(), StandardCharsets.UTF_8));
        }
        return any ? CancelStatus.CANCELLED : CancelStatus.NOT_CANCELLABLE;
    }

    /**
     * Flight SQL's actions but those of Substrait plans and savepoints, which this server does not offer, and
     * Flight's CloseSession.
     */
    @Override
    public List<ActionType> listActions(CallContext context) {
        List<ActionType> actions = new ArrayList<>(FlightSqlProducer.super.listActions(context).stream()
                .filter(a -> !NOT_OFFERED.contains(a.type())).toList());
        actions.add(new ActionType(CLOSE_SESSION, "closes the client's session: its connection, transaction, "
                + "prepared statements and temporary tables"));
        return actions;
    }

    /**
     * Flight's CloseSession (a {@code CloseSessionRequest}, answered with a {@code CloseSessionResult} of
     * status CLOSED) closes the call's session at once; every other action as Flight SQL's.
     */
    @Override
    public Stream<Result> doAction(CallContext context, Action action) {
        if (!action.type().equals(CLOSE_SESSION)) {
            return FlightSqlProducer.super.doAction(context, action);
        }
        try {
            Flight.CloseSessionRequest.parseFrom(action.body());
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "the body of CloseSession is not a "
                    + "CloseSessionRequest: " + e.getMessage(), e);
        }
        engine.closeSession(context);
        return Stream.of(new Result(Flight.CloseSessionResult.newBuilder()
                .setStatus(Flight.CloseSessionResult.Status.CLOSED).build().toByteArray()));
    }

    private static FlightException noSubstrait() {
        return new FlightException(FlightStatusCode.UNIMPLEMENTED, "Substrait plans are not supported by this server");
    }

    /** The results computed and not fetched yet, and the statements prepared and not closed (for tests). */
    int[] held() {
        return new int[] {results.waiting(), prepared.size()};
    }

    /** Whether a statement or transaction holds a session's connection now (for tests). */
    boolean busy() {
        return engine.busy();
    }

    /** The client sessions open now (for tests). */
    int sessions() {
        return engine.sessions();
    }

    /** Closes the database (close the Flight server first). */
    @Override
    public void close() {
        engine.close();
    }
}
