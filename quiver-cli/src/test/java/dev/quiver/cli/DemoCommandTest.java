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

class DemoCommandTest {

    private static List<Path> demoDirs() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(p -> p.getFileName().toString().startsWith("quiver-demo-")).toList();
        }
    }

    @Test
    void demoWritesReadsAndChecksEveryFormatAndCodec() throws IOException {
        List<Path> before = demoDirs();
        Cli.Result r = Cli.run("demo", "--rows", "1000");
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        String out = r.out();
        assertTrue(out.startsWith("bench-v1: 1,000 rows in 1 batch, "), out);
        assertTrue(out.lines().anyMatch(l -> l.matches(" +format +codec +size +write +first read +warm read +checksum")),
                "cold and warm reads are told apart:\n" + out);
        assertTrue(out.contains("first read: the file's first in this process, JIT compilation included"), out);
        for (String format : List.of("Arrow file", "Arrow stream")) {
            for (String codec : List.of("none", "lz4", "zstd")) {
                assertTrue(out.lines().anyMatch(l -> l.trim().startsWith(format) && l.contains(" " + codec + " ")
                        && l.endsWith("equal")), format + "/" + codec + " missing in:\n" + out);
            }
        }
        assertTrue(out.contains("  rows=1000\n  sum_id=499500\n"), out);
        assertTrue(out.contains("First rows:"), out);
        assertTrue(out.contains("name-1"), out);
        assertTrue(out.contains("2023-11-14T22:13:20.001Z"), out);
        assertTrue(out.contains("Group-by on the row table: bench-v1 by cat"), out);
        assertTrue(out.contains("checked against the dataset's definition: equal"), out);
        List<String> groups = out.lines().dropWhile(l -> !l.startsWith("Group-by")).skip(2).toList();
        assertEquals(2 + 16, groups.size(), out);
        assertTrue(groups.get(0).matches(" +cat +count +maybe_count +maybe_sum +maybe_min +maybe_max"), groups.get(0));
        // rows 0..999: category 7 holds rows 7, 23, ..., 999 (63 rows); maybe is null on 7, 87, 167, ...
        assertTrue(groups.stream().anyMatch(l -> l.matches(" +category-7 +63 +50 +-?\\d+ +-?\\d+ +-?\\d+")),
                String.join("\n", groups));
        assertEquals(before, demoDirs(), "the temporary directory is deleted");
    }

    @Test
    void rowsMustBePositive() {
        Cli.Result r = Cli.run("demo", "--rows", "0");
        assertEquals(2, r.exit());
        assertEquals(List.of("quiver demo: --rows must be 1 or more, not 0"), r.errLines());
    }
}
