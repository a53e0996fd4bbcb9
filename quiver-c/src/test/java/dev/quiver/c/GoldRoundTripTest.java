// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static dev.quiver.c.CTestSupport.assertSameBatch;
import static dev.quiver.c.CTestSupport.assertSameSchema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.JsonFile;
import dev.quiver.json.JsonReadOptions;
import dev.quiver.testkit.TestData.GoldCase;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every gold case exported to C Data and imported back, whole and sliced, as record batches and column by
 * column: equal to the original, every structure released once, no byte of the allocator left.
 */
class GoldRoundTripTest {
    static List<GoldCase> cases() {
        return TestData.goldCases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void exportThenImportEqualsTheOriginal(GoldCase c) throws IOException {
        int liveArrays = ArrayExport.LIVE.size();
        try (ScopedAllocator allocator = BufferAllocator.scoped(); Arena arena = Arena.ofConfined()) {
            JsonFile json = IntegrationJsonReader.read(c.json(), JsonReadOptions.DEFAULT.withAllocator(allocator));
            long bytes = allocator.allocatedBytes();
            MemorySegment cSchema = arena.allocate(CData.ARROW_SCHEMA);
            CData.exportSchema(json.schema(), cSchema);
            Schema schema = CData.importSchema(cSchema);
            assertEquals(0, CStructs.pointer(cSchema, CStructs.S_RELEASE), "the schema is released");
            assertSameSchema(json.schema(), schema);
            for (RecordBatch whole : json.batches()) {
                List<RecordBatch> views = new ArrayList<>(List.of(whole));
                if (whole.rowCount() >= 2) {
                    views.add(whole.slice(1, whole.rowCount() - 2));
                    views.add(whole.slice(whole.rowCount() / 2, whole.rowCount() - whole.rowCount() / 2));
                }
                for (RecordBatch batch : views) {
                    roundTripBatch(batch, schema, arena);
                    roundTripColumns(batch, arena);
                }
            }
            assertEquals(liveArrays, ArrayExport.LIVE.size(), "every exported structure released");
            assertEquals(bytes, allocator.allocatedBytes(), "no memory held after the releases");
        }
    }

    private static void roundTripBatch(RecordBatch batch, Schema schema, Arena arena) {
        MemorySegment cArray = arena.allocate(CData.ARROW_ARRAY);
        CData.exportBatch(batch, cArray);
        CTestSupport.RELEASES.set(0);
        CTestSupport.countReleases(cArray);
        Imported<RecordBatch> imported = CData.importBatch(cArray, schema, ValidationLevel.FULL);
        assertEquals(0, CStructs.pointer(cArray, CStructs.A_RELEASE), "the import moved the structure");
        assertSameBatch(batch, imported.value(), "batch at offset " + batch.column(0).offset());
        imported.close();
        imported.close();
        assertTrue(imported.isReleased());
        assertEquals(1, CTestSupport.RELEASES.get(), "released exactly once");
    }

    private static void roundTripColumns(RecordBatch batch, Arena arena) {
        for (int i = 0; i < batch.columns().size(); i++) {
            MemorySegment cSchema = arena.allocate(CData.ARROW_SCHEMA);
            CData.exportField(batch.schema().field(i), cSchema);
            Field field = CData.importField(cSchema);
            assertEquals(CTestSupport.withoutDictionaryIds(batch.schema().field(i)), field);
            MemorySegment cArray = arena.allocate(CData.ARROW_ARRAY);
            CData.exportArray(batch.column(i), cArray);
            try (Imported<Array> imported = CData.importArray(cArray, field, ValidationLevel.FULL)) {
                assertSameBatch(new RecordBatch(new Schema(List.of(batch.schema().field(i))),
                        List.of(batch.column(i)), batch.rowCount()), new RecordBatch(new Schema(List.of(field)),
                        List.of(imported.value()), batch.rowCount()), "column " + field);
            }
        }
    }
}
