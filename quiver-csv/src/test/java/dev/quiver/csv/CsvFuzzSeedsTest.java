// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.batch.RecordBatch;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The hand-written seeds of {@link CsvReaderFuzzTest} read as intended with the options of its first read
 * (backslash escapes added where a seed uses them): the valid ones whole, the broken ones refused.
 */
class CsvFuzzSeedsTest {
    static final Path SEEDS = Path.of("src/test/resources/dev/quiver/csv/CsvReaderFuzzTestInputs/readCsv");

    @ParameterizedTest
    @CsvSource({
        "seed-mixed.csv, false, 5, 4",
        "seed-integers.csv, false, 3, 3",
        "seed-floats-crlf.csv, false, 2, 3",
        "seed-header-only.csv, false, 1, 0",
        "seed-multi-block.csv, false, 6, 60",
        "seed-temporal-decimal.csv, false, 4, 3",
        "seed-bom-pipe-escapes.csv, true, 3, 2"})
    void validSeedsReadWhole(String name, boolean escapes, int columns, long rows) throws IOException {
        byte[] input = Files.readAllBytes(SEEDS.resolve(name));
        CsvReadOptions options = CsvReaderFuzzTest.options(input);
        try (CsvReader reader = CsvReader.open(new ByteArrayInputStream(input),
                escapes ? options.withEscape('\\') : options)) {
            assertEquals(columns, reader.schema().fields().size());
            long read = 0;
            for (RecordBatch batch : reader) {
                batch.validateFull();
                read += batch.rowCount();
            }
            assertEquals(rows, read);
        }
    }

    @ParameterizedTest
    @CsvSource({"seed-width-mismatch.csv", "seed-unterminated-quote.csv"})
    void brokenSeedsAreRefused(String name) throws IOException {
        byte[] input = Files.readAllBytes(SEEDS.resolve(name));
        assertThrows(CsvException.class, () -> {
            try (CsvReader reader = CsvReader.open(new ByteArrayInputStream(input), CsvReaderFuzzTest.options(input))) {
                reader.forEach(RecordBatch::validateFull);
            }
        });
    }
}
