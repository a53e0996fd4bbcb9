// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.Schema;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.JsonFile;
import dev.quiver.testkit.TestData.GoldCase;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every gold case of the Arrow integration corpus (Arrow C++ 1.0.0 and 21.0.0): its IPC file (mapped and
 * through a channel) and stream, read by Quiver with full validation, equal its JSON read by Quiver;
 * Quiver writes what it read again (file and stream, 8- and 64-byte alignment, each codec) and reads it
 * back equal; and the JSON written as Quiver IPC reads back equal to the JSON.
 */
class GoldFilesTest {
    static List<GoldCase> cases() {
        return TestData.goldCases();
    }

    static JsonFile json(GoldCase c) throws IOException {
        JsonFile json = IntegrationJsonReader.read(c.json());
        for (RecordBatch b : json.batches()) {
            b.validateFull();
        }
        return json;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void ipcEqualsJson(GoldCase c) throws IOException {
        JsonFile json = json(c);
        QuiverIpc.mapFile(c.file(), read -> assertEqual(json.schema(), json.batches(), read, "mapped file"));
        assertEqual(json.schema(), json.batches(), QuiverIpc.readFile(c.file()), "file through a channel");
        byte[] stream = Files.readAllBytes(c.stream());
        assertEqual(json.schema(), json.batches(), QuiverIpc.readStream(stream), "stream");
        assertEqual(json.schema(), json.batches(), QuiverIpc.readStreamInMemory(stream), "stream in memory");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void whatQuiverReadItWritesAgain(GoldCase c) throws IOException {
        JsonFile json = json(c);
        QuiverIpc.Read stream = QuiverIpc.readStream(Files.readAllBytes(c.stream()));
        QuiverIpc.Read file = QuiverIpc.readFile(c.file());
        for (QuiverIpc.Codec codec : QuiverIpc.Codec.values()) {
            for (int alignment : new int[] {8, 64}) {
                String how = codec + ", " + alignment + "-byte alignment";
                var options = QuiverIpc.options(codec, alignment);
                assertEqual(json.schema(), json.batches(),
                        QuiverIpc.readStream(QuiverIpc.writeStream(stream.schema(), stream.batches(), options)),
                        "stream rewritten, " + how);
                assertEqual(json.schema(), json.batches(),
                        QuiverIpc.readFile(QuiverIpc.writeFile(file.schema(), file.batches(), options)),
                        "file rewritten, " + how);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void jsonWrittenAsIpcReadsBackEqual(GoldCase c, @org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        JsonFile json = json(c);
        for (QuiverIpc.Codec codec : QuiverIpc.Codec.values()) {
            var options = QuiverIpc.options(codec, 8);
            assertEqual(json.schema(), json.batches(),
                    QuiverIpc.readStream(QuiverIpc.writeStream(json.schema(), json.batches(), options)),
                    "JSON as a stream, " + codec);
            byte[] file = QuiverIpc.writeFile(json.schema(), json.batches(), options);
            assertEqual(json.schema(), json.batches(), QuiverIpc.readFile(file), "JSON as a file, " + codec);
            Path path = QuiverIpc.temp(dir, "json-" + codec + ".arrow", file);
            QuiverIpc.mapFile(path, read -> assertEqual(json.schema(), json.batches(), read,
                    "JSON as a mapped file, " + codec));
        }
    }

    /**
     * Equal schemas (as the comparator compares types; custom metadata of the schema and its fields
     * equal too) and no difference between the batches.
     */
    static void assertEqual(Schema schema, List<RecordBatch> expected, QuiverIpc.Read read, String what) {
        BatchComparator comparator = new BatchComparator();
        assertEquals(Optional.empty(),
                comparator.compare(0, Corpus.empty(schema), Corpus.empty(read.schema())).map(d -> d.message()),
                what + ": schema");
        assertEquals(schema.metadata(), read.schema().metadata(), what + ": schema metadata");
        for (int i = 0; i < schema.fields().size(); i++) {
            assertEquals(schema.field(i).metadata(), read.schema().field(i).metadata(), what + ": field metadata");
        }
        assertEquals(Optional.empty(), comparator.compare(expected, read.batches()).map(d -> d.message()), what);
    }
}
