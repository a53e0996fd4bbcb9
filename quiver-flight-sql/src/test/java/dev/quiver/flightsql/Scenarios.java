// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fixed values of the Arrow integration suite's Flight SQL scenarios ({@code flight_sql},
 * {@code flight_sql:extension}, {@code flight_sql:ingestion}), as arrow-java's flight-integration-tests
 * (FlightSqlScenario, FlightSqlExtensionScenario, FlightSqlIngestionScenario, FlightSqlScenarioProducer) and
 * Arrow C++'s test_integration.cc define them: a static server that checks every command it receives field
 * by field and answers with fixed schemas and counts, and a client that checks those answers.
 */
final class Scenarios {
    /** The scenarios, by the names the integration suite gives them. */
    enum Name {
        FLIGHT_SQL, EXTENSION, INGESTION
    }

    static final String SERVER_NAME = "Flight SQL Integration Test Server";
    static final long UPDATE_STATEMENT_ROWS = 10000L;
    static final long UPDATE_STATEMENT_WITH_TRANSACTION_ROWS = 15000L;
    static final long UPDATE_PREPARED_STATEMENT_ROWS = 20000L;
    static final long UPDATE_PREPARED_STATEMENT_WITH_TRANSACTION_ROWS = 25000L;
    static final byte[] SAVEPOINT_ID = bytes("savepoint_id");
    static final String SAVEPOINT_NAME = "savepoint_name";
    static final byte[] SUBSTRAIT_PLAN = bytes("plan");
    static final String SUBSTRAIT_VERSION = "version";
    static final byte[] TRANSACTION_ID = bytes("transaction_id");
    static final byte[] BULK_INGEST_TRANSACTION_ID = bytes("123");
    static final String SELECT_STATEMENT = "SELECT STATEMENT";
    static final String UPDATE_STATEMENT = "UPDATE STATEMENT";
    static final String SELECT_PREPARED = "SELECT PREPARED STATEMENT";
    static final String UPDATE_PREPARED = "UPDATE PREPARED STATEMENT";
    /** The ticket handle the extension scenario's CancelQuery carries (that of the Substrait plan's query). */
    static final String PLAN_HANDLE = "PLAN HANDLE";

    /** The result schema of the scenarios' queries: one int64 column with Flight SQL column metadata. */
    static final Schema QUERY = querySchema("id", new ArrowType.Int(64, true));
    /** The result schema of the scenarios' queries in a transaction. */
    static final Schema QUERY_WITH_TRANSACTION = querySchema("pkey", new ArrowType.Int(32, true));
    /** The rows of the ingestion scenario: three rows of one nullable int64 column. */
    static final Schema INGEST = Schema.of(Field.nullable("test_field", new ArrowType.Int(64, true)));

    private Scenarios() {
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The column metadata the scenarios give their query columns. The database schema's key is
     * {@code ARROW:FLIGHT:SQL:SCHEMA_NAME}, as arrow-java's FlightSqlColumnMetadata writes it (FlightSql.proto
     * names it DB_SCHEMA_NAME); booleans are "1" and "0".
     */
    private static Schema querySchema(String name, ArrowType type) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("ARROW:FLIGHT:SQL:TABLE_NAME", "test");
        m.put("ARROW:FLIGHT:SQL:IS_AUTO_INCREMENT", "1");
        m.put("ARROW:FLIGHT:SQL:IS_CASE_SENSITIVE", "0");
        m.put("ARROW:FLIGHT:SQL:TYPE_NAME", "type_test");
        m.put("ARROW:FLIGHT:SQL:SCHEMA_NAME", "schema_test");
        m.put("ARROW:FLIGHT:SQL:IS_SEARCHABLE", "1");
        m.put("ARROW:FLIGHT:SQL:CATALOG_NAME", "catalog_test");
        m.put("ARROW:FLIGHT:SQL:PRECISION", "100");
        m.put("ARROW:FLIGHT:SQL:REMARKS", "test column");
        return new Schema(List.of(new Field(name, type, true, null, m)));
    }
}
