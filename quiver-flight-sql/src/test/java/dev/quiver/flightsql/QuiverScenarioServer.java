// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.array.UnionValue;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Schema;
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
import dev.quiver.flight.Ticket;
import dev.quiver.flight.sql.IngestOptions;
import dev.quiver.flight.sql.TableRef;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The scenario server of the integration suite's Flight SQL scenarios, written on Quiver's
 * {@link FlightSqlProducer}: it checks every command it receives field by field (a wrong value fails the call
 * with INVALID_ARGUMENT naming it) and answers with the scenarios' fixed schemas, handles and counts.
 */
final class QuiverScenarioServer implements FlightSqlProducer {
    private final Map<Integer, UnionValue> sqlInfo = new LinkedHashMap<>();

    QuiverScenarioServer(Scenarios.Name scenario) {
        // SqlInfo ids of FlightSql.proto; value type ids of its dense union: 0 string, 1 bool, 3 int32.
        sqlInfo.put(0, new UnionValue(0, Scenarios.SERVER_NAME));
        sqlInfo.put(3, new UnionValue(1, false));
        sqlInfo.put(4, new UnionValue(1, false));
        sqlInfo.put(5, new UnionValue(1, true));
        sqlInfo.put(6, new UnionValue(0, "min_version"));
        sqlInfo.put(7, new UnionValue(0, "max_version"));
        sqlInfo.put(8, new UnionValue(3, 2)); // SQL_SUPPORTED_TRANSACTION_SAVEPOINT
        sqlInfo.put(9, new UnionValue(1, true));
        if (scenario == Scenarios.Name.INGESTION) {
            sqlInfo.put(10, new UnionValue(1, true));
            sqlInfo.put(11, new UnionValue(1, true));
        }
        sqlInfo.put(100, new UnionValue(3, 42));
        sqlInfo.put(101, new UnionValue(3, 7));
    }

    static void expect(Object expected, Object actual, String what) {
        boolean same = expected instanceof byte[] e && actual instanceof byte[] a ? Arrays.equals(e, a)
                : Objects.equals(expected, actual);
        if (!same) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, what + ": expected " + show(expected)
                    + ", got " + show(actual));
        }
    }

    private static String show(Object o) {
        return o instanceof byte[] b ? "'" + new String(b, StandardCharsets.UTF_8) + "'" : String.valueOf(o);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    private static FlightInfo info(Ticket ticket, FlightDescriptor descriptor, Schema schema) {
        return new FlightInfo(schema, descriptor, List.of(new FlightEndpoint(ticket)), -1, -1, false, new byte[0]);
    }

    private static void checkPlan(SqlCommand.SubstraitPlan plan) {
        expect(Scenarios.SUBSTRAIT_PLAN, plan.plan(), "the Substrait plan");
        expect(Scenarios.SUBSTRAIT_VERSION, plan.version(), "the Substrait version");
    }

    private static Schema preparedSchema(byte[] handle) {
        return switch (text(handle)) {
            case "SELECT PREPARED STATEMENT HANDLE", "PREPARED PLAN HANDLE" -> Scenarios.QUERY;
            case "SELECT PREPARED STATEMENT WITH TXN HANDLE", "PREPARED PLAN WITH TXN HANDLE" ->
                Scenarios.QUERY_WITH_TRANSACTION;
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unknown handle " + text(handle));
        };
    }

    private static void checkTable(TableRef table, String prefix) {
        expect(prefix + "catalog", table.catalog(), "the catalog");
        expect(prefix + "db_schema", table.dbSchema(), "the schema");
        expect(prefix + "table", table.table(), "the table");
    }

    @Override
    public FlightInfo flightInfo(CallContext context, SqlCommand command, FlightDescriptor descriptor) {
        return switch (command) {
            case SqlCommand.StatementQuery q -> {
                expect(Scenarios.SELECT_STATEMENT, q.query(), "the query");
                yield q.transactionId().length == 0
                        ? info(FlightSqlProducer.statementTicket(utf8("SELECT STATEMENT HANDLE")), descriptor,
                                Scenarios.QUERY)
                        : info(FlightSqlProducer.statementTicket(utf8("SELECT STATEMENT WITH TXN HANDLE")), descriptor,
                                Scenarios.QUERY_WITH_TRANSACTION);
            }
            case SqlCommand.SubstraitPlan p -> {
                checkPlan(p);
                yield p.transactionId().length == 0
                        ? info(FlightSqlProducer.statementTicket(utf8(Scenarios.PLAN_HANDLE)), descriptor,
                                Scenarios.QUERY)
                        : info(FlightSqlProducer.statementTicket(utf8("PLAN WITH TXN HANDLE")), descriptor,
                                Scenarios.QUERY_WITH_TRANSACTION);
            }
            case SqlCommand.PreparedStatementQuery p -> info(new Ticket(descriptor.command()), descriptor,
                    preparedSchema(p.handle()));
            default -> {
                switch (command) {
                    case SqlCommand.GetDbSchemas c -> {
                        expect("catalog", c.catalog(), "the catalog");
                        expect("db_schema_filter_pattern", c.dbSchemaFilterPattern(), "the schema pattern");
                    }
                    case SqlCommand.GetTables c -> {
                        expect("catalog", c.catalog(), "the catalog");
                        expect("db_schema_filter_pattern", c.dbSchemaFilterPattern(), "the schema pattern");
                        expect("table_filter_pattern", c.tableNameFilterPattern(), "the table pattern");
                        expect(List.of("table", "view"), c.tableTypes(), "the table types");
                        expect(true, c.includeSchema(), "include_schema");
                    }
                    case SqlCommand.GetPrimaryKeys c -> checkTable(c.table(), "");
                    case SqlCommand.GetExportedKeys c -> checkTable(c.table(), "");
                    case SqlCommand.GetImportedKeys c -> checkTable(c.table(), "");
                    case SqlCommand.GetCrossReference c -> {
                        checkTable(c.primary(), "pk_");
                        checkTable(c.foreign(), "fk_");
                    }
                    default -> {
                    }
                }
                // The ticket is the command itself (the flight_sql scenario's client reads GetSqlInfo's back).
                yield info(new Ticket(descriptor.command()), descriptor, FlightSqlProducer.metadataSchema(command));
            }
        };
    }

    @Override
    public Schema schema(CallContext context, SqlCommand command) {
        return switch (command) {
            case SqlCommand.StatementQuery q -> {
                expect(Scenarios.SELECT_STATEMENT, q.query(), "the query");
                yield q.transactionId().length == 0 ? Scenarios.QUERY : Scenarios.QUERY_WITH_TRANSACTION;
            }
            case SqlCommand.SubstraitPlan p -> {
                checkPlan(p);
                yield p.transactionId().length == 0 ? Scenarios.QUERY : Scenarios.QUERY_WITH_TRANSACTION;
            }
            case SqlCommand.PreparedStatementQuery p -> preparedSchema(p.handle());
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unexpected " + command);
        };
    }

    @Override
    public void stream(CallContext context, SqlCommand ticket, DataSink sink) {
        Schema schema = switch (ticket) {
            case SqlCommand.StatementQueryTicket t -> switch (text(t.handle())) {
                case "SELECT STATEMENT HANDLE", Scenarios.PLAN_HANDLE -> Scenarios.QUERY;
                case "SELECT STATEMENT WITH TXN HANDLE", "PLAN WITH TXN HANDLE" -> Scenarios.QUERY_WITH_TRANSACTION;
                default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unknown handle "
                        + text(t.handle()));
            };
            case SqlCommand.PreparedStatementQuery p -> preparedSchema(p.handle());
            case SqlCommand.GetSqlInfo c when !c.info().equals(List.of(0, 3)) -> {
                Table table = ServerInfo.sqlInfoTable(sqlInfo, c.info());
                try (FlightDataWriter out = sink.start(table.schema())) {
                    for (RecordBatch b : table.batches()) {
                        out.write(b);
                    }
                }
                yield null;
            }
            default -> FlightSqlProducer.metadataSchema(ticket);
        };
        if (schema != null) {
            sink.start(schema).close();
        }
    }

    /** Reads what the client sent to its end. */
    private static long drain(FlightStream data) {
        long rows = 0;
        for (RecordBatch b : data) {
            rows += b.rowCount();
        }
        return rows;
    }

    @Override
    public long update(CallContext context, SqlCommand command, FlightStream parameters) {
        return switch (command) {
            case SqlCommand.StatementUpdate u -> {
                expect(Scenarios.UPDATE_STATEMENT, u.query(), "the update");
                yield u.transactionId().length == 0 ? Scenarios.UPDATE_STATEMENT_ROWS
                        : Scenarios.UPDATE_STATEMENT_WITH_TRANSACTION_ROWS;
            }
            case SqlCommand.SubstraitPlan p -> {
                checkPlan(p);
                yield p.transactionId().length == 0 ? Scenarios.UPDATE_STATEMENT_ROWS
                        : Scenarios.UPDATE_STATEMENT_WITH_TRANSACTION_ROWS;
            }
            case SqlCommand.PreparedStatementUpdate p -> {
                drain(parameters);
                yield switch (text(p.handle())) {
                    case "UPDATE PREPARED STATEMENT HANDLE", "PREPARED PLAN HANDLE" ->
                        Scenarios.UPDATE_PREPARED_STATEMENT_ROWS;
                    case "UPDATE PREPARED STATEMENT WITH TXN HANDLE", "PREPARED PLAN WITH TXN HANDLE" ->
                        Scenarios.UPDATE_PREPARED_STATEMENT_WITH_TRANSACTION_ROWS;
                    default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unknown handle "
                            + text(p.handle()));
                };
            }
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unexpected " + command);
        };
    }

    @Override
    public byte[] bind(CallContext context, SqlCommand.PreparedStatementQuery command, FlightStream parameters) {
        preparedSchema(command.handle());
        expect(Scenarios.QUERY, parameters.schema(), "the schema of the parameters");
        drain(parameters);
        return null;
    }

    @Override
    public long ingest(CallContext context, SqlCommand.StatementIngest command, FlightStream rows) {
        IngestOptions o = command.options();
        expect(IngestOptions.IfExists.REPLACE, o.ifExists(), "if_exists");
        expect(IngestOptions.IfNotExists.CREATE, o.ifNotExists(), "if_not_exist");
        expect("test_table", o.table(), "the table");
        expect("test_catalog", o.catalog(), "the catalog");
        expect("test_schema", o.dbSchema(), "the schema");
        expect(true, o.temporary(), "temporary");
        expect(Scenarios.BULK_INGEST_TRANSACTION_ID, command.transactionId(), "the transaction");
        expect(Map.of("key1", "val1", "key2", "val2"), o.options(), "the options");
        expect(Scenarios.INGEST, rows.schema(), "the schema of the rows");
        return drain(rows);
    }

    @Override
    public PreparedStatement prepare(CallContext context, SqlCommand statement) {
        return switch (statement) {
            case SqlCommand.StatementQuery q -> {
                if (!q.query().equals(Scenarios.SELECT_PREPARED) && !q.query().equals(Scenarios.UPDATE_PREPARED)) {
                    throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unexpected query " + q.query());
                }
                yield new PreparedStatement(utf8(q.query() + (q.transactionId().length == 0 ? "" : " WITH TXN")
                        + " HANDLE"), null, null);
            }
            case SqlCommand.SubstraitPlan p -> {
                checkPlan(p);
                yield new PreparedStatement(utf8(p.transactionId().length == 0 ? "PREPARED PLAN HANDLE"
                        : "PREPARED PLAN WITH TXN HANDLE"), null, null);
            }
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unexpected " + statement);
        };
    }

    @Override
    public void closePreparedStatement(CallContext context, byte[] handle) {
        if (!List.of("SELECT PREPARED STATEMENT HANDLE", "SELECT PREPARED STATEMENT WITH TXN HANDLE",
                "UPDATE PREPARED STATEMENT HANDLE", "UPDATE PREPARED STATEMENT WITH TXN HANDLE", "PREPARED PLAN HANDLE",
                "PREPARED PLAN WITH TXN HANDLE").contains(text(handle))) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unknown handle " + text(handle));
        }
    }

    @Override
    public byte[] beginTransaction(CallContext context) {
        return Scenarios.TRANSACTION_ID.clone();
    }

    @Override
    public void endTransaction(CallContext context, byte[] transactionId, boolean commit) {
        expect(Scenarios.TRANSACTION_ID, transactionId, "the transaction");
    }

    @Override
    public byte[] beginSavepoint(CallContext context, byte[] transactionId, String name) {
        expect(Scenarios.SAVEPOINT_NAME, name, "the savepoint's name");
        expect(Scenarios.TRANSACTION_ID, transactionId, "the transaction");
        return Scenarios.SAVEPOINT_ID.clone();
    }

    @Override
    public void endSavepoint(CallContext context, byte[] savepointId, boolean release) {
        expect(Scenarios.SAVEPOINT_ID, savepointId, "the savepoint");
    }

    @Override
    public CancelStatus cancelFlightInfo(CallContext context, FlightInfo info) {
        expect(1, info.endpoints().size(), "the endpoints");
        SqlCommand ticket = Commands.decode(Commands.any(info.endpoints().getFirst().ticket().bytes(), "the ticket"));
        expect(true, ticket instanceof SqlCommand.StatementQueryTicket, "a TicketStatementQuery");
        expect(Scenarios.PLAN_HANDLE, text(((SqlCommand.StatementQueryTicket) ticket).handle()), "the ticket");
        return CancelStatus.CANCELLED;
    }
}
