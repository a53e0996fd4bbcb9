// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.compare.BatchComparator;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every gold file survives JSON → ArrayData → JSON: the JSON written is equivalent to the gold file's
 * (every buffer value, slot by slot), writing what was read back from it gives the same text, and the
 * batches read back equal those read first.
 */
class GoldFilesRoundTripTest {

    @TestFactory
    Stream<DynamicTest> writtenJsonIsEquivalentToTheGoldFile() {
        return GoldFiles.all().stream().map(file -> DynamicTest.dynamicTest(GoldFiles.name(file), () -> {
            JsonFile read = IntegrationJsonReader.read(file);
            String written = IntegrationJsonWriter.writeString(read);
            JsonValue gold;
            try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                gold = JsonTestData.parse(in);
            }
            assertNull(JsonEquivalence.difference(gold, parse(written), "$"));
        }));
    }

    @TestFactory
    Stream<DynamicTest> readingWhatWasWrittenGivesTheSameBuffers() {
        return GoldFiles.all().stream().map(file -> DynamicTest.dynamicTest(GoldFiles.name(file), () -> {
            JsonWriteOptions pretty = JsonWriteOptions.DEFAULT.withPretty(true);
            String once = IntegrationJsonWriter.writeString(IntegrationJsonReader.read(file), pretty);
            JsonFile again = IntegrationJsonReader.readString(once);
            assertEquals(once, IntegrationJsonWriter.writeString(again, pretty));
        }));
    }

    @TestFactory
    Stream<DynamicTest> readerOfWriterGivesEqualBatches() {
        return GoldFiles.all().stream().map(file -> DynamicTest.dynamicTest(GoldFiles.name(file), () -> {
            JsonFile read = IntegrationJsonReader.read(file);
            JsonFile back = IntegrationJsonReader.readString(IntegrationJsonWriter.writeString(read));
            assertEquals(read.schema(), back.schema());
            assertEquals(Optional.empty(), new BatchComparator().compare(read.batches(), back.batches()));
            assertEquals(read.batches(), back.batches(), "Array.equals agrees");
            assertEquals(read.dictionaries().keySet(), back.dictionaries().keySet());
            for (Long id : read.dictionaries().keySet()) {
                assertEquals(Array.ofUnchecked(read.dictionaries().get(id)),
                        Array.ofUnchecked(back.dictionaries().get(id)));
            }
        }));
    }

    private static JsonValue parse(String json) throws Exception {
        return JsonTestData.parse(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

}
