// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BenchCommandsTest {
    @TempDir
    Path dir;

    @Test
    void benchGenTimeWriteTimesTheWriteOfBatchesMadeFirst() throws IOException {
        Path timed = dir.resolve("timed.arrow");
        Path plain = dir.resolve("plain.arrow");
        Cli.Result gen = Cli.run("bench-gen", "--rows", "70000", "--out", timed, "--codec", "zstd", "--time-write");
        assertEquals(0, gen.exit(), gen.err());
        List<String> lines = gen.out().lines().toList();
        assertEquals(3, lines.size(), gen.out());
        assertTrue(lines.get(1).matches("write_seconds=\\d+\\.\\d{3}"), lines.get(1));
        assertTrue(lines.get(2).matches("write_cpu_seconds=\\d+\\.\\d{3}"), lines.get(2));
        assertEquals(0, Cli.run("bench-gen", "--rows", "70000", "--out", plain, "--codec", "zstd").exit());
        assertEquals(-1, Files.mismatch(timed, plain), "the same file either way");
    }

    @Test
    void benchGenRepeatWritesTheFileAnewAndPrintsTheBestWrite() throws IOException {
        Path once = dir.resolve("once.arrow");
        Path repeated = dir.resolve("repeated.arrow");
        assertEquals(0, Cli.run("bench-gen", "--rows", "70000", "--out", once, "--codec", "lz4").exit());
        Cli.Result gen = Cli.run("bench-gen", "--rows", "70000", "--out", repeated, "--codec", "lz4", "--time-write",
                "--repeat", "3");
        assertEquals(0, gen.exit(), gen.err());
        List<String> lines = gen.out().lines().toList();
        assertEquals(5, lines.size(), gen.out());
        assertTrue(lines.get(3).matches("write_seconds_min=\\d+\\.\\d{3}"), lines.get(3));
        assertTrue(lines.get(4).matches("write_cpu_seconds_min=\\d+\\.\\d{3}"), lines.get(4));
        assertTrue(Double.parseDouble(lines.get(3).split("=")[1]) <= Double.parseDouble(lines.get(1).split("=")[1]));
        assertEquals(-1, Files.mismatch(once, repeated));

        Cli.Result untimed = Cli.run("bench-gen", "--rows", "10", "--out", dir.resolve("x.arrow"), "--repeat", "2");
        assertEquals(2, untimed.exit());
        assertTrue(untimed.err().contains("--repeat needs --time-write"), untimed.err());
    }

    @ParameterizedTest
    @CsvSource({"file,none,b.arrow", "file,zstd,b.arrow", "stream,lz4,b.arrows", "stream,none,b.bin"})
    void benchReadPrintsTheDatasetChecksumThenTheTime(String format, String codec, String name) throws IOException {
        Path expected = TestData.resolve("bench/checksum-1000.txt");
        Path out = dir.resolve(name);
        Cli.Result gen = Cli.run("bench-gen", "--rows", "1000", "--out", out, "--format", format, "--codec", codec);
        assertEquals(0, gen.exit(), gen.err());
        assertTrue(gen.out().startsWith("wrote " + out + " (bench-v1, "), gen.out());

        Cli.Result read = Cli.run("bench-read", out);
        assertEquals(0, read.exit(), read.err());
        List<String> lines = read.out().lines().toList();
        List<String> checksum = Files.readAllLines(expected);
        assertEquals(checksum, lines.subList(0, lines.size() - 1));
        assertTrue(lines.getLast().matches("read_seconds=\\d+\\.\\d{3}"), lines.getLast());
    }

    @Test
    void benchReadRepeatPrintsTheFirstAndTheBestTime() throws IOException {
        Path out = dir.resolve("b.arrow");
        assertEquals(0, Cli.run("bench-gen", "--rows", "1000", "--out", out, "--codec", "lz4").exit());
        Cli.Result read = Cli.run("bench-read", out, "--repeat", "3");
        assertEquals(0, read.exit(), read.err());
        List<String> lines = read.out().lines().toList();
        assertEquals(Files.readAllLines(TestData.resolve("bench/checksum-1000.txt")), lines.subList(0, lines.size() - 3));
        String first = lines.get(lines.size() - 3);
        String best = lines.get(lines.size() - 2);
        assertTrue(first.matches("read_seconds=\\d+\\.\\d{3}"), first);
        assertTrue(best.matches("read_seconds_min=\\d+\\.\\d{3}"), best);
        assertTrue(lines.getLast().matches("read_cpu_seconds_min=\\d+\\.\\d{3}"), lines.getLast());
        double firstSeconds = Double.parseDouble(first.substring(first.indexOf('=') + 1));
        double bestSeconds = Double.parseDouble(best.substring(best.indexOf('=') + 1));
        assertTrue(bestSeconds <= firstSeconds, read.out());
    }

    @ParameterizedTest
    @CsvSource({"lz4,b.arrow", "zstd,b.arrows", "none,b.arrow"})
    void oneThreadAndEveryCoreWriteTheSameBytesAndReadTheSameChecksum(String codec, String name) throws IOException {
        Path single = dir.resolve("one-" + name);
        Path parallel = dir.resolve("all-" + name);
        assertEquals(0, Cli.run("bench-gen", "--rows", "300000", "--out", single, "--codec", codec, "--threads", "1")
                .exit());
        assertEquals(0, Cli.run("bench-gen", "--rows", "300000", "--out", parallel, "--codec", codec).exit());
        assertTrue(Arrays.equals(Files.readAllBytes(single), Files.readAllBytes(parallel)), codec + " " + name);
        Cli.Result one = Cli.run("bench-read", single, "--threads", "1");
        Cli.Result all = Cli.run("bench-read", single, "--threads", "0");
        Cli.Result three = Cli.run("bench-read", single, "--threads", "3");
        assertEquals(0, one.exit(), one.err());
        List<String> checksum = one.out().lines().filter(l -> !l.startsWith("read_seconds")).toList();
        assertEquals("rows=300000", checksum.getFirst());
        assertEquals(checksum, all.out().lines().filter(l -> !l.startsWith("read_seconds")).toList());
        assertEquals(checksum, three.out().lines().filter(l -> !l.startsWith("read_seconds")).toList());
    }

    @Test
    void benchReadRefusesARepeatBelowOne() throws IOException {
        Path out = dir.resolve("b.arrow");
        assertEquals(0, Cli.run("bench-gen", "--rows", "10", "--out", out).exit());
        Cli.Result r = Cli.run("bench-read", out, "--repeat", "0");
        assertEquals(2, r.exit());
        assertEquals(List.of("quiver bench-read: --repeat must be at least 1, not 0"), r.errLines());
    }

    @Test
    void formatFollowsTheNameWhenNotGiven() throws IOException {
        Path stream = dir.resolve("b.arrows");
        assertEquals(0, Cli.run("bench-gen", "--rows", "10", "--out", stream).exit());
        assertTrue(Cli.run("schema", stream).out().startsWith("Arrow stream, 9 fields:"));
        Path file = dir.resolve("b.arrow");
        assertEquals(0, Cli.run("bench-gen", "--rows", "10", "--out", file).exit());
        assertTrue(Cli.run("schema", file).out().startsWith("Arrow file, 9 fields:"));
    }

    @Test
    void benchReadRefusesATableThatIsNotBenchV1() throws IOException {
        Path csv = Files.writeString(dir.resolve("t.csv"), "a,b\n1,2\n");
        Path arrow = dir.resolve("t.arrow");
        assertEquals(0, Cli.run("convert", csv, arrow).exit());
        Cli.Result r = Cli.run("bench-read", arrow);
        assertEquals(1, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("not a bench-v1 table"), r.err());
    }

    @Test
    void benchReadRefusesCsv() throws IOException {
        Path csv = Files.writeString(dir.resolve("t.csv"), "a,b\n1,2\n");
        Cli.Result r = Cli.run("bench-read", csv);
        assertEquals(1, r.exit());
        assertEquals(List.of("quiver bench-read: " + csv + " is CSV, not an Arrow file or stream"), r.errLines());
    }
}
