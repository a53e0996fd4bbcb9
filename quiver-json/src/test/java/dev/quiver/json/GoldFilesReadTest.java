package dev.quiver.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.Rules;
import dev.quiver.core.array.ValidationException;
import dev.quiver.core.batch.RecordBatch;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every gold file reads into data matching its schema that passes full validation, except the two
 * decimal files of format 1.0, whose generator wrote unscaled values with more digits than the
 * declared precision: those fail precisely on that rule.
 */
class GoldFilesReadTest {
    private static final Set<String> DECIMALS_BEYOND_PRECISION = Set.of(
            "1.0.0-littleendian/generated_decimal.json.gz", "1.0.0-littleendian/generated_decimal256.json.gz");

    @TestFactory
    Stream<DynamicTest> everyGoldFileReadsAndValidates() {
        return GoldFiles.all().stream().map(file -> DynamicTest.dynamicTest(GoldFiles.name(file), () -> {
            if (DECIMALS_BEYOND_PRECISION.contains(GoldFiles.name(file))) {
                ValidationException e = assertThrows(ValidationException.class, () -> read(file));
                assertEquals(Rules.DECIMAL_PRECISION, e.rule());
            } else {
                read(file);
            }
        }));
    }

    private static void read(Path file) throws Exception {
        JsonFile json = new IntegrationJsonReader().read(file);
        assertFalse(json.schema().fields().isEmpty());
        for (ArrayData dictionary : json.dictionaries().values()) {
            Array.wrap(dictionary).validateFull();
        }
        for (RecordBatch batch : json.batches()) {
            assertEquals(json.schema(), batch.schema());
            for (Array column : batch.columns()) {
                assertEquals(batch.rowCount(), column.length());
                column.validateFull();
            }
        }
    }
}
