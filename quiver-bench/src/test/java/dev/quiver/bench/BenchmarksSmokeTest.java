// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.benchdata.BenchChecksum;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/** Runs every benchmark method once on 1,000 rows; Quiver and arrow-java must agree on the checksum. */
class BenchmarksSmokeTest {
    private static final long ROWS = 1_000;
    /** The dataset's reference checksum of 1,000 rows (testing/data/bench/checksum-1000.txt). */
    private static final List<String> EXPECTED = expected();

    private static List<String> expected() {
        try {
            return Files.readAllLines(TestData.resolve("bench/checksum-1000.txt"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void build() {
        BuildBench bench = new BuildBench();
        bench.rows = ROWS;
        bench.setUp();
        try {
            assertTrue(bench.quiver() > 0);
            assertTrue(bench.arrow() > 0);
            assertEquals(0x5A, bench.limit());
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void quiverFiles() throws IOException {
        for (String codec : List.of("none", "lz4", "zstd")) {
            FileBench bench = new FileBench();
            bench.rows = ROWS;
            bench.codec = codec;
            bench.setUp();
            try {
                assertTrue(bench.quiverWrite() > 0, codec);
                assertEquals(EXPECTED, bench.quiverRead().lines(), codec);
                assertEquals(EXPECTED, bench.quiverReadTrusted().lines(), codec);
                assertEquals(0x5A, bench.limit());
            } finally {
                bench.tearDown();
            }
        }
    }

    @Test
    void arrowFiles() throws IOException {
        for (String codec : List.of("none", "zstd")) {
            ArrowFileBench bench = new ArrowFileBench();
            bench.rows = ROWS;
            bench.codec = codec;
            bench.setUp();
            try {
                assertTrue(bench.arrowWrite() > 0, codec);
                assertEquals(EXPECTED, bench.arrowRead().lines(), codec);
                assertEquals(EXPECTED, QuiverIo.readMapped(bench.output(), true).lines(),
                        "Quiver reading arrow-java's " + codec + " file");
                try (RootAllocator allocator = new RootAllocator()) {
                    assertEquals(EXPECTED, ArrowIo.readFile(bench.output(), allocator).lines(), codec);
                }
            } finally {
                bench.tearDown();
            }
        }
    }

    @Test
    void lz4() throws IOException {
        Lz4SmallBench bench = new Lz4SmallBench();
        bench.rows = ROWS;
        bench.setUp();
        try {
            assertTrue(bench.quiverWrite() > 0);
            assertTrue(bench.arrowWrite() > 0);
            assertEquals(EXPECTED, bench.quiverRead().lines());
            assertEquals(EXPECTED, bench.arrowRead().lines());
            assertEquals(0x5A, bench.limit());
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void streams() throws IOException {
        StreamBench bench = new StreamBench();
        bench.rows = ROWS;
        bench.setUp();
        try {
            long quiverBytes = bench.quiverWrite();
            long arrowBytes = bench.arrowWrite();
            assertTrue(quiverBytes > 0 && arrowBytes > 0);
            BenchChecksum quiver = bench.quiverRead();
            assertEquals(EXPECTED, quiver.lines());
            assertEquals(EXPECTED, bench.arrowRead().lines());
            assertEquals(EXPECTED, bench.quiverRead().lines(), "a second read of the same stream");
            assertEquals(0x5A, bench.limit());
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void mappedOpen() throws IOException {
        MappedOpenBench bench = new MappedOpenBench();
        bench.rows = 70_000;
        bench.setUp();
        try {
            assertEquals(70_000 - 65_536, bench.quiver());
            assertEquals(70_000 - 65_536, bench.quiverTrusted());
            assertEquals(70_000 - 65_536, bench.arrow());
            assertEquals(0x5A, bench.limit());
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void rows() {
        RowBench bench = new RowBench();
        bench.rows = ROWS;
        bench.setUp();
        try {
            assertEquals(ROWS, bench.encode());
            assertEquals(ROWS, bench.encodeAppend());
            assertEquals(ROWS, bench.decode());
            long groups = 1000 - 59 + 1;
            assertEquals(groups, bench.groupBy(), "941 names and the null group");
            assertEquals(groups, bench.arrowGroupBy());
            assertEquals(0x5A, bench.limit());
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void flight() throws Exception {
        FlightBench bench = new FlightBench();
        bench.rows = ROWS;
        bench.setUp();
        try {
            assertEquals(ROWS, bench.quiverDoGet());
            assertEquals(ROWS, bench.arrowDoGet());
        } finally {
            bench.tearDown();
        }
    }
}
