// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Untrusted input to import: each malformed structure ends in one {@link CDataException} naming what is
 * wrong, and the producer's structure is still released (nothing leaks).
 */
class BadInputTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("n", ArrowType.INT32),
            Field.nullable("s", ArrowType.UTF8), Field.nullable("l", ArrowType.List.of(ArrowType.INT64)));

    private Arena arena;
    private int liveArrays;
    private int liveSchemas;

    @BeforeEach
    void open() {
        arena = Arena.ofConfined();
        liveArrays = ArrayExport.LIVE.size();
    }

    @AfterEach
    void close() {
        arena.close();
        assertEquals(liveArrays, ArrayExport.LIVE.size(), "the refused structure was released");
    }

    private MemorySegment exportedBatch() {
        MemorySegment c = arena.allocate(CData.ARROW_ARRAY);
        // A batch of its own each time: the tests corrupt its buffers, which the export shares.
        CData.exportBatch(RecordBatch.ofRows(SCHEMA, List.of(Arrays.asList(1, "a", List.of(1L, 2L)),
                Arrays.asList(null, "bc", null), Arrays.asList(3, "", List.of()))), c);
        return c;
    }

    private static MemorySegment child(MemorySegment array, int i) {
        return CStructs.at(MemorySegment.ofAddress(CStructs.pointer(array, CStructs.A_CHILDREN))
                .reinterpret(8L * (i + 1)).getAtIndex(ADDRESS, i), CStructs.ARRAY);
    }

    private static MemorySegment buffers(MemorySegment array) {
        return MemorySegment.ofAddress(CStructs.pointer(array, CStructs.A_BUFFERS)).reinterpret(8L * 3);
    }

    private void assertRefused(Consumer<MemorySegment> corrupt, String message) {
        MemorySegment c = exportedBatch();
        corrupt.accept(c);
        CDataException e = assertThrows(CDataException.class, () -> CData.importBatch(c, SCHEMA));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertEquals(0, CStructs.pointer(c, CStructs.A_RELEASE));
    }

    @Test
    void aNullAddressIsRefused() {
        assertThrows(CDataException.class, () -> CData.importBatch(MemorySegment.NULL, SCHEMA));
        assertThrows(CDataException.class, () -> CData.importSchema(MemorySegment.NULL));
        assertThrows(CDataException.class, () -> CStreams.importReader(MemorySegment.NULL));
    }

    @Test
    void aNegativeLengthIsRefused() {
        assertRefused(c -> child(c, 0).set(JAVA_LONG, CStructs.A_LENGTH, -1), "length is negative");
    }

    @Test
    void aNegativeOffsetIsRefused() {
        assertRefused(c -> child(c, 1).set(JAVA_LONG, CStructs.A_OFFSET, -5), "offset is negative");
    }

    @Test
    void aColumnLengthOf2To36IsRefusedNotACrash() {
        // The batch keeps 3 rows; the string column claims 2^36, so its last offset would be 256 GiB away.
        assertRefused(c -> child(c, 1).set(JAVA_LONG, CStructs.A_LENGTH, 1L << 36),
                "record batch.children[1] 's': buffer 1");
    }

    @Test
    void aNullCountAboveTheLengthIsRefused() {
        assertRefused(c -> child(c, 0).set(JAVA_LONG, CStructs.A_NULL_COUNT, 4), "null_count 4");
    }

    @Test
    void aBufferCountThatDoesNotMatchTheTypeIsRefused() {
        assertRefused(c -> child(c, 1).set(JAVA_LONG, CStructs.A_N_BUFFERS, 2), "has 2 buffers");
    }

    @Test
    void aChildCountThatDoesNotMatchTheTypeIsRefused() {
        assertRefused(c -> child(c, 2).set(JAVA_LONG, CStructs.A_N_CHILDREN, 0), "has 0 children");
    }

    @Test
    void aNullBufferOfDataIsRefused() {
        assertRefused(c -> buffers(child(c, 0)).setAtIndex(ADDRESS, 1, MemorySegment.NULL), "null pointer");
    }

    @Test
    void aNullValidityWithNullsIsRefused() {
        assertRefused(c -> buffers(child(c, 0)).setAtIndex(ADDRESS, 0, MemorySegment.NULL),
                "validity buffer is null");
    }

    @Test
    void aNullBuffersArrayIsRefused() {
        assertRefused(c -> child(c, 1).set(ADDRESS, CStructs.A_BUFFERS, MemorySegment.NULL),
                "buffers is a null pointer");
    }

    @Test
    void aNullChildIsRefused() {
        assertRefused(c -> MemorySegment.ofAddress(CStructs.pointer(c, CStructs.A_CHILDREN)).reinterpret(24)
                .setAtIndex(ADDRESS, 2, MemorySegment.NULL), "child 2 is a null pointer");
    }

    @Test
    void aNegativeLastOffsetIsRefused() {
        assertRefused(c -> {
            MemorySegment offsets = buffers(child(c, 1)).getAtIndex(ADDRESS, 1).reinterpret(16);
            offsets.set(JAVA_INT, 12, -3);
        }, "last offset -3 is negative");
    }

    @Test
    void offsetsPastTheDataFailFullValidation() {
        MemorySegment c = exportedBatch();
        MemorySegment offsets = buffers(child(c, 1)).getAtIndex(ADDRESS, 1).reinterpret(16);
        offsets.set(JAVA_INT, 4, 7); // offsets 0, 7, 3, 3: decreasing
        CDataException e = assertThrows(CDataException.class,
                () -> CData.importBatch(c, SCHEMA, ValidationLevel.FULL));
        assertTrue(e.getMessage().contains("s"), e.getMessage());
        assertEquals(0, CStructs.pointer(c, CStructs.A_RELEASE));
    }

    @Test
    void aReleasedArrayIsRefused() {
        MemorySegment c = exportedBatch();
        Imported<RecordBatch> imported = CData.importBatch(c, SCHEMA);
        CDataException e = assertThrows(CDataException.class, () -> CData.importBatch(c, SCHEMA));
        assertTrue(e.getMessage().contains("released"), e.getMessage());
        imported.close();
    }

    @Test
    void aDictionaryArrayWithoutItsDictionaryIsRefused() {
        Field dict = Field.dictionary("d", ArrowType.INT8, ArrowType.UTF8, false, 0, true);
        MemorySegment c = exportedBatch();
        CDataException e = assertThrows(CDataException.class,
                () -> CData.importArray(child(copyChild(c, 0), 0), dict));
        assertTrue(e.getMessage().contains("dictionary is a null pointer"), e.getMessage());
        CStructs.callRelease(CStructs.pointer(c, CStructs.A_RELEASE), c);
    }

    /** A struct array of one child moved out of {@code c}'s child {@code i} (to import it alone). */
    private MemorySegment copyChild(MemorySegment c, int i) {
        MemorySegment holder = arena.allocate(CData.ARROW_ARRAY);
        MemorySegment moved = arena.allocate(CData.ARROW_ARRAY);
        moved.copyFrom(child(c, i));
        child(c, i).set(ADDRESS, CStructs.A_RELEASE, MemorySegment.NULL);
        MemorySegment pointers = arena.allocate(ADDRESS, 1);
        pointers.setAtIndex(ADDRESS, 0, moved);
        holder.set(ADDRESS, CStructs.A_CHILDREN, pointers);
        return holder;
    }

    private MemorySegment exportedSchema(Schema schema) {
        MemorySegment c = arena.allocate(CData.ARROW_SCHEMA);
        CData.exportSchema(schema, c);
        return c;
    }

    private static MemorySegment schemaChild(MemorySegment schema, int i) {
        return CStructs.at(MemorySegment.ofAddress(CStructs.pointer(schema, CStructs.S_CHILDREN))
                .reinterpret(8L * (i + 1)).getAtIndex(ADDRESS, i), CStructs.SCHEMA);
    }

    private void assertSchemaRefused(Consumer<MemorySegment> corrupt, String message) {
        MemorySegment c = exportedSchema(SCHEMA);
        corrupt.accept(c);
        CDataException e = assertThrows(CDataException.class, () -> CData.importSchema(c));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertEquals(0, CStructs.pointer(c, CStructs.S_RELEASE), "released after the refusal");
    }

    @ParameterizedTest
    @ValueSource(strings = {"q", "", "d:5", "d:x,2", "w:-3", "+w:", "tsx:UTC", "+ud:1", "+ud:0,1", "tdX", "i2",
        "d:40,2,128", "d:5,2,100"})
    void aBadFormatStringIsRefused(String format) {
        assertSchemaRefused(c -> schemaChild(c, 0).set(ADDRESS, CStructs.S_FORMAT, arena.allocateFrom(format)),
                "'" + format + "'");
    }

    @Test
    void aMetadataStringLongerThanReadableMemoryIsRefused() {
        // Metadata: int32 count, then int32 length and bytes of each key and value; this key claims 2 GiB.
        MemorySegment metadata = arena.allocate(8);
        metadata.set(JAVA_INT, 0, 1);
        metadata.set(JAVA_INT, 4, Integer.MAX_VALUE - 8);
        assertSchemaRefused(c -> schemaChild(c, 0).set(ADDRESS, CStructs.S_METADATA, metadata),
                "runs past readable memory");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void metadataEndingAtAnUnreadablePageIsRefused() {
        try (FencedPage fence = new FencedPage()) {
            MemorySegment entries = arena.allocate(8);
            entries.set(JAVA_INT, 0, 5); // five entries announced, none there
            entries.set(JAVA_INT, 4, 0);
            MemorySegment metadata = fence.atEnd(entries, 8);
            assertSchemaRefused(c -> schemaChild(c, 0).set(ADDRESS, CStructs.S_METADATA, metadata),
                    "runs past readable memory");
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aFormatStringWithoutItsNulBeforeAnUnreadablePageIsRefused() {
        try (FencedPage fence = new FencedPage()) {
            MemorySegment format = fence.atEnd(arena.allocateFrom("iiiiiiii"), 8); // the NUL left out
            assertSchemaRefused(c -> schemaChild(c, 0).set(ADDRESS, CStructs.S_FORMAT, format),
                    "schema.children[0]: the format string");
        }
    }

    @Test
    void aNullFormatStringIsRefused() {
        assertSchemaRefused(c -> schemaChild(c, 1).set(ADDRESS, CStructs.S_FORMAT, MemorySegment.NULL),
                "format string is null");
    }

    @Test
    void aNegativeChildCountIsRefused() {
        assertSchemaRefused(c -> c.set(JAVA_LONG, CStructs.S_N_CHILDREN, -2), "n_children is negative");
    }

    @Test
    void aListWithoutItsChildIsRefused() {
        assertSchemaRefused(c -> schemaChild(c, 2).set(JAVA_LONG, CStructs.S_N_CHILDREN, 0), "needs 1 child");
    }

    @Test
    void aSchemaThatIsNotAStructIsRefused() {
        MemorySegment c = arena.allocate(CData.ARROW_SCHEMA);
        CData.exportField(SCHEMA.field(0), c);
        CDataException e = assertThrows(CDataException.class, () -> CData.importSchema(c));
        assertTrue(e.getMessage().contains("'+s'"), e.getMessage());
    }

    @Test
    void aCycleOfChildrenIsRefused() {
        assertSchemaRefused(c -> MemorySegment.ofAddress(CStructs.pointer(schemaChild(c, 2), CStructs.S_CHILDREN))
                .reinterpret(8).setAtIndex(ADDRESS, 0, c), "nest deeper");
    }

    @Test
    void validImportsStillWork() {
        Schema schema = CData.importSchema(exportedSchema(SCHEMA));
        try (Imported<RecordBatch> imported = CData.importBatch(exportedBatch(), schema, ValidationLevel.FULL)) {
            Array l = imported.value().column(2);
            assertEquals(List.of(1L, 2L), l.getObject(0));
        }
    }
}
