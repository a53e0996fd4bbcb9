// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Row;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.duckdb.DuckDbConnection;
import dev.quiver.flight.internal.ProtoConversions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The metadata commands of Flight SQL answered from DuckDB's catalog ({@code information_schema},
 * {@code duckdb_constraints()}), each in the schema FlightSql.proto gives it.
 */
final class Metadata {
    private static final ArrowType UTF8 = new ArrowType.Utf8();
    private static final ArrowType INT32 = new ArrowType.Int(32, true);

    /** CommandGetCatalogs. */
    static final Schema CATALOGS = Schema.of(Field.notNull("catalog_name", UTF8));
    /** CommandGetDbSchemas. */
    static final Schema DB_SCHEMAS = Schema.of(Field.nullable("catalog_name", UTF8),
            Field.notNull("db_schema_name", UTF8));
    /** CommandGetTables without the table schemas. */
    static final Schema TABLES = Schema.of(Field.nullable("catalog_name", UTF8), Field.nullable("db_schema_name",
            UTF8), Field.notNull("table_name", UTF8), Field.notNull("table_type", UTF8));
    /** CommandGetTables with the table schemas. */
    static final Schema TABLES_WITH_SCHEMA = Schema.of(Field.nullable("catalog_name", UTF8),
            Field.nullable("db_schema_name", UTF8), Field.notNull("table_name", UTF8),
            Field.notNull("table_type", UTF8), Field.notNull("table_schema", new ArrowType.Binary()));
    /** CommandGetTableTypes. */
    static final Schema TABLE_TYPES = Schema.of(Field.notNull("table_type", UTF8));
    /** CommandGetPrimaryKeys. */
    static final Schema PRIMARY_KEYS = Schema.of(Field.nullable("catalog_name", UTF8),
            Field.nullable("db_schema_name", UTF8), Field.notNull("table_name", UTF8),
            Field.notNull("column_name", UTF8), Field.notNull("key_sequence", INT32), Field.nullable("key_name", UTF8));
    /** CommandGetExportedKeys, CommandGetImportedKeys, CommandGetCrossReference. */
    static final Schema KEYS = Schema.of(Field.nullable("pk_catalog_name", UTF8),
            Field.nullable("pk_db_schema_name", UTF8), Field.notNull("pk_table_name", UTF8),
            Field.notNull("pk_column_name", UTF8), Field.nullable("fk_catalog_name", UTF8),
            Field.nullable("fk_db_schema_name", UTF8), Field.notNull("fk_table_name", UTF8),
            Field.notNull("fk_column_name", UTF8), Field.notNull("key_sequence", INT32),
            Field.nullable("fk_key_name", UTF8), Field.nullable("pk_key_name", UTF8),
            Field.notNull("update_rule", new ArrowType.Int(8, false)),
            Field.notNull("delete_rule", new ArrowType.Int(8, false)));

    /** The table types, as DuckDB's information_schema names them. */
    static final List<String> TYPES = List.of("BASE TABLE", "LOCAL TEMPORARY", "VIEW");

    /** UpdateDeleteRules.NO_ACTION: DuckDB's foreign keys forbid changing a referenced key. */
    private static final int NO_ACTION = 3;

    private Metadata() {
    }

    /** A batch of rows of a metadata schema. */
    static Table table(Schema schema, List<List<Object>> rows) {
        return new Table(schema, List.of(RecordBatch.ofRows(schema, rows)));
    }

    private static Table rows(DuckDbConnection db, String sql, Object... parameters) {
        try (RecordBatchReader r = db.query(sql, parameters)) {
            return Table.from(r);
        }
    }

    static Table catalogs(DuckDbConnection db) {
        Table t = rows(db, "SELECT DISTINCT catalog_name FROM information_schema.schemata ORDER BY 1");
        List<List<Object>> out = new ArrayList<>();
        for (long i = 0; i < t.rowCount(); i++) {
            out.add(List.of(t.row(i).get(0)));
        }
        return table(CATALOGS, out);
    }

    static Table dbSchemas(DuckDbConnection db, String catalog, String pattern) {
        Table t = rows(db, "SELECT catalog_name, schema_name FROM information_schema.schemata "
                + "WHERE ($1 IS NULL OR catalog_name = $1) AND ($2 IS NULL OR schema_name LIKE $2 ESCAPE '\\') "
                + "ORDER BY 1, 2", catalog, pattern);
        List<List<Object>> out = new ArrayList<>();
        for (long i = 0; i < t.rowCount(); i++) {
            Row r = t.row(i);
            out.add(Arrays.asList(r.get(0), r.get(1)));
        }
        return table(DB_SCHEMAS, out);
    }

    static Table tables(DuckDbConnection db, String catalog, String schemaPattern, String tablePattern,
            List<String> types, boolean includeSchema) {
        Table t = rows(db, "SELECT table_catalog, table_schema, table_name, table_type FROM information_schema.tables "
                + "WHERE ($1 IS NULL OR table_catalog = $1) AND ($2 IS NULL OR table_schema LIKE $2 ESCAPE '\\') "
                + "AND ($3 IS NULL OR table_name LIKE $3 ESCAPE '\\') ORDER BY 1, 2, 3",
                catalog, schemaPattern, tablePattern);
        List<List<Object>> out = new ArrayList<>();
        for (long i = 0; i < t.rowCount(); i++) {
            Row r = t.row(i);
            String type = (String) r.get(3);
            if (!types.isEmpty() && !types.contains(type)) {
                continue;
            }
            List<Object> row = new ArrayList<>(Arrays.asList(r.get(0), r.get(1), r.get(2), type));
            if (includeSchema) {
                String name = quote((String) r.get(0)) + "." + quote((String) r.get(1)) + "." + quote((String) r.get(2));
                try (RecordBatchReader scan = db.query("SELECT * FROM " + name + " LIMIT 0")) {
                    row.add(ProtoConversions.encodeSchema(scan.schema()));
                }
            }
            out.add(row);
        }
        return table(includeSchema ? TABLES_WITH_SCHEMA : TABLES, out);
    }

    static Table tableTypes() {
        List<List<Object>> out = new ArrayList<>();
        for (String type : TYPES) {
            out.add(List.of(type));
        }
        return table(TABLE_TYPES, out);
    }

    static Table primaryKeys(DuckDbConnection db, String catalog, String schema, String table) {
        Table t = rows(db, "SELECT database_name, schema_name, table_name, constraint_column_names, constraint_name "
                + "FROM duckdb_constraints() WHERE constraint_type = 'PRIMARY KEY' "
                + "AND ($1 IS NULL OR database_name = $1) AND ($2 IS NULL OR schema_name = $2) AND table_name = $3 "
                + "ORDER BY 1, 2, 3", catalog, schema, table);
        List<List<Object>> out = new ArrayList<>();
        for (long i = 0; i < t.rowCount(); i++) {
            Row r = t.row(i);
            List<?> columns = (List<?>) r.get(3);
            for (int k = 0; k < columns.size(); k++) {
                out.add(Arrays.asList(r.get(0), r.get(1), r.get(2), columns.get(k), k + 1, r.get(4)));
            }
        }
        return table(PRIMARY_KEYS, out);
    }

    /**
     * Foreign keys: those of the table {@code fk} (imported), those referring to {@code pk} (exported), or
     * both (cross reference); a null side is not filtered.
     */
    static Table foreignKeys(DuckDbConnection db, String[] pk, String[] fk) {
        Table t = rows(db, "SELECT database_name, schema_name, table_name, constraint_column_names, "
                + "referenced_table, referenced_column_names, constraint_name FROM duckdb_constraints() "
                + "WHERE constraint_type = 'FOREIGN KEY' "
                + "AND ($1 IS NULL OR database_name = $1) AND ($2 IS NULL OR schema_name = $2) "
                + "AND ($3 IS NULL OR table_name = $3) AND ($4 IS NULL OR referenced_table = $4) ORDER BY 1, 2, 3",
                fk == null ? pk[0] : fk[0], fk == null ? pk[1] : fk[1], fk == null ? null : fk[2],
                pk == null ? null : pk[2]);
        List<List<Object>> out = new ArrayList<>();
        for (long i = 0; i < t.rowCount(); i++) {
            Row r = t.row(i);
            List<?> fkColumns = (List<?>) r.get(3);
            List<?> pkColumns = (List<?>) r.get(5);
            for (int k = 0; k < fkColumns.size() && k < pkColumns.size(); k++) {
                // DuckDB's foreign keys refer to a table of the same database and schema.
                out.add(Arrays.asList(r.get(0), r.get(1), r.get(4), pkColumns.get(k), r.get(0), r.get(1),
                        r.get(2), fkColumns.get(k), k + 1, r.get(6), null, NO_ACTION, NO_ACTION));
            }
        }
        return table(KEYS, out);
    }

    /** A name as a quoted SQL identifier. */
    static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
