// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcStreamReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** {@code -} as standard input and output, with --from / --to; TSV by name; CSV options. */
@Isolated
class PipingTest {
    private static final String CSV = "id,name,day\n1,\"a, b\",2024-01-02\n2,,2024-01-03\n";

    @TempDir
    Path dir;

    private static Cli.Result withStdio(byte[] stdin, ByteArrayOutputStream stdout, Object... args) {
        InputStream oldIn = System.in;
        PrintStream oldOut = System.out;
        System.setIn(new ByteArrayInputStream(stdin));
        System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
        try {
            return Cli.run(args);
        } finally {
            System.setIn(oldIn);
            System.setOut(oldOut);
        }
    }

    @Test
    void csvFromStandardInputToAnArrowFile() throws Exception {
        Path out = dir.resolve("out.arrow");
        Cli.Result r = withStdio(CSV.getBytes(StandardCharsets.UTF_8), new ByteArrayOutputStream(),
                "convert", "-", out, "--from", "csv");
        assertEquals(0, r.exit(), r.err());
        try (IpcFileReader reader = IpcFileReader.open(out)) {
            RecordBatch batch = reader.readNext().orElseThrow();
            assertEquals(2, batch.rowCount());
            assertEquals("a, b", batch.column(1).getObject(0));
            assertEquals(new ArrowType.Date(dev.quiver.core.type.DateUnit.DAY), batch.schema().field(2).type());
        }
    }

    @Test
    void arrowToCsvOnStandardOutputWithTheStatusOnStderr() throws Exception {
        Path csv = Files.writeString(dir.resolve("in.csv"), CSV);
        Path arrow = dir.resolve("in.arrow");
        assertEquals(0, Cli.run("convert", csv, arrow).exit());
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        Cli.Result r = withStdio(new byte[0], stdout, "convert", arrow, "-", "--to", "csv");
        assertEquals(0, r.exit(), r.err());
        assertEquals(CSV, stdout.toString(StandardCharsets.UTF_8));
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("wrote standard output (CSV): 1 batch, 2 rows"), r.err());
    }

    @Test
    void standardInputNeedsItsFormat() {
        Cli.Result r = withStdio(new byte[0], new ByteArrayOutputStream(), "cat", "-");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--from FORMAT"), r.err());
        Cli.Result out = Cli.run("convert", "x.csv", "-");
        assertEquals(2, out.exit());
        assertTrue(out.err().contains("--to FORMAT"), out.err());
    }

    @Test
    void tsvByNameAndCsvOptions() throws Exception {
        Path tsv = Files.writeString(dir.resolve("t.tsv"), "a\tb\n1\tx y\n");
        Cli.Result schema = Cli.run("schema", tsv);
        assertEquals(0, schema.exit(), schema.err());
        assertEquals(List.of("TSV, 2 fields:", "  a: int64", "  b: utf8"), schema.out().lines().toList());
        Path semi = Files.writeString(dir.resolve("s.csv"), "# note\n1;-;2024-01-02T03:04:05Z\n2;7;\n");
        Cli.Result cat = Cli.run("schema", semi, "--delimiter", ";", "--skip-rows", "1", "--no-header", "--null",
                "-", "--null", "", "--types", "f0=int8,f2=timestamp[ms, UTC]");
        assertEquals(0, cat.exit(), cat.err());
        assertEquals(List.of("CSV, 3 fields:", "  f0: int8", "  f1: int64", "  f2: timestamp[ms, tz=UTC]"),
                cat.out().lines().toList());
    }

    @Test
    void theCsvLimitsAreOptions() throws Exception {
        Path wide = Files.writeString(dir.resolve("w.csv"), "a,b,c\n1,2,3\n");
        Cli.Result refused = Cli.run("schema", wide, "--max-columns", "2");
        assertEquals(1, refused.exit(), refused.err());
        assertTrue(refused.err().contains("more than the 2 columns") && refused.err().contains("--max-columns"),
                refused.err());
        Path longLine = Files.writeString(dir.resolve("l.csv"), "a\n" + "x".repeat(8 << 20) + "\n");
        Cli.Result longRecord = Cli.run("schema", longLine, "--max-record-bytes", "4096");
        assertEquals(1, longRecord.exit(), longRecord.err());
        assertTrue(longRecord.err().contains("--max-record-bytes"), longRecord.err());
        assertEquals(0, Cli.run("schema", longLine).exit());
        assertEquals(2, Cli.run("schema", wide, "--max-record-bytes", "3").exit());
        Cli.Result read = Cli.run("schema", wide, "--max-columns", "3");
        assertEquals(0, read.exit(), read.err());
    }

    @Test
    void catStreamsTheFirstRows() throws Exception {
        Path csv = Files.writeString(dir.resolve("c.csv"), "n\n1\n2\n3\n4\n5\n");
        Cli.Result r = Cli.run("cat", csv, "-n", "3");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("first 3 rows"), r.out());
    }

    @Test
    void ndjsonFromStandardInputThroughArrowBackToNdjsonByName() throws Exception {
        String lines = "{\"id\":1,\"tags\":[\"x\",\"y\"],\"p\":{\"q\":true}}\n{\"id\":2,\"tags\":[],\"p\":null}\n";
        Path arrow = dir.resolve("out.arrows");
        Cli.Result r = withStdio(lines.getBytes(StandardCharsets.UTF_8), new ByteArrayOutputStream(),
                "convert", "-", arrow, "--from", "ndjson");
        assertEquals(0, r.exit(), r.err());
        Path back = dir.resolve("back.jsonl");
        assertEquals(0, Cli.run("convert", arrow, back).exit());
        assertEquals(lines, Files.readString(back));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        Cli.Result piped = withStdio(new byte[0], stdout, "convert", back, "-", "--to", "ndjson");
        assertEquals(0, piped.exit(), piped.err());
        assertEquals(lines, stdout.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anArrowStreamFromStandardInputConvertsBatchForBatch() throws Exception {
        for (String codec : List.of("none", "zstd")) {
            Path stream = dir.resolve("b-" + codec + ".arrows");
            assertEquals(0, Cli.run("bench-gen", "--rows", "140000", "--format", "stream", "--codec", codec, "--out",
                    stream).exit());
            Path file = dir.resolve("b-" + codec + ".arrow");
            Cli.Result r = withStdio(Files.readAllBytes(stream), new ByteArrayOutputStream(), "convert", "-", file,
                    "--from", "arrows");
            assertEquals(0, r.exit(), r.err());
            Path again = dir.resolve("again-" + codec + ".arrows");
            assertEquals(0, Cli.run("convert", stream, again).exit());
            try (IpcStreamReader expected = IpcStreamReader.open(stream);
                    IpcFileReader converted = IpcFileReader.map(file);
                    IpcStreamReader copied = IpcStreamReader.open(again)) {
                List<RecordBatch> batches = expected.stream().toList();
                assertEquals(3, batches.size());
                BatchComparator comparator = new BatchComparator();
                assertEquals(Optional.empty(), comparator.compare(batches, converted.stream().toList()), codec);
                assertEquals(Optional.empty(), comparator.compare(batches, copied.stream().toList()), codec);
            }
        }
    }
}
