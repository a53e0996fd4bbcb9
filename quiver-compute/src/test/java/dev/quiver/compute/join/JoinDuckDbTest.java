// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.compute.aggregate.PyCases;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hash join against DuckDB for every join type, on bench-v1-like data ({@code id}, {@code maybe},
 * {@code name} by bench-v1's formulas) and a 10,008-row dimension table, on keys of int64, of utf8 and of
 * two columns (utf8, int32), with nulls in keys on both sides (which never match). Each side builds the
 * data from the same formulas; the sorted output rows are compared by count and SHA-256.
 */
class JoinDuckDbTest {
    private static final int ROWS = 30_000;
    private static final int DIM = 10_008;
    private static final Schema LEFT = Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("maybe", ArrowType.INT32),
            Field.nullable("name", ArrowType.UTF8));
    private static final Schema DIMENSION = Schema.of(Field.notNull("dim_id", ArrowType.INT64),
            Field.nullable("name", ArrowType.UTF8), Field.notNull("k2", ArrowType.INT32),
            Field.notNull("region", ArrowType.UTF8), Field.notNull("dim_v", ArrowType.INT64));
    private static final String PYTHON_DATA = """
            import duckdb, hashlib
            N, D = %d, %d
            l = pa.table({'id': pa.array(range(N), pa.int64()),
                          'maybe': pa.array([None if i %% 10 == 7 else (i %% 1000) - 500 for i in range(N)], pa.int32()),
                          'name': pa.array([None if i %% 17 == 0 else 'name-' + str(i %% 10007) for i in range(N)], pa.string())})
            r = pa.table({'dim_id': pa.array([j * 3 for j in range(D)], pa.int64()),
                          'name': pa.array([None if j == D - 1 else 'name-' + str(j + 5) for j in range(D)], pa.string()),
                          'k2': pa.array([(j %% 1000) - 500 for j in range(D)], pa.int32()),
                          'region': pa.array(['r' + str(j %% 7) for j in range(D)], pa.string()),
                          'dim_v': pa.array(range(D), pa.int64())})
            con = duckdb.connect()
            con.register('l', l)
            con.register('r', r)
            def digest(sql):
                rows = sorted('|'.join('\\u2205' if v is None else str(v) for v in row) for row in con.execute(sql).fetchall())
                return [len(rows), hashlib.sha256('\\n'.join(rows).encode()).hexdigest()]
            """.formatted(ROWS, DIM);

    private static List<List<Object>> leftRows() {
        List<List<Object>> rows = new ArrayList<>();
        for (long i = 0; i < ROWS; i++) {
            rows.add(Arrays.asList(i, i % 10 == 7 ? null : (int) (i % 1000) - 500, i % 17 == 0 ? null : "name-" + (i % 10007)));
        }
        return rows;
    }

    private static List<List<Object>> dimensionRows() {
        List<List<Object>> rows = new ArrayList<>();
        for (long j = 0; j < DIM; j++) {
            rows.add(Arrays.asList(j * 3, j == DIM - 1 ? null : "name-" + (j + 5), (int) (j % 1000) - 500, "r" + (j % 7), j));
        }
        return rows;
    }

    /** A table of rows in batches of 4096 rows. */
    private static Table table(Schema schema, List<List<Object>> rows) {
        List<RecordBatch> batches = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += 4096) {
            batches.add(RecordBatch.ofRows(schema, rows.subList(from, Math.min(rows.size(), from + 4096))));
        }
        return new Table(schema, batches);
    }

    private static String digest(Table t) throws Exception {
        List<String> rows = new ArrayList<>();
        for (RecordBatch b : t.batches()) {
            for (long i = 0; i < b.rowCount(); i++) {
                StringBuilder s = new StringBuilder();
                for (int c = 0; c < b.columnCount(); c++) {
                    Object v = b.column(c).getObject(i);
                    s.append(c > 0 ? "|" : "").append(v == null ? "\u2205" : v.toString());
                }
                rows.add(s.toString());
            }
        }
        rows.sort(null);
        byte[] sha = MessageDigest.getInstance("SHA-256").digest(String.join("\n", rows).getBytes(StandardCharsets.UTF_8));
        return "I" + rows.size() + "\tS" + HexFormat.of().formatHex(sha);
    }

    private static String sql(JoinType type, List<String> lk, List<String> rk) {
        StringBuilder on = new StringBuilder();
        StringBuilder onSwapped = new StringBuilder();
        for (int k = 0; k < lk.size(); k++) {
            on.append(k > 0 ? " AND " : "").append("l.").append(lk.get(k)).append(" = r.").append(rk.get(k));
            onSwapped.append(k > 0 ? " AND " : "").append("r.").append(rk.get(k)).append(" = l.").append(lk.get(k));
        }
        String all = "l.id, l.maybe, l.name, r.dim_id, r.name, r.k2, r.region, r.dim_v";
        return switch (type) {
            case INNER -> "SELECT " + all + " FROM l JOIN r ON " + on;
            case LEFT_OUTER -> "SELECT " + all + " FROM l LEFT JOIN r ON " + on;
            case RIGHT_OUTER -> "SELECT " + all + " FROM l RIGHT JOIN r ON " + on;
            case FULL_OUTER -> "SELECT " + all + " FROM l FULL JOIN r ON " + on;
            case LEFT_SEMI -> "SELECT * FROM l WHERE EXISTS (SELECT 1 FROM r WHERE " + on + ")";
            case LEFT_ANTI -> "SELECT * FROM l WHERE NOT EXISTS (SELECT 1 FROM r WHERE " + on + ")";
            case RIGHT_SEMI -> "SELECT * FROM r WHERE EXISTS (SELECT 1 FROM l WHERE " + onSwapped + ")";
            case RIGHT_ANTI -> "SELECT * FROM r WHERE NOT EXISTS (SELECT 1 FROM l WHERE " + onSwapped + ")";
        };
    }

    @Test
    void everyJoinTypeEqualsDuckDb() throws Exception {
        PyCases.python();
        Table left = table(LEFT, leftRows());
        Table right = table(DIMENSION, dimensionRows());
        List<List<List<String>>> keySets = List.of(List.of(List.of("id"), List.of("dim_id")),
                List.of(List.of("name"), List.of("name")), List.of(List.of("name", "maybe"), List.of("name", "k2")));
        List<String> python = new ArrayList<>();
        List<String> quiver = new ArrayList<>();
        for (List<List<String>> keys : keySets) {
            for (JoinType type : JoinType.values()) {
                python.add("digest(\"" + sql(type, keys.get(0), keys.get(1)) + "\")");
                Table joined = HashJoin.join(left, right, JoinOptions.on(keys.get(0), keys.get(1)).type(type)
                        .coalesceKeys(false).suffixes("", "_dim").threads(2));
                quiver.add(digest(joined));
            }
        }
        List<String> expected = PyCases.run(PYTHON_DATA, python);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), quiver.get(i), python.get(i));
        }
    }
}
