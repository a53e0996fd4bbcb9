// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.cli.CliException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The hand-written seeds of the CSV fuzz test read as intended: the valid ones whole, the one with rows
 * of the wrong width refused.
 */
class CsvFuzzSeedsTest {
    static final Path SEEDS = Path.of("src/test/resources/dev/quiver/cli/io/CsvInputFuzzTestInputs/readCsv");

    @ParameterizedTest
    @CsvSource({
        "seed-mixed.csv, 5, 4",
        "seed-integers.csv, 3, 3",
        "seed-floats-crlf.csv, 2, 3",
        "seed-header-only.csv, 1, 0"})
    void validSeedsReadWhole(String name, int columns, long rows) throws IOException {
        try (RecordBatchReader source = CsvInput.read(SEEDS.resolve(name), Map.of())) {
            assertEquals(columns, source.schema().fields().size());
            long read = 0;
            for (RecordBatch batch : source) {
                batch.validateFull();
                read += batch.rowCount();
            }
            assertEquals(rows, read);
        }
    }

    @ParameterizedTest
    @CsvSource("seed-width-mismatch.csv")
    void mismatchedWidthSeedIsRefused(String name) {
        assertThrows(CliException.class, () -> CsvInput.read(SEEDS.resolve(name), Map.of()));
    }
}
