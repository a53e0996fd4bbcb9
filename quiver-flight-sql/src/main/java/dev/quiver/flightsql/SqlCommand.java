// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.flight.sql.IngestOptions;
import dev.quiver.flight.sql.TableRef;
import java.util.List;

/**
 * A Flight SQL command as a {@link FlightSqlProducer} receives it: the message of FlightSql.proto that a
 * descriptor or ticket carries, decoded. Optional fields the client did not set are null; byte strings
 * (handles, transaction ids) are empty when unset. Byte arrays are the decoder's own: a producer may keep
 * them.
 */
public sealed interface SqlCommand {
    /**
     * CommandStatementQuery: a SQL query.
     *
     * @param query the SQL text
     * @param transactionId the transaction, empty for none
     */
    record StatementQuery(String query, byte[] transactionId) implements SqlCommand {
    }

    /**
     * CommandStatementSubstraitPlan: a Substrait plan, as a query (GetFlightInfo) or an update (DoPut).
     *
     * @param plan the serialized plan
     * @param version the Substrait version of the plan
     * @param transactionId the transaction, empty for none
     */
    record SubstraitPlan(byte[] plan, String version, byte[] transactionId) implements SqlCommand {
    }

    /**
     * CommandStatementUpdate: a SQL statement without a result.
     *
     * @param query the SQL text
     * @param transactionId the transaction, empty for none
     */
    record StatementUpdate(String query, byte[] transactionId) implements SqlCommand {
    }

    /**
     * CommandPreparedStatementQuery: runs a prepared statement as a query (or binds its parameters, DoPut).
     *
     * @param handle the statement's handle
     */
    record PreparedStatementQuery(byte[] handle) implements SqlCommand {
    }

    /**
     * CommandPreparedStatementUpdate: runs a prepared statement as an update.
     *
     * @param handle the statement's handle
     */
    record PreparedStatementUpdate(byte[] handle) implements SqlCommand {
    }

    /**
     * CommandStatementIngest: bulk ingestion. Table-definition options left UNSPECIFIED arrive as
     * {@code FAIL}.
     *
     * @param options the target table and its options
     * @param transactionId the transaction, empty for none
     */
    record StatementIngest(IngestOptions options, byte[] transactionId) implements SqlCommand {
    }

    /**
     * TicketStatementQuery: a ticket naming a result by the server's handle.
     *
     * @param handle the server's handle
     */
    record StatementQueryTicket(byte[] handle) implements SqlCommand {
    }

    /**
     * CommandGetSqlInfo.
     *
     * @param info the SqlInfo ids wanted, empty for all
     */
    record GetSqlInfo(List<Integer> info) implements SqlCommand {
    }

    /**
     * CommandGetXdbcTypeInfo.
     *
     * @param dataType the XDBC data type wanted, or null for all
     */
    record GetXdbcTypeInfo(Integer dataType) implements SqlCommand {
    }

    /** CommandGetCatalogs. */
    record GetCatalogs() implements SqlCommand {
    }

    /**
     * CommandGetDbSchemas.
     *
     * @param catalog the catalog, or null for all
     * @param dbSchemaFilterPattern a LIKE pattern of schema names, or null for all
     */
    record GetDbSchemas(String catalog, String dbSchemaFilterPattern) implements SqlCommand {
    }

    /**
     * CommandGetTables.
     *
     * @param catalog the catalog, or null for all
     * @param dbSchemaFilterPattern a LIKE pattern of schema names, or null for all
     * @param tableNameFilterPattern a LIKE pattern of table names, or null for all
     * @param tableTypes the table types wanted, empty for all
     * @param includeSchema whether each row carries the table's Arrow schema
     */
    record GetTables(String catalog, String dbSchemaFilterPattern, String tableNameFilterPattern,
            List<String> tableTypes, boolean includeSchema) implements SqlCommand {
    }

    /** CommandGetTableTypes. */
    record GetTableTypes() implements SqlCommand {
    }

    /**
     * CommandGetPrimaryKeys.
     *
     * @param table the table
     */
    record GetPrimaryKeys(TableRef table) implements SqlCommand {
    }

    /**
     * CommandGetExportedKeys: the foreign keys that refer to a table's primary key.
     *
     * @param table the table with the primary key
     */
    record GetExportedKeys(TableRef table) implements SqlCommand {
    }

    /**
     * CommandGetImportedKeys: the foreign keys of a table.
     *
     * @param table the table with the foreign keys
     */
    record GetImportedKeys(TableRef table) implements SqlCommand {
    }

    /**
     * CommandGetCrossReference: the foreign keys of one table that refer to another's primary key.
     *
     * @param primary the table with the primary key
     * @param foreign the table with the foreign key
     */
    record GetCrossReference(TableRef primary, TableRef foreign) implements SqlCommand {
    }
}
