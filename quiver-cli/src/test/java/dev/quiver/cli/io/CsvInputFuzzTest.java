// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.cli.CliException;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fuzzes the CSV reader: every input, read with inferred types and again with every column given one
 * of the types {@code --types} offers (chosen by column and input length, so the input alone decides),
 * ends in whole, fully valid batches or a {@link CliException} that says what is wrong
 * (docs/fuzzing.md); anything else escapes to Jazzer and is a finding. The reader takes no allocator:
 * what it holds grows with the values it reads, so the input's size bounds it. Regression inputs:
 * {@code CsvInputFuzzTestInputs/readCsv}.
 */
class CsvInputFuzzTest {
    private static final List<ArrowType> GIVEN_TYPES = Arrays.stream(CsvTypes.names().split(", "))
            .map(name -> CsvTypes.parse("column=" + name).get("column"))
            .toList();

    private static Path file;

    @FuzzTest(maxDuration = "5m")
    void readCsv(byte[] input) throws Exception {
        Path csv = file();
        Files.write(csv, input);
        Schema inferred = readAccepting(csv, Map.of());
        if (inferred != null) {
            Map<String, ArrowType> given = new HashMap<>();
            List<Field> fields = inferred.fields();
            for (int c = 0; c < fields.size(); c++) {
                given.put(fields.get(c).name(), GIVEN_TYPES.get((c + input.length) % GIVEN_TYPES.size()));
            }
            readAccepting(csv, given);
        }
    }

    /** The schema read, or null when the reader refused the input with a {@link CliException}. */
    private static Schema readAccepting(Path csv, Map<String, ArrowType> given) throws IOException {
        try (RecordBatchReader source = CsvInput.read(csv, given)) {
            for (RecordBatch batch : source) {
                touch(batch);
            }
            return source.schema();
        } catch (CliException expected) {
            if (expected.getMessage() == null || expected.getMessage().isBlank()) {
                throw new AssertionError("a failure that does not say what is wrong", expected);
            }
            return null;
        }
    }

    private static void touch(RecordBatch batch) {
        batch.validateFull();
        for (Array column : batch.columns()) {
            for (long i = 0; i < column.length(); i++) {
                column.isNull(i);
                column.getObject(i);
            }
        }
        batch.toString();
    }

    private static synchronized Path file() throws IOException {
        if (file == null) {
            file = Files.createTempFile("quiver-csv-fuzz", ".csv");
            file.toFile().deleteOnExit();
        }
        return file;
    }
}
