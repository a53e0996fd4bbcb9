// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Directories as inputs (datasets), partitioned output, and --where / --columns on the commands that read. */
class DatasetCommandsTest {
    private static final String CSV = """
            id,region,year,amount
            1,eu,2023,10
            2,us,2023,20
            3,eu,2024,30
            4,us west,2024,40
            5,eu,2024,
            """;

    @TempDir
    Path dir;

    @Test
    void convertWritesAPartitionedDatasetThatTheCommandsReadBack() throws IOException {
        Path csv = Files.writeString(dir.resolve("sales.csv"), CSV);
        Path out = dir.resolve("sales");
        Cli.Result written = Cli.run("convert", csv, out, "--partition-by", "year,region");
        assertEquals(0, written.exit(), written.err());
        assertTrue(written.err().contains("wrote 5 rows in 4 Arrow file files"), written.err());
        assertTrue(Files.isRegularFile(out.resolve("year=2024/region=us%20west/part-0.arrow")));

        Cli.Result schema = Cli.run("schema", out);
        assertEquals(0, schema.exit(), schema.err());
        assertEquals(List.of("dataset of 4 Arrow file files, 4 fields:", "  id: int64", "  amount: int64", "  year: int32",
                "  region: utf8"), schema.out().lines().toList());
        List<String> eu2024 = Cli.run("cat", out, "--where", "year = 2024 and region = 'eu'", "--columns", "id,amount")
                .out().lines().toList();
        assertEquals(List.of("id  amount", "--  ------", " 3      30", " 5    null"), eu2024);

        Path merged = dir.resolve("eu.csv");
        Cli.Result converted = Cli.run("convert", out, merged, "--where", "region = 'eu'", "--columns", "id,year");
        assertEquals(0, converted.exit(), converted.err());
        assertEquals(List.of("id,year", "1,2023", "3,2024", "5,2024"), Files.readAllLines(merged));

        Cli.Result again = Cli.run("convert", csv, out, "--partition-by", "year");
        assertEquals(1, again.exit(), "existing data is refused by default");
        assertTrue(again.err().contains("already holds files"), again.err());
        Cli.Result overwrite = Cli.run("convert", csv, out, "--partition-by", "year", "--existing", "overwrite",
                "--to", "csv", "--max-rows-per-file", "2");
        assertEquals(0, overwrite.exit(), overwrite.err());
        try (Stream<Path> files = Files.walk(out)) {
            assertEquals(3, files.filter(Files::isRegularFile).count(), "2023: 2 rows, 2024: 2 + 1 rows");
        }
    }

    @Test
    void sqlQueriesADatasetAndAParquetFileScannedAsOftenAsTheQueryNeeds() throws IOException {
        Path csv = Files.writeString(dir.resolve("sales.csv"), CSV);
        Path out = dir.resolve("sales");
        assertEquals(0, Cli.run("convert", csv, out, "--partition-by", "year", "--to", "parquet").exit());
        Path parquet = dir.resolve("sales.parquet");
        assertEquals(0, Cli.run("convert", csv, parquet).exit());
        Cli.Result r = Cli.run("sql", "select a.year, count(*) as n, sum(b.amount) as s from s a join p b on a.id = b.id "
                + "where a.year = 2024 group by a.year", "--table", "s=" + out, "--table", "p=" + parquet);
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("year  n   s", "----  -  --", "2024  3  70"), r.out().lines().toList());
        Cli.Result self = Cli.run("sql", "with t as (select * from s) select count(*) as c from t x, t y where x.id = y.id",
                "--table", "s=" + out);
        assertEquals(0, self.exit(), self.err());
        assertEquals("5", self.out().lines().toList().get(2).strip());
    }

    @Test
    void badFiltersAndColumnsAreUsageErrors() throws IOException {
        Path csv = Files.writeString(dir.resolve("sales.csv"), CSV);
        Cli.Result bad = Cli.run("cat", csv, "--where", "amount >");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("--where"), bad.err());
        Cli.Result unknown = Cli.run("cat", csv, "--columns", "nope");
        assertEquals(1, unknown.exit());
        assertTrue(unknown.err().contains("no column nope"), unknown.err());
    }
}
