// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The hash join against a nested-loop join on small random tables, for every join type. */
class JoinPropertiesTest {
    private static final Schema LEFT = new Schema(List.of(Field.nullable("k", ArrowType.INT64),
            Field.nullable("s", ArrowType.UTF8), Field.nullable("v", ArrowType.INT64)));
    private static final Schema RIGHT = new Schema(List.of(Field.nullable("s", ArrowType.UTF8),
            Field.nullable("k", ArrowType.INT64), Field.nullable("w", ArrowType.FLOAT64), Field.nullable("v", ArrowType.INT64)));

    /** A table of random rows (keys from small domains, nulls), in random batches, sliced. */
    private static Table table(Schema schema, Random rnd, int rows) {
        List<List<Object>> all = new ArrayList<>();
        int skip = rnd.nextInt(3);
        for (int i = 0; i < rows + skip; i++) {
            List<Object> row = new ArrayList<>();
            for (Field f : schema.fields()) {
                boolean isNull = rnd.nextInt(8) == 0;
                Object v = switch (f.name()) {
                    case "k" -> (long) rnd.nextInt(6);
                    case "s" -> List.of("a", "bb", "a long string past sixteen bytes", "").get(rnd.nextInt(4));
                    case "w" -> rnd.nextDouble();
                    default -> (long) rnd.nextInt(1000);
                };
                row.add(isNull ? null : v);
            }
            all.add(row);
        }
        return new Table(schema, randomBatches(schema, all, rnd, rows)).slice(skip, rows);
    }

    private static List<List<Object>> rows(Table t) {
        List<List<Object>> out = new ArrayList<>();
        for (RecordBatch b : t.batches()) {
            for (long i = 0; i < b.rowCount(); i++) {
                List<Object> row = new ArrayList<>();
                for (int c = 0; c < b.columnCount(); c++) {
                    row.add(b.column(c).getObject(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    private static boolean keysMatch(List<Object> l, List<Object> r, int[] lk, int[] rk) {
        for (int k = 0; k < lk.length; k++) {
            Object a = l.get(lk[k]);
            Object b = r.get(rk[k]);
            if (a == null || b == null || !a.equals(b)) {
                return false;
            }
        }
        return true;
    }

    /** The nested-loop join, output as the hash join lays it out with coalesced keys. */
    private static List<List<Object>> nestedLoop(List<List<Object>> left, List<List<Object>> right, int[] lk, int[] rk,
            JoinType type, boolean filtered) {
        List<List<Object>> out = new ArrayList<>();
        boolean[] rightHit = new boolean[right.size()];
        for (List<Object> l : left) {
            boolean hit = false;
            for (int j = 0; j < right.size(); j++) {
                List<Object> r = right.get(j);
                if (keysMatch(l, r, lk, rk) && (!filtered || pass(l, r))) {
                    hit = true;
                    rightHit[j] = true;
                    if (type == JoinType.INNER || type == JoinType.LEFT_OUTER || type == JoinType.RIGHT_OUTER
                            || type == JoinType.FULL_OUTER) {
                        out.add(concat(l, r, rk));
                    }
                }
            }
            if ((type == JoinType.LEFT_SEMI && hit) || (type == JoinType.LEFT_ANTI && !hit)) {
                out.add(l);
            }
            if (!hit && (type == JoinType.LEFT_OUTER || type == JoinType.FULL_OUTER)) {
                out.add(concat(l, null, rk));
            }
        }
        for (int j = 0; j < right.size(); j++) {
            List<Object> r = right.get(j);
            if ((type == JoinType.RIGHT_SEMI && rightHit[j]) || (type == JoinType.RIGHT_ANTI && !rightHit[j])) {
                out.add(r);
            }
            if (!rightHit[j] && (type == JoinType.RIGHT_OUTER || type == JoinType.FULL_OUTER)) {
                List<Object> l = new ArrayList<>(Arrays.asList(new Object[left.isEmpty() ? LEFT.fields().size() : left.get(0).size()]));
                for (int k = 0; k < lk.length; k++) {
                    l.set(lk[k], r.get(rk[k]));
                }
                out.add(concat(l, r, rk));
            }
        }
        return out;
    }

    private static boolean pass(List<Object> l, List<Object> r) {
        Long lv = (Long) l.get(2);
        Long rv = (Long) r.get(3);
        return lv != null && rv != null && lv < rv;
    }

    private static List<Object> concat(List<Object> l, List<Object> r, int[] rk) {
        List<Object> row = new ArrayList<>(l);
        for (int c = 0; c < RIGHT.fields().size(); c++) {
            final int col = c;
            if (Arrays.stream(rk).noneMatch(k -> k == col)) {
                row.add(r == null ? null : r.get(c));
            }
        }
        return row;
    }

    private static List<String> sorted(List<List<Object>> rows) {
        return rows.stream().map(Objects::toString).sorted().toList();
    }

    private static final JoinFilter LEFT_V_BELOW_RIGHT_V = (left, l, right, r, n, keep) -> {
        Int64Array lv = (Int64Array) left.column("v");
        Int64Array rv = (Int64Array) right.column("v");
        for (int j = 0; j < n; j++) {
            keep[j] = lv.isValid(l[j]) && rv.isValid(r[j]) && lv.get(l[j]) < rv.get(r[j]);
        }
    };

    @Test
    void everyJoinTypeEqualsTheNestedLoopJoin() {
        Random rnd = new Random(30);
        for (int round = 0; round < 300; round++) {
            Table left = table(LEFT, rnd, rnd.nextInt(40));
            Table right = table(RIGHT, rnd, rnd.nextInt(40));
            boolean twoKeys = rnd.nextBoolean();
            boolean utf8 = rnd.nextBoolean();
            int[] lk = twoKeys ? new int[] {0, 1} : utf8 ? new int[] {1} : new int[] {0};
            int[] rk = twoKeys ? new int[] {1, 0} : utf8 ? new int[] {0} : new int[] {1};
            List<String> keys = twoKeys ? List.of("k", "s") : utf8 ? List.of("s") : List.of("k");
            boolean filtered = rnd.nextInt(3) == 0;
            for (JoinType type : JoinType.values()) {
                JoinOptions options = JoinOptions.on(keys, keys).type(type).threads(1 + rnd.nextInt(3))
                        .suffixes("_l", "_r").filter(filtered ? LEFT_V_BELOW_RIGHT_V : null);
                Table joined = HashJoin.join(left, right, options);
                List<List<Object>> expected = nestedLoop(rows(left), rows(right), lk, rk, type, filtered);
                assertEquals(sorted(expected), sorted(rows(joined)), "round " + round + " " + type + " on " + keys
                        + (filtered ? " filtered" : ""));
            }
        }
    }

    /** A key string of a domain of {@code 2 * size}: short, 16 bytes, and longer (past the table's inline bytes). */
    private static String key(int i) {
        return switch (i % 4) {
            case 0 -> "";
            case 1 -> "s" + i;
            case 2 -> String.format("sixteen-bytes%03d", i % 1000);
            default -> "a long string past sixteen bytes " + i;
        } + (i % 4 == 0 ? "e" + i : "");
    }

    /** {@code all} cut into batches of 1 to {@code maxRows + 1} rows, at random. */
    private static List<RecordBatch> randomBatches(Schema schema, List<List<Object>> all, Random rnd, int maxRows) {
        List<RecordBatch> batches = new ArrayList<>();
        for (int from = 0; from < all.size(); ) {
            int n = Math.min(all.size() - from, 1 + rnd.nextInt(maxRows + 1));
            batches.add(RecordBatch.ofRows(schema, all.subList(from, from + n)));
            from += n;
        }
        return batches;
    }

    /** Right rows whose keys are unique (a permutation of the domain's first keys), left rows drawn from twice as many. */
    private static Table uniqueKeyed(Schema schema, Random rnd, int rows, boolean unique) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            order.add(i);
        }
        java.util.Collections.shuffle(order, rnd);
        List<List<Object>> all = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            int k = unique ? order.get(i) : rnd.nextInt(2 * Math.max(1, rows));
            List<Object> row = new ArrayList<>();
            for (Field f : schema.fields()) {
                boolean isNull = rnd.nextInt(10) == 0;
                Object v = switch (f.name()) {
                    case "k" -> (long) k;
                    case "s" -> key(k);
                    case "w" -> rnd.nextDouble();
                    default -> (long) rnd.nextInt(1000);
                };
                row.add(isNull ? null : v);
            }
            all.add(row);
        }
        List<RecordBatch> batches = randomBatches(schema, all, rnd, rows);
        int skip = Math.min(rows, rnd.nextInt(3));
        return new Table(schema, batches).slice(skip, rows - skip);
    }

    @Test
    void uniqueBuildKeysEqualTheNestedLoopJoin() {
        // unique build keys: inner, left outer, semi and anti joins pass the probe side's columns through
        Random rnd = new Random(31);
        for (int round = 0; round < 60; round++) {
            Table right = uniqueKeyed(RIGHT, rnd, rnd.nextInt(300), true);
            Table left = uniqueKeyed(LEFT, rnd, rnd.nextInt(700), false);
            boolean twoKeys = rnd.nextBoolean();
            boolean utf8 = rnd.nextBoolean();
            int[] lk = twoKeys ? new int[] {0, 1} : utf8 ? new int[] {1} : new int[] {0};
            int[] rk = twoKeys ? new int[] {1, 0} : utf8 ? new int[] {0} : new int[] {1};
            List<String> keys = twoKeys ? List.of("k", "s") : utf8 ? List.of("s") : List.of("k");
            for (JoinType type : JoinType.values()) {
                JoinOptions options = JoinOptions.on(keys, keys).type(type).threads(1 + rnd.nextInt(3))
                        .suffixes("_l", "_r");
                Table joined = rnd.nextBoolean() ? HashJoin.join(left, right, options)
                        : HashJoin.join(left, right, options, dev.quiver.core.memory.BufferAllocator.managed());
                List<List<Object>> expected = nestedLoop(rows(left), rows(right), lk, rk, type, false);
                assertEquals(sorted(expected), sorted(rows(joined)), "round " + round + " " + type + " on " + keys);
                if (type == JoinType.INNER || type == JoinType.LEFT_OUTER || type == JoinType.LEFT_SEMI
                        || type == JoinType.LEFT_ANTI) {
                    // these keep the left side's row order
                    assertEquals(expected.stream().map(Object::toString).toList(),
                            rows(joined).stream().map(Object::toString).toList(), "order, round " + round + " " + type);
                }
            }
        }
    }

    @Test
    void morselsOfOneBatchEqualTheNestedLoopJoin() {
        // a left batch of several morsels (each thread reuses its scratch arrays), then shorter ones
        Random rnd = new Random(47);
        Table right = uniqueKeyed(RIGHT, rnd, 40, true);
        List<List<Object>> all = new ArrayList<>();
        for (int i = 0; i < 2 * HashJoin.MORSEL + 1_537; i++) {
            int k = rnd.nextInt(80);
            all.add(Arrays.asList(rnd.nextInt(10) == 0 ? null : (long) k, rnd.nextInt(10) == 0 ? null : key(k),
                    (long) rnd.nextInt(1000)));
        }
        int big = 2 * HashJoin.MORSEL + 1_000;
        Table left = new Table(LEFT, List.of(RecordBatch.ofRows(LEFT, all.subList(0, big)),
                RecordBatch.ofRows(LEFT, all.subList(big, big + 500)), RecordBatch.ofRows(LEFT, all.subList(big + 500,
                        all.size()))));
        for (JoinType type : List.of(JoinType.INNER, JoinType.LEFT_OUTER, JoinType.LEFT_SEMI, JoinType.LEFT_ANTI)) {
            for (String key : List.of("k", "s")) {
                int[] lk = key.equals("k") ? new int[] {0} : new int[] {1};
                int[] rk = key.equals("k") ? new int[] {1} : new int[] {0};
                List<List<Object>> expected = nestedLoop(rows(left), rows(right), lk, rk, type, false);
                for (int threads = 1; threads <= 2; threads++) {
                    Table joined = HashJoin.join(left, right, JoinOptions.on(key).type(type).threads(threads)
                            .suffixes("_l", "_r"));
                    assertEquals(expected.stream().map(Object::toString).toList(),
                            rows(joined).stream().map(Object::toString).toList(), type + " on " + key + ", " + threads
                                    + " threads");
                }
            }
        }
    }

    @Test
    void nestedColumnsComeOutOfEveryJoinType() {
        Schema left = Schema.of(Field.nullable("k", ArrowType.INT64), Field.nullable("tags", ArrowType.List.of(ArrowType.INT32)));
        Schema right = Schema.of(Field.nullable("k", ArrowType.INT64), Field.nullable("more", ArrowType.List.of(ArrowType.UTF8)));
        Table l = new Table(left, List.of(RecordBatch.ofRows(left, List.of(Arrays.asList(1L, List.of(1, 2)),
                Arrays.asList(2L, null), Arrays.asList(3L, List.of())))));
        Table r = new Table(right, List.of(RecordBatch.ofRows(right, List.of(Arrays.asList(1L, List.of("a")),
                Arrays.asList(4L, List.of("b", "c"))))));
        assertEquals(List.of("[1, [1, 2], [a]]", "[2, null, null]", "[3, [], null]"),
                rows(HashJoin.join(l, r, JoinOptions.on("k").type(JoinType.LEFT_OUTER))).stream().map(Object::toString).toList());
        assertEquals(List.of("[1, [1, 2], [a]]", "[4, null, [b, c]]"),
                rows(HashJoin.join(l, r, JoinOptions.on("k").type(JoinType.RIGHT_OUTER))).stream().map(Object::toString).toList());
        // the nested right side arrives in two batches: its chunks are concatenated for the build
        Table r2 = new Table(right, List.of(r.batches().get(0).slice(0, 1), r.batches().get(0).slice(1, 1)));
        assertEquals(List.of("[4, [b, c]]"),
                rows(HashJoin.join(l, r2, JoinOptions.on("k").type(JoinType.RIGHT_ANTI))).stream().map(Object::toString).toList());
    }

    @Test
    void collidingNamesGetTheSuffixes() {
        Table left = table(LEFT, new Random(1), 5);
        Table right = table(RIGHT, new Random(2), 5);
        Table joined = HashJoin.join(left, right, JoinOptions.on("k").suffixes("_l", "_r"));
        assertEquals(List.of("k", "s_l", "v_l", "s_r", "w", "v_r"), joined.schema().names());
    }

    @Test
    void keyTypesMustAgree() {
        Table left = table(LEFT, new Random(1), 5);
        Table right = table(RIGHT, new Random(2), 5);
        ComputeException e = assertThrows(ComputeException.class,
                () -> HashJoin.join(left, right, JoinOptions.on(List.of("k"), List.of("s"))));
        assertEquals(true, e.getMessage().contains("cast one side first"), e.getMessage());
        assertThrows(ComputeException.class, () -> HashJoin.join(left, right, JoinOptions.on("nope")));
    }
}
