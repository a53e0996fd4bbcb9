// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GroupByCommandTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("name", ArrowType.UTF8),
            Field.notNull("g", ArrowType.INT32), Field.nullable("v", ArrowType.INT64)));

    @TempDir
    Path dir;

    private Path file;
    private final List<List<Object>> rows = new ArrayList<>();

    /** 200,000 rows in batches of 50,000: names with nulls, a small int key, int64 values with nulls. */
    @BeforeEach
    void writeFile() throws IOException {
        Random rnd = new Random(13);
        file = dir.resolve("in.arrow");
        try (IpcFileWriter writer = IpcFileWriter.open(file, SCHEMA)) {
            for (int b = 0; b < 4; b++) {
                List<List<Object>> batch = new ArrayList<>();
                for (int r = 0; r < 50_000; r++) {
                    String name = rnd.nextInt(20) == 0 ? null : "name-" + rnd.nextInt(700);
                    Long v = rnd.nextInt(10) == 0 ? null : rnd.nextLong() >> rnd.nextInt(64);
                    batch.add(Arrays.asList(name, rnd.nextInt(3), v));
                }
                rows.addAll(batch);
                writer.write(RecordBatch.ofRows(SCHEMA, batch));
            }
        }
    }

    /** name, g, then count, sum, min and max of v, by a map, groups in order of first appearance. */
    private Map<List<Object>, Object[]> reference() {
        Map<List<Object>, Object[]> groups = new LinkedHashMap<>();
        for (List<Object> row : rows) {
            Object[] acc = groups.computeIfAbsent(Arrays.asList(row.get(0), row.get(1)), k -> new Object[] {0L, null,
                null, null});
            acc[0] = (Long) acc[0] + 1;
            if (row.get(2) instanceof Long v) {
                acc[1] = acc[1] == null ? v : (Long) acc[1] + v;
                acc[2] = acc[2] == null ? v : Math.min((Long) acc[2], v);
                acc[3] = acc[3] == null ? v : Math.max((Long) acc[3], v);
            }
        }
        return groups;
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "0", "3"})
    void writesEveryGroupAsAMapBasedGroupByFindsIt(String threads) throws IOException {
        Path out = dir.resolve("groups.arrow");
        Cli.Result r = Cli.run("group-by", file, "--by", "name,g", "--agg", "count", "--agg", "sum:v,min:v,max:v",
                "--repeat", "2", "--threads", threads, "--out", out);
        assertEquals(0, r.exit(), r.err());
        Map<List<Object>, Object[]> expected = reference();
        List<List<Object>> actual = new ArrayList<>();
        try (IpcFileReader reader = IpcFileReader.open(out)) {
            assertEquals(List.of("name", "g", "count", "v_sum", "v_min", "v_max"),
                    reader.schema().fields().stream().map(Field::name).toList());
            for (RecordBatch batch : reader) {
                for (long i = 0; i < batch.rowCount(); i++) {
                    List<Object> row = new ArrayList<>();
                    for (int c = 0; c < 6; c++) {
                        row.add(batch.column(c).getObject(i));
                    }
                    actual.add(row);
                }
            }
        }
        List<List<Object>> wanted = new ArrayList<>();
        expected.forEach((key, acc) -> {
            List<Object> row = new ArrayList<>(key);
            row.addAll(Arrays.asList(acc));
            wanted.add(row);
        });
        assertEquals(wanted, actual);

        List<String> lines = r.out().lines().toList();
        assertEquals(List.of("name", "g", "count", "v_sum", "v_min", "v_max"), List.of(lines.get(0).split(" +")));
        assertTrue(lines.get(1).matches("[- ]+"), lines.get(1));
        List<Object> first = wanted.getFirst();
        assertTrue(lines.get(2).startsWith(first.get(0) + " ") && lines.get(2).endsWith(" " + first.get(5)), lines.get(2));
        assertEquals("(" + (wanted.size() - 20) + " more groups)", lines.get(22));
        assertEquals("groups=" + wanted.size(), lines.get(23));
        assertTrue(lines.get(24).matches("group_by_seconds=\\d+\\.\\d{4}"), lines.get(24));
        assertEquals(25, lines.size(), r.out());
    }

    @Test
    void countIsTheDefaultAndCsvOutputFollowsTheName() throws IOException {
        Path out = dir.resolve("groups.csv");
        Cli.Result r = Cli.run("group-by", file, "--by", "g", "--out", out);
        assertEquals(0, r.exit(), r.err());
        long[] counts = new long[3];
        rows.forEach(row -> counts[(Integer) row.get(1)]++);
        List<String> expected = new ArrayList<>(List.of("g,count"));
        int firstG = (Integer) rows.getFirst().get(1);
        List<Integer> order = new ArrayList<>();
        for (List<Object> row : rows) {
            if (!order.contains((Integer) row.get(1))) {
                order.add((Integer) row.get(1));
            }
        }
        assertEquals(firstG, order.getFirst());
        order.forEach(g -> expected.add(g + "," + counts[g]));
        assertEquals(expected, Files.readAllLines(out));
        assertEquals("groups=3", r.out().lines().toList().get(5));
    }

    @Test
    void badCommandLinesAreRefusedWithOneLine() {
        assertEquals(List.of("quiver group-by: --by: no column named x in " + file + " (columns: name, g, v)"),
                Cli.run("group-by", file, "--by", "x").errLines());
        assertEquals(List.of("quiver group-by: --agg: avg:v: avg is not an aggregate (functions: " + Aggregate.FUNCTIONS
                + ")"), Cli.run("group-by", file, "--by", "g", "--agg", "avg:v").errLines());
        assertEquals(List.of("quiver group-by: --agg: sum of name: needs a numeric column, not utf8"),
                Cli.run("group-by", file, "--by", "g", "--agg", "sum:name").errLines());
        Cli.Result r = Cli.run("group-by", file, "--by", "g", "--repeat", "0");
        assertEquals(2, r.exit());
        assertEquals(List.of("quiver group-by: --repeat must be at least 1, not 0"), r.errLines());
    }
}
