// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every gold file reads into data matching its schema that passes full validation. The two decimal
 * files of format 1.0 hold unscaled values with more digits than the declared precision (their
 * generator wrote them so): full validation accepts them, as the format does, and the separate
 * precision check finds them.
 */
class GoldFilesReadTest {
    private static final Set<String> DECIMALS_BEYOND_PRECISION = Set.of(
            "1.0.0-littleendian/generated_decimal.json.gz", "1.0.0-littleendian/generated_decimal256.json.gz");

    @TestFactory
    Stream<DynamicTest> everyGoldFileReadsAndValidates() {
        return GoldFiles.all().stream().map(file -> DynamicTest.dynamicTest(GoldFiles.name(file), () -> {
            JsonFile json = read(file);
            boolean beyondPrecision = false;
            for (RecordBatch batch : json.batches()) {
                for (Array column : batch.columns()) {
                    if (column instanceof DecimalArray decimals) {
                        try {
                            decimals.validatePrecision();
                        } catch (ValidationException e) {
                            assertEquals(Rules.DECIMAL_PRECISION, e.rule());
                            beyondPrecision = true;
                        }
                    }
                }
            }
            assertEquals(DECIMALS_BEYOND_PRECISION.contains(GoldFiles.name(file)), beyondPrecision);
        }));
    }

    private static JsonFile read(Path file) throws Exception {
        JsonFile json = IntegrationJsonReader.read(file);
        assertFalse(json.schema().fields().isEmpty());
        for (ArrayData dictionary : json.dictionaries().values()) {
            Array.ofUnchecked(dictionary).validateFull();
        }
        for (RecordBatch batch : json.batches()) {
            assertEquals(json.schema(), batch.schema());
            for (Array column : batch.columns()) {
                assertEquals(batch.rowCount(), column.length());
                column.validateFull();
            }
        }
        return json;
    }
}
