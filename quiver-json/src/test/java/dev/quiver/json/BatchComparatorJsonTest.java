// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.compare.Difference;
import java.nio.file.Files;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The batch comparator over batches read from integration JSON: gold files, large run-end encoded data. */
class BatchComparatorJsonTest {
    private final BatchComparator comparator = new BatchComparator();

    @Test
    void runEndEncodedJsonOfTheLargestLengthReadsValidatesAndComparesRunByRun() {
        String field = "{\"name\": \"r\", \"nullable\": true, \"type\": {\"name\": \"runendencoded\"}, "
                + "\"children\": [{\"name\": \"run_ends\", \"nullable\": false, \"type\": {\"name\": \"int\", "
                + "\"bitWidth\": 32, \"isSigned\": true}, \"children\": []}, {\"name\": \"values\", "
                + "\"nullable\": true, \"type\": {\"name\": \"utf8\"}, \"children\": []}]}";
        String column = "{\"name\": \"r\", \"count\": 2147483647, \"children\": ["
                + "{\"name\": \"run_ends\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [2147483647]}, "
                + "{\"name\": \"values\", \"count\": 1, \"VALIDITY\": [1], \"OFFSET\": [0, 1], \"DATA\": [\"x\"]}]}";
        String json = JsonTestData.file(field, Integer.MAX_VALUE, column);
        JsonFile file = IntegrationJsonReader.readString(json);
        assertEquals(Integer.MAX_VALUE, file.batches().get(0).rowCount());
        assertEquals(Optional.empty(), comparator.compare(file.batches(), IntegrationJsonReader.readString(json).batches()));
        Difference d = comparator.compare(file.batches(),
                IntegrationJsonReader.readString(json.replace("[\"x\"]", "[\"y\"]")).batches()).orElseThrow();
        assertEquals("batch 0, column r.values, row 0, index 0: values differ: \"x\" vs \"y\"", d.message());
    }

    @Test
    void aChangedStringInTheSpecExampleIsFound() throws Exception {
        String simple = Files.readString(
                GoldFiles.examples().resolve("simple.json"));
        Difference d = comparator.compare(IntegrationJsonReader.readString(simple).batches(),
                IntegrationJsonReader.readString(simple.replace("\"bbb\"", "\"bbc\"")).batches()).orElseThrow();
        assertEquals("batch 0, column baz, row 3, index 3: values differ: \"bbb\" vs \"bbc\"", d.message());
    }

    @Test
    void aChangedStringInAStructChildIsFoundAtItsPath() throws Exception {
        String struct = Files.readString(
                GoldFiles.examples().resolve("struct.json"));
        Difference d = comparator.compare(IntegrationJsonReader.readString(struct).batches(),
                IntegrationJsonReader.readString(struct.replace("\"3F9HBxK\"", "\"3F9HBxL\"")).batches()).orElseThrow();
        assertEquals(new Difference(0, "struct_nullable.f2", 2, 2, "\"3F9HBxK\"", "\"3F9HBxL\"", "values differ"), d);
    }

    @Test
    void mapNamesOfTheNonCanonicalGoldFileDoNotMatter() throws Exception {
        JsonFile gold = IntegrationJsonReader.read(GoldFiles.root().resolve("cpp-21.0.0/generated_map_non_canonical.json.gz"));
        String canonical = IntegrationJsonWriter.writeString(gold).replace("\"some_entries\"", "\"entries\"")
                .replace("\"some_key\"", "\"key\"").replace("\"some_value\"", "\"value\"");
        JsonFile renamed = IntegrationJsonReader.readString(canonical);
        assertTrue(!renamed.schema().equals(gold.schema()));
        assertEquals(Optional.empty(), comparator.compare(gold.batches(), renamed.batches()));
    }
}
