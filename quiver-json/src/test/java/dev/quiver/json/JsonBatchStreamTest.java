// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static dev.quiver.json.JsonTestData.leafField;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.Int32Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Batches come one at a time, whatever the order of the members around them. */
class JsonBatchStreamTest {
    private static final String INT32 = leafField("{\"name\": \"int\", \"bitWidth\": 32, \"isSigned\": true}");
    private static final String SCHEMA = "{\"fields\": [" + INT32 + "]}";

    private static String batch(int... values) {
        StringBuilder validity = new StringBuilder();
        StringBuilder data = new StringBuilder();
        for (int v : values) {
            validity.append(validity.isEmpty() ? "" : ", ").append(1);
            data.append(data.isEmpty() ? "" : ", ").append(v);
        }
        return "{\"count\": " + values.length + ", \"columns\": [{\"name\": \"c\", \"count\": " + values.length
                + ", \"VALIDITY\": [" + validity + "], \"DATA\": [" + data + "]}]}";
    }

    private static InputStream stream(String json) {
        return new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8));
    }

    private static int value(RecordBatch batch, int row) {
        return ((Int32Array) batch.column(0)).get(row);
    }

    @Test
    void theSchemaComesFirstThenOneBatchAtATime() throws Exception {
        String json = "{\"schema\": " + SCHEMA + ", \"batches\": [" + batch(1, 2) + ", " + batch(3) + "]}";
        try (JsonBatchStream batches = IntegrationJsonReader.open(stream(json))) {
            assertEquals("c", batches.schema().field(0).name());
            RecordBatch first = batches.readNext().orElseThrow();
            assertEquals(2, first.rowCount());
            assertEquals(2, value(first, 1));
            assertEquals(3, value(batches.readNext().orElseThrow(), 0));
            assertNull(batches.readNext().orElse(null));
            assertNull(batches.readNext().orElse(null), "the end stays the end");
        }
    }

    @Test
    void aProblemInALaterBatchSurfacesWhenThatBatchIsRead() throws Exception {
        String json = "{\"schema\": " + SCHEMA + ", \"batches\": [" + batch(1) + ", "
                + batch(2).replace("[2]", "[\"two\"]") + "]}";
        try (JsonBatchStream batches = IntegrationJsonReader.open(stream(json))) {
            assertEquals(1, value(batches.readNext().orElseThrow(), 0));
            JsonFormatException e = assertThrows(JsonFormatException.class, batches::readNext);
            assertTrue(e.getMessage().startsWith("batch 1, column c.DATA[0]: "), e.getMessage());
        }
    }

    @Test
    void aProblemAfterTheBatchesSurfacesFromTheLastRead() throws Exception {
        String json = "{\"schema\": " + SCHEMA + ", \"batches\": [" + batch(1) + "]} []";
        try (JsonBatchStream batches = IntegrationJsonReader.open(stream(json))) {
            batches.readNext().orElseThrow();
            JsonFormatException e = assertThrows(JsonFormatException.class, batches::readNext);
            assertTrue(e.getMessage().contains("unexpected content after the JSON value"), e.getMessage());
        }
    }

    @Test
    void batchesBeforeTheSchemaAreHeldUntilItIsRead() throws Exception {
        String json = "{\"batches\": [" + batch(7) + "], \"other\": {\"x\": [1, 2]}, \"schema\": " + SCHEMA + "}";
        try (JsonBatchStream batches = IntegrationJsonReader.open(stream(json))) {
            assertEquals(7, value(batches.readNext().orElseThrow(), 0));
            assertNull(batches.readNext().orElse(null));
        }
    }

    @Test
    void dictionariesAndDictionaryDataInAnyOrderAreRead() {
        String field = "{\"name\": \"d\", \"nullable\": true, \"type\": {\"name\": \"utf8\"}, \"children\": [], "
                + "\"dictionary\": {\"id\": 4, \"indexType\": {\"name\": \"int\", \"bitWidth\": 8, "
                + "\"isSigned\": true}}}";
        String column = "{\"DATA\": [1, 0], \"VALIDITY\": [1, 1], \"count\": 2, \"name\": \"d\"}";
        String dictionary = "{\"data\": {\"columns\": [{\"DATA\": [\"x\", \"yz\"], \"OFFSET\": [0, 1, 3], "
                + "\"VALIDITY\": [1, 1], \"count\": 2}], \"count\": 2}, \"id\": 4}";
        String json = "{\"batches\": [{\"columns\": [" + column + "], \"count\": 2}], \"dictionaries\": [" + dictionary
                + "], \"schema\": {\"fields\": [" + field + "]}}";
        JsonFile file = IntegrationJsonReader.readString(json);
        assertEquals(List.of("yz", "x"), List.of(file.batches().get(0).column(0).getObject(0),
                file.batches().get(0).column(0).getObject(1)));
        assertEquals("x", Array.ofUnchecked(file.dictionaries().get(4L)).getObject(0));
    }

    @Test
    void everyGoldFileWithEveryObjectsMembersReversedReadsTheSame() throws Exception {
        BatchComparator comparator = new BatchComparator();
        for (Path gold : GoldFiles.all()) {
            JsonValue tree;
            try (InputStream in = Files.newInputStream(gold)) {
                tree = JsonTestData.parse(in);
            }
            JsonFile expected = IntegrationJsonReader.read(gold);
            String text = JsonTestData.write(tree, true);
            String name = GoldFiles.name(gold);
            assertTrue(text.startsWith("{\"batches\":"), name);
            JsonFile reversed = IntegrationJsonReader.readString(text);
            assertEquals(expected.schema(), reversed.schema(), name);
            assertEquals(Optional.empty(), comparator.compare(expected.batches(), reversed.batches()), name);
            assertEquals(IntegrationJsonWriter.writeString(expected), IntegrationJsonWriter.writeString(reversed), name);
        }
    }

    @Test
    void aMemberTwiceIsAnError() {
        String twice = "{\"schema\": " + SCHEMA + ", \"batches\": [], \"batches\": []}";
        assertTrue(assertThrows(JsonFormatException.class, () -> IntegrationJsonReader.readString(twice)).getMessage()
                .contains("member \"batches\" appears twice"));
        String data = "{\"schema\": " + SCHEMA + ", \"batches\": [" + batch(1).replace("\"DATA\": [1]",
                "\"DATA\": [1], \"DATA\": [2]") + "]}";
        assertTrue(assertThrows(JsonFormatException.class, () -> IntegrationJsonReader.readString(data)).getMessage()
                .contains("batch 0, column c: member \"DATA\" appears twice"));
    }

    @Test
    void aLoneSurrogateInUtf8DataIsAnErrorNotAReplacementCharacter() {
        String json = JsonTestData.file(leafField("{\"name\": \"utf8\"}"), 1, "{\"name\": \"c\", \"count\": 1, "
                + "\"VALIDITY\": [1], \"OFFSET\": [0, 3], \"DATA\": [\"\\ud800\"]}");
        JsonFormatException e = assertThrows(JsonFormatException.class, () -> IntegrationJsonReader.readString(json));
        assertTrue(e.getMessage().contains("c.DATA[0]") && e.getMessage().contains("lone surrogate"),
                e.getMessage());
    }

    @Test
    void utf8DataIsEncodedAsUtf8() {
        String json = JsonTestData.file(leafField("{\"name\": \"utf8\"}"), 2, "{\"name\": \"c\", \"count\": 2, "
                + "\"VALIDITY\": [1, 1], \"OFFSET\": [0, 3, 7], \"DATA\": [\"h\\u00e9\", \"\\ud83d\\ude00\"]}");
        RecordBatch batch = IntegrationJsonReader.readString(json).batches().get(0);
        assertEquals("hé", batch.column(0).getObject(0));
        assertEquals("\uD83D\uDE00", batch.column(0).getObject(1));
    }

    @Test
    void aDictionaryIndexOutsideTheDictionaryIsAnError() {
        String field = "{\"name\": \"d\", \"nullable\": true, \"type\": {\"name\": \"utf8\"}, \"children\": [], "
                + "\"dictionary\": {\"id\": 0, \"indexType\": {\"name\": \"int\", \"bitWidth\": 8, "
                + "\"isSigned\": true}}}";
        String json = "{\"schema\": {\"fields\": [" + field + "]}, \"dictionaries\": [{\"id\": 0, \"data\": "
                + "{\"count\": 1, \"columns\": [{\"name\": \"DICT0\", \"count\": 1, \"VALIDITY\": [1], "
                + "\"OFFSET\": [0, 1], \"DATA\": [\"x\"]}]}}], \"batches\": [{\"count\": 2, \"columns\": "
                + "[{\"name\": \"d\", \"count\": 2, \"VALIDITY\": [1, 0], \"DATA\": [0, 9]}]}, {\"count\": 1, "
                + "\"columns\": [{\"name\": \"d\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [1]}]}]}";
        JsonFormatException e = assertThrows(JsonFormatException.class, () -> IntegrationJsonReader.readString(json));
        assertTrue(e.getMessage().startsWith("batch 1, column d: dictionary-index at index 0: index 1 is outside"),
                e.getMessage());
    }

    @Test
    void filesAndStreamsAreReadAndClosedWithTheReader(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("f.json");
        Files.writeString(file, "{\"schema\": " + SCHEMA + ", \"batches\": [" + batch(5) + "]}");
        try (JsonBatchStream batches = IntegrationJsonReader.open(file)) {
            assertEquals(5, value(batches.readNext().orElseThrow(), 0));
            assertNull(batches.readNext().orElse(null));
        }
        boolean[] closed = {false};
        InputStream in = new java.io.FilterInputStream(stream("{\"schema\": " + SCHEMA + ", \"batches\": []}")) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        try (JsonBatchStream batches = IntegrationJsonReader.open(in)) {
            assertNull(batches.readNext().orElse(null));
        }
        assertTrue(closed[0], "the stream given is closed with the reader, as the IPC readers do");
    }
}
