// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.array.UnionValue;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.UnionMode;
import dev.quiver.duckdb.DuckDb;
import dev.quiver.duckdb.DuckDbConnection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GetSqlInfo and GetXdbcTypeInfo: what the server says of itself and of DuckDB's SQL, in the schemas of
 * FlightSql.proto. Each value is what this server does (each session's transactions see a snapshot of
 * the database, DuckDB's isolation, so repeatable read; catalogs cannot be created, ATTACH being refused).
 */
final class ServerInfo {
    private static final ArrowType UTF8 = new ArrowType.Utf8();
    private static final ArrowType INT32 = new ArrowType.Int(32, true);
    private static final ArrowType BOOL = new ArrowType.Bool();

    /** The dense union of a SqlInfo value, type ids 0 to 5 as FlightSql.proto numbers its members. */
    private static final ArrowType.Union VALUE = new ArrowType.Union(UnionMode.DENSE, List.of(
            Field.notNull("string_value", UTF8), Field.notNull("bool_value", BOOL),
            Field.notNull("bigint_value", new ArrowType.Int(64, true)), Field.notNull("int32_bitmask", INT32),
            Field.notNull("string_list", ArrowType.List.of(UTF8)),
            Field.notNull("int32_to_int32_list_map", ArrowType.Map.of(INT32, ArrowType.List.of(INT32), false))),
            List.of(0, 1, 2, 3, 4, 5));
    private static final int STRING = 0;
    private static final int BOOLEAN = 1;
    private static final int BIGINT = 2;
    private static final int INT32_VALUE = 3;
    private static final int STRING_LIST = 4;

    /** CommandGetSqlInfo. */
    static final Schema SQL_INFO = Schema.of(Field.notNull("info_name", new ArrowType.Int(32, false)),
            Field.notNull("value", VALUE));

    /** CommandGetXdbcTypeInfo. */
    static final Schema XDBC_TYPE_INFO = Schema.of(Field.notNull("type_name", UTF8), Field.notNull("data_type", INT32),
            Field.nullable("column_size", INT32), Field.nullable("literal_prefix", UTF8),
            Field.nullable("literal_suffix", UTF8),
            Field.nullable("create_params", new ArrowType.List(Field.notNull("item", UTF8))),
            Field.notNull("nullable", INT32), Field.notNull("case_sensitive", BOOL), Field.notNull("searchable", INT32),
            Field.nullable("unsigned_attribute", BOOL), Field.notNull("fixed_prec_scale", BOOL),
            Field.nullable("auto_increment", BOOL), Field.nullable("local_type_name", UTF8),
            Field.nullable("minimum_scale", INT32), Field.nullable("maximum_scale", INT32),
            Field.notNull("sql_data_type", INT32), Field.nullable("datetime_subcode", INT32),
            Field.nullable("num_prec_radix", INT32), Field.nullable("interval_precision", INT32));

    private ServerInfo() {
    }

    /** Every SqlInfo value the server gives, by id. */
    static Map<Integer, UnionValue> sqlInfo(DuckDbConnection db, SqlLimits limits) {
        Map<Integer, UnionValue> info = new LinkedHashMap<>();
        info.put(0, new UnionValue(STRING, "Quiver Flight SQL (DuckDB)"));
        info.put(1, new UnionValue(STRING, DuckDb.version()));
        info.put(2, new UnionValue(STRING, "1.5.0"));
        info.put(3, new UnionValue(BOOLEAN, false));
        info.put(4, new UnionValue(BOOLEAN, true));
        info.put(5, new UnionValue(BOOLEAN, false));
        info.put(8, new UnionValue(INT32_VALUE, 1)); // SQL_SUPPORTED_TRANSACTION_TRANSACTION: no savepoints
        info.put(9, new UnionValue(BOOLEAN, true));
        info.put(10, new UnionValue(BOOLEAN, true));
        info.put(11, new UnionValue(BOOLEAN, true));
        info.put(100, new UnionValue(INT32_VALUE, 0)); // prepared statements do not expire
        info.put(101, new UnionValue(INT32_VALUE, (int) Math.min(Integer.MAX_VALUE,
                limits.transactionIdleTimeout().toMillis())));
        info.put(500, new UnionValue(BOOLEAN, false));
        info.put(501, new UnionValue(BOOLEAN, true));
        info.put(502, new UnionValue(BOOLEAN, true));
        info.put(503, new UnionValue(INT32_VALUE, 1)); // case insensitive
        info.put(504, new UnionValue(STRING, "\""));
        info.put(505, new UnionValue(INT32_VALUE, 1)); // quoted identifiers match case-insensitively too
        info.put(506, new UnionValue(BOOLEAN, true));
        info.put(507, new UnionValue(INT32_VALUE, 3)); // NULLS LAST by default, ascending or descending
        info.put(508, new UnionValue(STRING_LIST, keywords(db)));
        info.put(513, new UnionValue(STRING, "\\"));
        info.put(514, new UnionValue(STRING, ""));
        info.put(515, new UnionValue(BOOLEAN, true));
        info.put(516, new UnionValue(BOOLEAN, true));
        info.put(518, new UnionValue(BOOLEAN, true));
        info.put(519, new UnionValue(BOOLEAN, false));
        info.put(520, new UnionValue(BOOLEAN, true));
        info.put(521, new UnionValue(BOOLEAN, true));
        info.put(523, new UnionValue(BOOLEAN, true));
        info.put(524, new UnionValue(BOOLEAN, true));
        info.put(529, new UnionValue(STRING, "schema"));
        info.put(531, new UnionValue(STRING, "catalog"));
        info.put(532, new UnionValue(BOOLEAN, true));
        info.put(536, new UnionValue(BOOLEAN, false));
        info.put(537, new UnionValue(BOOLEAN, false));
        info.put(539, new UnionValue(BOOLEAN, true));
        info.put(562, new UnionValue(INT32_VALUE, 3)); // repeatable read: DuckDB gives each transaction a snapshot
        info.put(563, new UnionValue(BOOLEAN, true));
        info.put(564, new UnionValue(INT32_VALUE, 1 << 3));
        info.put(565, new UnionValue(BOOLEAN, false));
        info.put(566, new UnionValue(BOOLEAN, false));
        info.put(572, new UnionValue(BOOLEAN, true));
        info.put(573, new UnionValue(BOOLEAN, false));
        info.put(574, new UnionValue(BOOLEAN, false));
        info.put(575, new UnionValue(BOOLEAN, false));
        info.put(576, new UnionValue(BOOLEAN, false));
        return info;
    }

    private static List<String> keywords(DuckDbConnection db) {
        try (RecordBatchReader r = db.query("SELECT keyword_name FROM duckdb_keywords() ORDER BY 1")) {
            Table t = Table.from(r);
            List<String> out = new ArrayList<>();
            for (long i = 0; i < t.rowCount(); i++) {
                out.add(((String) t.row(i).get(0)).toUpperCase(java.util.Locale.ROOT));
            }
            return out;
        }
    }

    /** The SqlInfo table of the ids asked for (none: all), in the order asked. */
    static Table sqlInfoTable(Map<Integer, UnionValue> info, List<Integer> ids) {
        List<List<Object>> rows = new ArrayList<>();
        for (int id : ids.isEmpty() ? new ArrayList<>(info.keySet()) : ids) {
            UnionValue value = info.get(id);
            if (value != null) {
                rows.add(List.of(id, value));
            }
        }
        return Metadata.table(SQL_INFO, rows);
    }

    /** The types of DuckDB's SQL, optionally of one XdbcDataType, ordered by data type then name. */
    static Table xdbcTypes(Integer dataType) {
        List<List<Object>> rows = new ArrayList<>();
        for (List<Object> row : List.of(
                type("BIGINT", -5, 19, null, null, null, false, false, -5, null, 10),
                type("BOOLEAN", -7, 1, null, null, null, false, false, -7, null, null),
                type("BLOB", -3, null, "'", "'::BLOB", null, false, false, -3, null, null),
                type("DATE", 91, 10, "DATE '", "'", null, false, false, 9, 1, null),
                type("DECIMAL", 3, 38, null, null, List.of("precision", "scale"), false, false, 3, null, 10),
                type("DOUBLE", 8, 53, null, null, null, false, false, 8, null, 2),
                type("FLOAT", 7, 24, null, null, null, false, false, 7, null, 2),
                type("INTEGER", 4, 10, null, null, null, false, false, 4, null, 10),
                type("INTERVAL", 10, null, "INTERVAL '", "'", null, false, false, 10, null, null),
                type("SMALLINT", 5, 5, null, null, null, false, false, 5, null, 10),
                type("TIME", 92, 15, "TIME '", "'", null, false, false, 9, 2, null),
                type("TIMESTAMP", 93, 26, "TIMESTAMP '", "'", null, false, false, 9, 3, null),
                type("TINYINT", -6, 3, null, null, null, false, false, -6, null, 10),
                type("UUID", 0, 36, "'", "'::UUID", null, false, false, 0, null, null),
                type("VARCHAR", 12, null, "'", "'", null, true, false, 12, null, null))) {
            if (dataType == null || dataType.equals(row.get(1))) {
                rows.add(row);
            }
        }
        rows.sort((a, b) -> a.get(1).equals(b.get(1)) ? ((String) a.get(0)).compareTo((String) b.get(0))
                : Integer.compare((Integer) a.get(1), (Integer) b.get(1)));
        return Metadata.table(XDBC_TYPE_INFO, rows);
    }

    private static List<Object> type(String name, int dataType, Integer size, String prefix, String suffix,
            List<String> createParams, boolean caseSensitive, boolean fixedScale, int sqlType, Integer subcode,
            Integer radix) {
        boolean numeric = radix != null;
        return Arrays.asList(name, dataType, size, prefix, suffix, createParams, 1, caseSensitive, 3,
                numeric ? Boolean.FALSE : null, fixedScale, numeric ? Boolean.FALSE : null, name,
                dataType == 3 ? 0 : null, dataType == 3 ? 38 : null, sqlType, subcode, radix, null);
    }
}
