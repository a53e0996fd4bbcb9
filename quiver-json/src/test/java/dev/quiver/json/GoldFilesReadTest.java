package dev.quiver.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every gold file reads into structurally valid data matching its schema. */
class GoldFilesReadTest {

    @TestFactory
    Stream<DynamicTest> everyGoldFileReads() {
        return GoldFiles.all().stream().map(file -> DynamicTest.dynamicTest(GoldFiles.name(file), () -> read(file)));
    }

    private static void read(Path file) throws Exception {
        JsonFile json = new IntegrationJsonReader().read(file);
        assertFalse(json.schema().fields().isEmpty());
        for (RecordBatch batch : json.batches()) {
            assertEquals(json.schema(), batch.schema());
            for (Array column : batch.columns()) {
                column.data().validate();
                assertEquals(batch.rowCount(), column.length());
            }
        }
        for (var dictionary : json.dictionaries().values()) {
            dictionary.validate();
        }
    }
}
