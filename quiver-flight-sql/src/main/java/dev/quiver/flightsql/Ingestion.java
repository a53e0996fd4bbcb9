// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.duckdb.DuckDbConnection;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.sql.IngestOptions;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Bulk ingestion (CommandStatementIngest): the uploaded rows are registered as a table for the time of one
 * statement, which creates, replaces or appends to the target as the table-definition options say. A
 * missing option (UNSPECIFIED) counts as FAIL: nothing is created or changed that the client did not ask
 * for. Appending matches columns by name.
 */
final class Ingestion {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Ingestion() {
    }

    /** Ingests the rows; returns their count. */
    static long ingest(DuckDbConnection db, IngestOptions command, Table rows) {
        if (!command.options().isEmpty()) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "this server knows no ingestion options: "
                    + command.options().keySet());
        }
        String catalog = command.catalog();
        String schema = command.dbSchema();
        String target = (catalog == null ? "" : Metadata.quote(catalog) + ".")
                + (schema == null ? "" : Metadata.quote(schema) + ".") + Metadata.quote(command.table());
        boolean exists;
        try (RecordBatchReader r = db.query("SELECT count(*) FROM information_schema.tables WHERE table_name = $1 "
                + "AND ($2 IS NULL OR table_schema = $2) AND ($3 IS NULL OR table_catalog = $3)",
                command.table(), schema, catalog)) {
            exists = ((Number) Table.from(r).row(0).get(0)).longValue() > 0;
        }
        String staged = "quiver_ingest_" + random();
        String sql;
        if (!exists) {
            if (command.ifNotExists() != IngestOptions.IfNotExists.CREATE) {
                throw new FlightException(FlightStatusCode.NOT_FOUND, "the table " + target + " does not exist "
                        + "(and the ingestion does not ask to create it)");
            }
            sql = "CREATE " + (command.temporary() ? "TEMPORARY " : "") + "TABLE " + target + " AS SELECT * FROM "
                    + Metadata.quote(staged);
        } else {
            sql = switch (command.ifExists()) {
                case APPEND -> "INSERT INTO " + target + " BY NAME SELECT * FROM " + Metadata.quote(staged);
                case REPLACE -> "CREATE OR REPLACE " + (command.temporary() ? "TEMPORARY " : "") + "TABLE " + target
                        + " AS SELECT * FROM " + Metadata.quote(staged);
                case FAIL -> throw new FlightException(FlightStatusCode.ALREADY_EXISTS, "the table " + target
                        + " exists (and the ingestion does not ask to append to or replace it)");
            };
        }
        db.register(staged, rows);
        try {
            db.execute(sql);
        } finally {
            db.unregister(staged);
        }
        return rows.rowCount();
    }

    private static String random() {
        byte[] id = new byte[8];
        RANDOM.nextBytes(id);
        return HexFormat.of().formatHex(id);
    }
}
