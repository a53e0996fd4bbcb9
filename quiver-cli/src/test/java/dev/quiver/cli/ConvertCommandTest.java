// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConvertCommandTest {
    private static final String CSV = """
            id,score,ok,name,empty
            1,2.5,true,ann,
            2,,false,"bob, jr",
            3,-1e3,TRUE,,
            """;

    @TempDir
    Path dir;

    private Path csv() throws IOException {
        return Files.writeString(dir.resolve("people.csv"), CSV);
    }

    @Test
    void csvTypesAreInferredAndEmptyFieldsAreNull() throws IOException {
        Path arrow = dir.resolve("people.arrow");
        Cli.Result r = Cli.run("convert", csv(), arrow);
        assertEquals(0, r.exit(), r.err());
        assertEquals("wrote " + arrow + " (Arrow file): 1 batch, 3 rows, " + dev.quiver.cli.text.Sizes.bytes(
                Files.size(arrow)), r.err().strip());
        assertEquals("", r.out(), "status on stderr only, so that stdout is never mixed with it");
        assertEquals(List.of("Arrow file, 5 fields:", "  id: int64", "  score: float64", "  ok: bool", "  name: utf8",
                "  empty: utf8"), Cli.run("schema", arrow).out().lines().toList());
        List<String> rows = Cli.run("cat", arrow).out().lines().toList();
        assertEquals(List.of(
                "id    score  ok     name     empty",
                "--  -------  -----  -------  -----",
                " 1      2.5  true   ann      null",
                " 2     null  false  bob, jr  null",
                " 3  -1000.0  true   null     null"), rows);
    }

    @Test
    void givenTypesOverrideInference() throws IOException {
        Path arrow = dir.resolve("typed.arrows");
        Cli.Result r = Cli.run("convert", csv(), arrow, "--types", "id=int8,name=large_utf8");
        assertEquals(0, r.exit(), r.err());
        List<String> schema = Cli.run("schema", arrow).out().lines().toList();
        assertEquals("  id: int8", schema.get(1));
        assertEquals("  name: large_utf8", schema.get(4));
    }

    @Test
    void aDictionaryTypeGivenForACsvColumnIsWrittenToArrowFilesAndStreams() throws IOException {
        for (String name : List.of("dict.arrow", "dict.arrows")) {
            Path arrow = dir.resolve(name);
            Cli.Result r = Cli.run("convert", csv(), arrow, "--types", "name=dictionary<utf8>");
            assertEquals(0, r.exit(), r.err());
            assertEquals("  name: dictionary<values=utf8, indices=int32> (dictionary id 0)",
                    Cli.run("schema", arrow).out().lines().toList().get(4));
            assertEquals(List.of(" 1      2.5  true   ann      null", " 2     null  false  bob, jr  null"),
                    Cli.run("cat", arrow).out().lines().toList().subList(2, 4));
        }
    }

    @Test
    void aDictionaryColumnOverManyBatchesKeepsItsValuesWhileBatchesAreFreedAsWritten() throws IOException {
        // Several blocks, so several batches whose dictionaries the writer compares one with the next:
        // the reader's dictionary only grows, so a file (deltas only) can carry it as well as a stream.
        StringBuilder text = new StringBuilder("id,cat,pad\n");
        int rows = 600_000;
        for (int i = 0; i < rows; i++) {
            text.append(i).append(",c").append(i % 7 == 0 ? i % 1000 : i % 5).append(",xxxxxx\n");
        }
        Path csv = Files.writeString(dir.resolve("many.csv"), text);
        for (String name : List.of("many.arrow", "many.arrows")) {
            Path arrow = dir.resolve(name);
            Cli.Result r = Cli.run("convert", csv, arrow, "--types", "cat=dictionary<utf8>");
            assertEquals(0, r.exit(), r.err());
            int batches = 0;
            long row = 0;
            try (dev.quiver.core.batch.RecordBatchReader reader = name.endsWith(".arrows")
                    ? dev.quiver.ipc.IpcStreamReader.open(arrow) : dev.quiver.ipc.IpcFileReader.open(arrow)) {
                for (dev.quiver.core.batch.RecordBatch batch : reader) {
                    batches++;
                    dev.quiver.core.array.Array cats = batch.column(1);
                    for (int k = 0; k < batch.rowCount(); k++, row++) {
                        long i = row;
                        assertEquals("c" + (i % 7 == 0 ? i % 1000 : i % 5), String.valueOf(cats.getObject(k)),
                                name + " row " + row);
                    }
                }
            }
            assertEquals(rows, row);
            assertTrue(batches > 2, batches + " batches");
        }
    }

    @Test
    void aValueThatDoesNotFitTheGivenTypeNamesItsPlace() throws IOException {
        Path csv = Files.writeString(dir.resolve("big.csv"), "a\n1\n300\n");
        Cli.Result r = Cli.run("convert", csv, dir.resolve("big.arrow"), "--types", "a=int8");
        assertEquals(1, r.exit());
        assertEquals(List.of("quiver convert: " + csv + ", line 3, column a: '300' is out of the range of int8"), r.errLines());
    }

    @Test
    void unknownTypeOrColumnIsAUsageError() throws IOException {
        Cli.Result badType = Cli.run("convert", csv(), dir.resolve("x.arrow"), "--types", "id=int128");
        assertEquals(2, badType.exit());
        assertEquals(1, badType.errLines().size(), badType.err());
        assertTrue(badType.err().contains("unknown type 'int128'"), badType.err());
        Cli.Result badColumn = Cli.run("convert", csv(), dir.resolve("x.arrow"), "--types", "nope=int32");
        assertEquals(1, badColumn.exit());
        assertTrue(badColumn.err().contains("[nope]"), badColumn.err());
    }

    @Test
    void typesOnNonCsvInputIsAUsageError() throws IOException {
        Path arrow = dir.resolve("t.arrow");
        assertEquals(0, Cli.run("convert", csv(), arrow).exit());
        Cli.Result r = Cli.run("cat", arrow, "--types", "id=int32");
        assertEquals(2, r.exit());
        assertEquals(List.of("quiver cat: the CSV options apply to CSV or TSV input only, not Arrow file"), r.errLines());
    }

    @Test
    void raggedCsvIsOneLineAndExitOne() throws IOException {
        Path csv = Files.writeString(dir.resolve("ragged.csv"), "a,b\n1,2\n3\n");
        Cli.Result r = Cli.run("convert", csv, dir.resolve("r.arrow"));
        assertEquals(1, r.exit());
        assertEquals(List.of("quiver convert: " + csv + ", line 3: has 1 field where 2 are expected"), r.errLines());
    }

    @Test
    void roundTripThroughEveryFormatKeepsTheValues() throws IOException {
        Path file = dir.resolve("a.feather");
        Path stream = dir.resolve("b.stream");
        Path json = dir.resolve("c.json.gz");
        Path back = dir.resolve("d.csv");
        assertEquals(0, Cli.run("convert", csv(), file, "--codec", "lz4").exit());
        assertEquals(0, Cli.run("convert", file, stream, "--codec", "zstd").exit());
        assertEquals(0, Cli.run("convert", stream, json).exit());
        assertEquals(0, Cli.run("validate", stream, json).exit());
        assertEquals(0, Cli.run("convert", json, back).exit());
        assertEquals("""
                id,score,ok,name,empty
                1,2.5,true,ann,
                2,,false,"bob, jr",
                3,-1000.0,true,,
                """, Files.readString(back).replace("\r\n", "\n"));
    }

    @Test
    void arrowInputIsDetectedByItsMagicWhateverItsName() throws IOException {
        Path file = dir.resolve("data.bin");
        Path stream = dir.resolve("data.dat");
        assertEquals(0, Cli.run("convert", csv(), file, "--format", "file").exit());
        assertEquals(0, Cli.run("convert", csv(), stream, "--format", "stream").exit());
        assertTrue(Cli.run("schema", file).out().startsWith("Arrow file,"));
        assertTrue(Cli.run("schema", stream).out().startsWith("Arrow stream,"));
        assertTrue(new String(Files.readAllBytes(file), 0, 6, java.nio.charset.StandardCharsets.US_ASCII)
                .equals("ARROW1"));
    }

    @Test
    void anOutputNameWithoutFormatIsAUsageError() throws IOException {
        Cli.Result r = Cli.run("convert", csv(), dir.resolve("out.data"));
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("use --format file|stream"), r.err());
        assertEquals(2, r.exit());
    }

    @Test
    void codecOnCsvOutputIsAUsageError() throws IOException {
        Cli.Result r = Cli.run("convert", csv(), dir.resolve("out.csv"), "--codec", "zstd");
        assertEquals(2, r.exit());
        assertEquals(List.of("quiver convert: --codec applies to Arrow and Parquet output only, not CSV"), r.errLines());
    }

    @Test
    void convertingAFileOntoItselfIsRefused() throws IOException {
        Path arrow = dir.resolve("same.arrow");
        assertEquals(0, Cli.run("convert", csv(), arrow).exit());
        Cli.Result r = Cli.run("convert", arrow, arrow);
        assertEquals(1, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(Cli.run("validate", arrow).exit() == 0);
    }

    @Test
    void integersBeyondInt64KeepEveryDigit() throws IOException {
        Path csv = Files.writeString(dir.resolve("big.csv"), "\uFEFFn\n12345678901234567891\n-1\n");
        Path arrow = dir.resolve("big.arrow");
        assertEquals(0, Cli.run("convert", csv, arrow).exit());
        assertEquals(List.of("Arrow file, 1 field:", "  n: decimal128(20, 0)"), Cli.run("schema", arrow).out().lines()
                .toList());
        assertEquals(List.of("                   n", "--------------------", "12345678901234567891",
                "                  -1"), Cli.run("cat", arrow).out().lines().toList());
    }

    @Test
    void csvThatIsNotUtf8IsOneLineNamingLineAndColumn() throws IOException {
        Path csv = Files.write(dir.resolve("latin1.csv"), "name\ncaf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        Cli.Result r = Cli.run("convert", csv, dir.resolve("out.arrow"));
        assertEquals(1, r.exit());
        assertEquals(List.of("quiver convert: " + csv + ", line 2: is not valid UTF-8: byte 0xE9 at byte offset 8"),
                r.errLines());
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(csv), files.toList());
        }
    }
}
