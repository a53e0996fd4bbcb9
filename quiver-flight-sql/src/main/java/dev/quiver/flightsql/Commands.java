// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.Result;
import dev.quiver.flight.internal.sql.FlightSql;
import dev.quiver.flight.internal.sql.FlightSql.CommandStatementIngest.TableDefinitionOptions;
import dev.quiver.flight.sql.IngestOptions;
import dev.quiver.flight.sql.TableRef;
import java.util.List;

/**
 * The protobuf side of Flight SQL for the server: commands (packed in a {@code google.protobuf.Any}) decoded
 * into {@link SqlCommand}s, action bodies unpacked, results packed. A message that is not what it should be
 * is a {@link FlightException} of code INVALID_ARGUMENT naming what was expected.
 */
final class Commands {
    static final String TYPE_PREFIX = "type.googleapis.com/arrow.flight.protocol.sql.";

    private Commands() {
    }

    /** The command of a command descriptor. */
    static SqlCommand command(FlightDescriptor descriptor) {
        if (!descriptor.isCommand()) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "this Flight SQL server takes command "
                    + "descriptors, not paths");
        }
        return decode(any(descriptor.command(), "the command"));
    }

    /** A command or ticket message as a {@link SqlCommand}. */
    static SqlCommand decode(Any command) {
        return switch (name(command)) {
            case "CommandStatementQuery" -> {
                FlightSql.CommandStatementQuery c = unpack(command, FlightSql.CommandStatementQuery.class);
                yield new SqlCommand.StatementQuery(c.getQuery(), c.getTransactionId().toByteArray());
            }
            case "CommandStatementSubstraitPlan" -> {
                FlightSql.CommandStatementSubstraitPlan c = unpack(command,
                        FlightSql.CommandStatementSubstraitPlan.class);
                yield new SqlCommand.SubstraitPlan(c.getPlan().getPlan().toByteArray(), c.getPlan().getVersion(),
                        c.getTransactionId().toByteArray());
            }
            case "CommandStatementUpdate" -> {
                FlightSql.CommandStatementUpdate c = unpack(command, FlightSql.CommandStatementUpdate.class);
                yield new SqlCommand.StatementUpdate(c.getQuery(), c.getTransactionId().toByteArray());
            }
            case "CommandPreparedStatementQuery" -> new SqlCommand.PreparedStatementQuery(unpack(command,
                    FlightSql.CommandPreparedStatementQuery.class).getPreparedStatementHandle().toByteArray());
            case "CommandPreparedStatementUpdate" -> new SqlCommand.PreparedStatementUpdate(unpack(command,
                    FlightSql.CommandPreparedStatementUpdate.class).getPreparedStatementHandle().toByteArray());
            case "CommandStatementIngest" -> ingest(unpack(command, FlightSql.CommandStatementIngest.class));
            case "TicketStatementQuery" -> new SqlCommand.StatementQueryTicket(unpack(command,
                    FlightSql.TicketStatementQuery.class).getStatementHandle().toByteArray());
            case "CommandGetSqlInfo" -> new SqlCommand.GetSqlInfo(List.copyOf(unpack(command,
                    FlightSql.CommandGetSqlInfo.class).getInfoList()));
            case "CommandGetXdbcTypeInfo" -> {
                FlightSql.CommandGetXdbcTypeInfo c = unpack(command, FlightSql.CommandGetXdbcTypeInfo.class);
                yield new SqlCommand.GetXdbcTypeInfo(c.hasDataType() ? c.getDataType() : null);
            }
            case "CommandGetCatalogs" -> {
                unpack(command, FlightSql.CommandGetCatalogs.class);
                yield new SqlCommand.GetCatalogs();
            }
            case "CommandGetDbSchemas" -> {
                FlightSql.CommandGetDbSchemas c = unpack(command, FlightSql.CommandGetDbSchemas.class);
                yield new SqlCommand.GetDbSchemas(c.hasCatalog() ? c.getCatalog() : null,
                        c.hasDbSchemaFilterPattern() ? c.getDbSchemaFilterPattern() : null);
            }
            case "CommandGetTables" -> {
                FlightSql.CommandGetTables c = unpack(command, FlightSql.CommandGetTables.class);
                yield new SqlCommand.GetTables(c.hasCatalog() ? c.getCatalog() : null,
                        c.hasDbSchemaFilterPattern() ? c.getDbSchemaFilterPattern() : null,
                        c.hasTableNameFilterPattern() ? c.getTableNameFilterPattern() : null,
                        List.copyOf(c.getTableTypesList()), c.getIncludeSchema());
            }
            case "CommandGetTableTypes" -> {
                unpack(command, FlightSql.CommandGetTableTypes.class);
                yield new SqlCommand.GetTableTypes();
            }
            case "CommandGetPrimaryKeys" -> {
                FlightSql.CommandGetPrimaryKeys c = unpack(command, FlightSql.CommandGetPrimaryKeys.class);
                yield new SqlCommand.GetPrimaryKeys(new TableRef(c.hasCatalog() ? c.getCatalog() : null,
                        c.hasDbSchema() ? c.getDbSchema() : null, c.getTable()));
            }
            case "CommandGetExportedKeys" -> {
                FlightSql.CommandGetExportedKeys c = unpack(command, FlightSql.CommandGetExportedKeys.class);
                yield new SqlCommand.GetExportedKeys(new TableRef(c.hasCatalog() ? c.getCatalog() : null,
                        c.hasDbSchema() ? c.getDbSchema() : null, c.getTable()));
            }
            case "CommandGetImportedKeys" -> {
                FlightSql.CommandGetImportedKeys c = unpack(command, FlightSql.CommandGetImportedKeys.class);
                yield new SqlCommand.GetImportedKeys(new TableRef(c.hasCatalog() ? c.getCatalog() : null,
                        c.hasDbSchema() ? c.getDbSchema() : null, c.getTable()));
            }
            case "CommandGetCrossReference" -> {
                FlightSql.CommandGetCrossReference c = unpack(command, FlightSql.CommandGetCrossReference.class);
                yield new SqlCommand.GetCrossReference(new TableRef(c.hasPkCatalog() ? c.getPkCatalog() : null,
                        c.hasPkDbSchema() ? c.getPkDbSchema() : null, c.getPkTable()),
                        new TableRef(c.hasFkCatalog() ? c.getFkCatalog() : null,
                                c.hasFkDbSchema() ? c.getFkDbSchema() : null, c.getFkTable()));
            }
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unknown Flight SQL command "
                    + command.getTypeUrl());
        };
    }

    private static SqlCommand.StatementIngest ingest(FlightSql.CommandStatementIngest c) {
        if (c.getTable().isEmpty()) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "CommandStatementIngest names no table");
        }
        TableDefinitionOptions d = c.getTableDefinitionOptions();
        IngestOptions.IfNotExists ifNotExists = d.getIfNotExist()
                == TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_CREATE
                ? IngestOptions.IfNotExists.CREATE : IngestOptions.IfNotExists.FAIL;
        IngestOptions.IfExists ifExists = switch (d.getIfExists()) {
            case TABLE_EXISTS_OPTION_APPEND -> IngestOptions.IfExists.APPEND;
            case TABLE_EXISTS_OPTION_REPLACE -> IngestOptions.IfExists.REPLACE;
            default -> IngestOptions.IfExists.FAIL;
        };
        return new SqlCommand.StatementIngest(new IngestOptions(c.getTable(), ifNotExists, ifExists,
                c.hasCatalog() ? c.getCatalog() : null, c.hasSchema() ? c.getSchema() : null, c.getTemporary(),
                c.getOptionsMap()), c.getTransactionId().toByteArray());
    }

    /** Bytes as a protobuf Any. */
    static Any any(byte[] bytes, String what) {
        try {
            return Any.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, what + " is not a protobuf Any: "
                    + e.getMessage(), e);
        }
    }

    /** The Flight SQL message name of an Any. */
    static String name(Any any) {
        String url = any.getTypeUrl();
        if (!url.startsWith(TYPE_PREFIX)) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "not a Flight SQL message: " + url);
        }
        return url.substring(TYPE_PREFIX.length());
    }

    /** The message of an Any. */
    static <T extends Message> T unpack(Any any, Class<T> type) {
        try {
            return any.unpack(type);
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "not a " + type.getSimpleName() + ": "
                    + e.getMessage(), e);
        }
    }

    /** A message as an action result: packed in an Any. */
    static Result result(Message message) {
        return new Result(Any.pack(message).toByteArray());
    }
}
