// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.Table;
import dev.quiver.io.Arrow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sort}, {@code filter}, {@code join} and {@code group-by} on small inputs whose results are known. */
class ComputeCommandsTest {
    private static final String TRIPS = """
            id,city,fare,day
            1,Lisbon,12.5,1
            2,Oslo,,2
            3,,7.25,1
            4,Lisbon,30,3
            5,Oslo,12.5,
            6,Paris,3,2
            """;

    private static final String CITIES = """
            name,country
            Lisbon,Portugal
            Oslo,Norway
            Rome,Italy
            ,Nowhere
            """;

    @TempDir
    Path dir;

    private Path trips;
    private Path cities;

    @BeforeEach
    void writeInputs() throws IOException {
        trips = Files.writeString(dir.resolve("trips.csv"), TRIPS);
        cities = Files.writeString(dir.resolve("cities.csv"), CITIES);
    }

    private static List<Object> column(Path file, String name) {
        Table table = Arrow.read(file);
        List<Object> values = new ArrayList<>();
        for (long r = 0; r < table.rowCount(); r++) {
            values.add(table.row(r).get(name));
        }
        return values;
    }

    private Path ok(String name, Object... args) {
        Path out = dir.resolve(name);
        List<Object> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--out", out));
        Cli.Result r = Cli.run(all.toArray());
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        return out;
    }

    private static void assertUsage(String expected, Cli.Result r) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith(expected), r.err());
    }

    @Test
    void sortIsStableOnSeveralKeysWithNullsLastOrFirst() throws IOException {
        Path sorted = dir.resolve("sorted.arrow");
        Cli.Result r = Cli.run("sort", trips, "--by", "fare:desc,id", "--out", sorted, "--repeat", "3", "--threads", "1");
        assertEquals(0, r.exit(), r.err());
        assertEquals(Arrays.asList(4L, 1L, 5L, 3L, 6L, 2L), column(sorted, "id"));
        List<String> lines = r.out().lines().toList();
        assertEquals(List.of("id", "city", "fare", "day"), List.of(lines.get(0).strip().split(" +")));
        assertEquals("rows=6", lines.get(lines.size() - 2));
        assertTrue(lines.getLast().matches("sort_seconds=\\d+\\.\\d{4}"), lines.getLast());
        // ties keep their input order: Lisbon 1 before 4, Oslo 2 before 5
        assertEquals(Arrays.asList(3L, 1L, 4L, 2L, 5L, 6L),
                column(ok("by-city.parquet", "sort", trips, "--by", "city:asc", "--nulls", "first"), "id"));
        assertEquals(List.of("id,city", "6,Paris", "5,Oslo", "2,Oslo", "4,Lisbon"), Files.readAllLines(ok("desc.csv", "sort", trips,
                "--by", "city:desc,id:desc", "--where", "day > 1 or day is null", "--columns", "id,city")));
    }

    @Test
    void filterKeepsTheRowsWhereTheExpressionIsTrue() throws IOException {
        assertEquals(List.of(1L, 4L, 5L), column(ok("kept.arrow", "filter", trips, "--where",
                "fare > 10 and city is not null"), "id"));
        assertEquals(List.of("id,fare", "1,12.5", "3,7.25", "4,30.0", "5,12.5"), Files.readAllLines(ok("kept.csv",
                "filter", trips, "--where", "fare * 2 >= 14.5", "--columns", "id,fare")));
        assertEquals(List.of(1L, 4L, 6L), column(ok("letters.arrow", "filter", trips, "--where",
                "starts_with(city, 'L') or ends_with(city, 'is')"), "id"));
        Cli.Result none = Cli.run("filter", trips, "--where", "day in (7, 8) or city = 'Quito'");
        assertEquals(0, none.exit(), none.err());
        assertEquals(List.of("id  city  fare  day", "--  ----  ----  ---", "rows=0"),
                none.out().lines().toList().subList(0, 3));
    }

    @Test
    void joinGivesEveryKindOnKeysOfOtherNamesAndNullKeysNeverMatch() {
        List<Object> nil = null;
        for (Object[] expected : new Object[][] {
            {"inner", Arrays.asList(1L, 2L, 4L, 5L), Arrays.asList("Portugal", "Norway", "Portugal", "Norway")},
            {"left", Arrays.asList(1L, 2L, 3L, 4L, 5L, 6L),
                Arrays.asList("Portugal", "Norway", null, "Portugal", "Norway", null)},
            {"right", Arrays.asList(1L, 2L, 4L, 5L, null, null),
                Arrays.asList("Portugal", "Norway", "Portugal", "Norway", "Italy", "Nowhere")},
            {"full", Arrays.asList(1L, 2L, 3L, 4L, 5L, 6L, null, null),
                Arrays.asList("Portugal", "Norway", null, "Portugal", "Norway", null, "Italy", "Nowhere")},
            {"semi", Arrays.asList(1L, 2L, 4L, 5L), nil},
            {"anti", Arrays.asList(3L, 6L), nil}}) {
            String how = (String) expected[0];
            Path out = ok(how + ".arrow", "join", trips, cities, "--on", "city", "--right-on", "name", "--how", how);
            assertEquals(expected[1], column(out, "id"), how);
            Table table = Arrow.read(out);
            if (expected[2] == null) {
                assertEquals(List.of("id", "city", "fare", "day"), table.schema().names(), how);
            } else {
                assertEquals(List.of("id", "city", "fare", "day", "country"), table.schema().names(), how);
                assertEquals(expected[2], column(out, "country"), how);
            }
        }
        // the key comes out once: the right side's value where the left side has no row
        assertEquals(Arrays.asList("Lisbon", "Oslo", "Lisbon", "Oslo", "Rome", null),
                column(dir.resolve("right.arrow"), "city"));
    }

    @Test
    void joinSuffixesRightColumnsTheLeftAlsoHas() {
        Path out = ok("self.arrow", "join", trips, trips, "--on", "id", "--right-suffix", "_2", "--threads", "2");
        assertEquals(List.of("id", "city", "fare", "day", "city_2", "fare_2", "day_2"), Arrow.read(out).schema().names());
        assertEquals(column(out, "city"), column(out, "city_2"));
    }

    @Test
    void groupByComputesTheNewAggregates() {
        Path groups = ok("groups.arrow", "group-by", trips, "--by", "city", "--agg",
                "count,mean:fare,first:id,count_distinct:day,quantile(0.5):fare,max:fare");
        assertEquals(List.of("city", "count", "fare_mean", "id_first", "day_count_distinct", "fare_quantile", "fare_max"),
                Arrow.read(groups).schema().names());
        assertEquals(Arrays.asList("Lisbon", "Oslo", null, "Paris"), column(groups, "city"));
        assertEquals(List.of(2L, 2L, 1L, 1L), column(groups, "count"));
        assertEquals(List.of(21.25, 12.5, 7.25, 3.0), column(groups, "fare_mean"));
        assertEquals(List.of(1L, 2L, 3L, 6L), column(groups, "id_first"));
        assertEquals(List.of(2L, 1L, 1L, 1L), column(groups, "day_count_distinct"));
        assertEquals(List.of(21.25, 12.5, 7.25, 3.0), column(groups, "fare_quantile"));
        assertEquals(List.of(30.0, 12.5, 7.25, 3.0), column(groups, "fare_max"));
    }

    @Test
    void everyCommandReadsADatasetDirectory() throws IOException {
        Path dataset = dir.resolve("trips-by-day");
        assertEquals(0, Cli.run("convert", trips, dataset, "--partition-by", "day").exit());
        Path sorted = ok("sorted.arrow", "sort", dataset, "--by", "id");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), column(sorted, "id"));
        assertEquals(Arrays.asList(1, 2, 1, 3, null, 2), column(sorted, "day"));
        assertEquals(List.of(1L, 3L), column(ok("day1.arrow", "sort", dataset, "--by", "id", "--where", "day = 1"), "id"));
        assertEquals(List.of(4L, 1L, 5L), column(ok("dear.arrow", "sort", ok("kept.arrow", "filter", dataset, "--where",
                "fare > 10"), "--by", "fare:desc,id"), "id"));
        assertEquals(List.of(1L, 2L, 4L, 5L), column(ok("joined.arrow", "sort", ok("j.arrow", "join", dataset, cities,
                "--on", "city", "--right-on", "name"), "--by", "id"), "id"));
        Path groups = ok("groups.arrow", "sort", ok("g.arrow", "group-by", dataset, "--by", "day", "--agg",
                "count,sum:fare", "--where", "city is not null"), "--by", "day");
        assertEquals(Arrays.asList(1, 2, 3, null), column(groups, "day"));
        assertEquals(List.of(1L, 2L, 1L, 1L), column(groups, "count"));
        assertEquals(Arrays.asList(12.5, 3.0, 30.0, 12.5), column(groups, "fare_sum"));
    }

    @Test
    void anEmptyInputGivesAnEmptyResult() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.csv"), "id,city\n");
        for (Object[] command : new Object[][] {
            {"sort", empty, "--by", "city"},
            {"filter", empty, "--where", "id > 1"},
            {"join", empty, empty, "--on", "city", "--how", "full"},
            {"group-by", empty, "--by", "city", "--agg", "count,mean:id"}}) {
            List<Object> args = new ArrayList<>(List.of(command));
            args.addAll(List.of("--types", "id=int64,city=utf8"));
            Cli.Result r = Cli.run(args.toArray());
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains(command[0].equals("group-by") ? "\ngroups=0\n" : "\nrows=0\n"), r.out());
        }
    }

    @Test
    void badCommandLinesAreOneLineUsageErrors() {
        Path out = dir.resolve("never.arrow");
        assertUsage("quiver sort: --by: no column named nope in " + trips + " (columns: id, city, fare, day)",
                Cli.run("sort", trips, "--by", "id,nope", "--out", out));
        assertUsage("quiver sort: --nulls: middle is not first or last", Cli.run("sort", trips, "--by", "id", "--nulls",
                "middle"));
        assertUsage("quiver sort: --repeat must be at least 1, not 0", Cli.run("sort", trips, "--by", "id", "--repeat",
                "0"));
        assertUsage("quiver filter: --where: expression: ", Cli.run("filter", trips, "--where", "fare > (1 +"));
        assertTrue(Cli.run("filter", trips, "--where", "fare > (1 +").err().contains("position"));
        assertUsage("quiver filter: --where: ", Cli.run("filter", trips, "--where", "nope = 1"));
        assertTrue(Cli.run("filter", trips, "--where", "nope = 1").err().contains("nope"));
        assertUsage("quiver filter: --where: fare + 1 gives float64 values, not true or false",
                Cli.run("filter", trips, "--where", "fare + 1", "--out", out));
        assertUsage("quiver filter: --where: expression: no function 'startswith'",
                Cli.run("filter", trips, "--where", "startswith(city, 'L')"));
        assertUsage("quiver join: --on: key id is int64 in " + trips + " but name is utf8 in " + cities,
                Cli.run("join", trips, cities, "--on", "id", "--right-on", "name", "--out", out));
        assertUsage("quiver join: --right-on: no column named city in " + cities,
                Cli.run("join", trips, cities, "--on", "city", "--right-on", "city"));
        assertUsage("quiver join: --on: no column named name in " + trips,
                Cli.run("join", trips, cities, "--on", "name"));
        assertUsage("quiver join: --how: outer is not inner, left, right, full, semi, anti",
                Cli.run("join", trips, cities, "--on", "city", "--right-on", "name", "--how", "outer"));
        assertUsage("quiver join: --right-on names 2 columns, --on 1",
                Cli.run("join", trips, cities, "--on", "city", "--right-on", "name,country"));
        assertUsage("quiver group-by: --agg: median:fare: median is not an aggregate",
                Cli.run("group-by", trips, "--by", "city", "--agg", "median:fare"));
        assertUsage("quiver group-by: --agg: quantile(2):fare: 2 is not a quantile in [0, 1]",
                Cli.run("group-by", trips, "--by", "city", "--agg", "quantile(2):fare"));
        assertUsage("quiver group-by: --agg: sum(1):fare: sum takes no argument",
                Cli.run("group-by", trips, "--by", "city", "--agg", "sum(1):fare"));
        assertUsage("quiver group-by: --agg: any of fare: needs a bool column, not float64", Cli.run("group-by", trips, "--by", "city", "--agg", "any:fare"));
        assertUsage("quiver group-by: --agg: no column named flag in " + trips,
                Cli.run("group-by", trips, "--by", "city", "--agg", "any:flag", "--out", out));
        assertFalse(Files.exists(out), "no output on failure");
    }
}
