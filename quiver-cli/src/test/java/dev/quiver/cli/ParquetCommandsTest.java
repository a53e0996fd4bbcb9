// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** convert to and from Parquet with every codec, and schema, cat, stats, bench-gen and bench-read on Parquet files. */
class ParquetCommandsTest {
    private static final String CSV = "id,score,name\n1,0.5,ann\n2,,bob\n3,2.25,\n";

    @TempDir
    Path dir;

    @Test
    void convertsToParquetWithEveryCodecAndBack() throws IOException {
        Path csv = Files.writeString(dir.resolve("people.csv"), CSV);
        Path reference = dir.resolve("people.arrow");
        assertEquals(0, Cli.run("convert", csv, reference).exit());
        for (String codec : List.of("none", "snappy", "gzip", "zstd", "lz4")) {
            Path parquet = dir.resolve("people-" + codec + ".parquet");
            Cli.Result r = Cli.run("convert", csv, parquet, "--codec", codec);
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.err().startsWith("wrote " + parquet + " (Parquet, "), r.err());
            Path back = dir.resolve("back-" + codec + ".arrow");
            assertEquals(0, Cli.run("convert", parquet, back).exit());
            assertEquals("OK", Cli.run("validate", back).out().strip().substring(0, 2));
            assertEquals(Cli.run("cat", reference).out(), Cli.run("cat", parquet).out());
            assertEquals(Cli.run("cat", reference).out(), Cli.run("cat", back).out());
        }
        List<String> schema = Cli.run("schema", dir.resolve("people-zstd.parquet")).out().lines().toList();
        assertEquals(List.of("Parquet, 3 fields:", "  id: int64", "  score: float64", "  name: utf8"), schema);
        String stats = Cli.run("stats", dir.resolve("people-zstd.parquet")).out();
        assertTrue(stats.contains("row groups:  1"), stats);
        assertTrue(stats.contains("ZSTD"), stats);
        assertTrue(stats.lines().anyMatch(l -> l.contains("name") && l.contains("BYTE_ARRAY") && l.contains("ann")
                && l.contains("bob")), stats);
    }

    @Test
    void brotliIsRefusedAndLeavesNoFile() throws IOException {
        Path csv = Files.writeString(dir.resolve("people.csv"), CSV);
        Path parquet = dir.resolve("people.parquet");
        Cli.Result r = Cli.run("convert", csv, parquet, "--codec", "brotli");
        assertTrue(r.exit() != 0);
        assertTrue(r.err().contains("BROTLI"), r.err());
        assertFalse(Files.exists(parquet));
        assertTrue(Cli.run("convert", csv, dir.resolve("x.arrow"), "--codec", "snappy").exit() != 0,
                "snappy is no Arrow body codec");
    }

    @Test
    void benchGenAndBenchReadTakeParquet() {
        Path parquet = dir.resolve("bench.parquet");
        Path arrow = dir.resolve("bench.arrow");
        assertEquals(0, Cli.run("bench-gen", "--rows", "70000", "--out", parquet).exit());
        assertEquals(0, Cli.run("bench-gen", "--rows", "70000", "--out", arrow).exit());
        List<String> fromParquet = Cli.run("bench-read", parquet).out().lines()
                .filter(l -> !l.startsWith("read_")).toList();
        List<String> fromArrow = Cli.run("bench-read", arrow).out().lines().filter(l -> !l.startsWith("read_")).toList();
        assertFalse(fromArrow.isEmpty());
        assertEquals(fromArrow, fromParquet);
    }
}
