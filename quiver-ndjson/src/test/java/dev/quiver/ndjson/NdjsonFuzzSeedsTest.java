// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.batch.RecordBatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The hand-written seeds of {@link NdjsonReaderFuzzTest} read as intended: the valid ones whole (the
 * every-type seed with the fuzz test's explicit schema), the broken ones refused.
 */
class NdjsonFuzzSeedsTest {
    static final Path SEEDS = Path.of("src/test/resources/dev/quiver/ndjson/NdjsonReaderFuzzTestInputs/readNdjson");

    @ParameterizedTest
    @CsvSource({
        "seed-flat.ndjson, 5, 3",
        "seed-nested.ndjson, 4, 3",
        "seed-timestamps.ndjson, 4, 3"})
    void inferredSeedsReadWhole(String name, int fields, long rows) throws IOException {
        assertEquals(rows, rows(name, NdjsonReadOptions.DEFAULT, fields));
    }

    @Test
    void everyTypeSeedReadsWholeWithTheExplicitSchema() throws IOException {
        NdjsonReadOptions options = NdjsonReadOptions.DEFAULT.withSchema(NdjsonReaderFuzzTest.SCHEMA);
        assertEquals(4, rows("seed-every-type.ndjson", options, NdjsonReaderFuzzTest.SCHEMA.fields().size()));
    }

    @ParameterizedTest
    @CsvSource({"seed-type-change.ndjson", "seed-not-one-object-per-line.ndjson"})
    void brokenSeedsAreRefused(String name) {
        assertThrows(NdjsonException.class,
                () -> rows(name, NdjsonReadOptions.DEFAULT.withSampleLines(2), 0));
    }

    private static long rows(String name, NdjsonReadOptions options, int fields) throws IOException {
        byte[] bytes = Files.readAllBytes(SEEDS.resolve(name));
        long rows = 0;
        for (RecordBatch batch : Ndjson.read(bytes, options)) {
            assertEquals(fields, batch.schema().fields().size());
            batch.validateFull();
            rows += batch.rowCount();
        }
        return rows;
    }
}
