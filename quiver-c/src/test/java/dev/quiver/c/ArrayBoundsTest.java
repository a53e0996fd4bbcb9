// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.UnionValue;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.UnionMode;
import dev.quiver.core.validation.ValidationLevel;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Arrays whose lengths, offsets and counts do not fit their buffers, built by corrupting an export: each
 * ends in one {@link CDataException} naming the field path, never in a read outside the producer's memory
 * or a crash, and the producer's structure is released.
 */
class ArrayBoundsTest {
    /** 2^36: its buffers would reach hundreds of GiB past an allocation of a few bytes. */
    private static final long HUGE = 1L << 36;

    private Arena arena;
    private int liveArrays;

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

    private MemorySegment exported(ArrowType type, Object... values) {
        ArrayBuilder builder = ArrayBuilder.of(type);
        for (Object v : values) {
            builder.appendObject(v);
        }
        MemorySegment c = arena.allocate(CData.ARROW_ARRAY);
        CData.exportArray(builder.build(), c);
        return c;
    }

    private static MemorySegment child(MemorySegment array, int i) {
        return CStructs.at(MemorySegment.ofAddress(CStructs.pointer(array, CStructs.A_CHILDREN))
                .reinterpret(8L * (i + 1)).getAtIndex(ADDRESS, i), CStructs.ARRAY);
    }

    private static MemorySegment dictionary(MemorySegment array) {
        return CStructs.at(CStructs.pointer(array, CStructs.A_DICTIONARY), CStructs.ARRAY);
    }

    private static MemorySegment buffer(MemorySegment array, int i, long size) {
        long n = array.get(JAVA_LONG, CStructs.A_N_BUFFERS);
        return MemorySegment.ofAddress(CStructs.pointer(array, CStructs.A_BUFFERS)).reinterpret(8 * n)
                .getAtIndex(ADDRESS, i).reinterpret(size);
    }

    private static void setBuffer(MemorySegment array, int i, MemorySegment to) {
        long n = array.get(JAVA_LONG, CStructs.A_N_BUFFERS);
        MemorySegment.ofAddress(CStructs.pointer(array, CStructs.A_BUFFERS)).reinterpret(8 * n)
                .setAtIndex(ADDRESS, i, to);
    }

    private void assertRefused(Field field, MemorySegment c, String... fragments) {
        CDataException e = assertThrows(CDataException.class,
                () -> CData.importArray(c, field, ValidationLevel.FULL).close());
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment), "'" + fragment + "' in: " + e.getMessage());
        }
        assertEquals(0, CStructs.pointer(c, CStructs.A_RELEASE), "released");
    }

    private void refuse(ArrowType type, Object[] values, Consumer<MemorySegment> corrupt, String... fragments) {
        MemorySegment c = exported(type, values);
        corrupt.accept(c);
        assertRefused(Field.nullable("x", type), c, fragments);
    }

    @Test
    void aLengthOf2To36IsRefusedNotACrash() {
        refuse(ArrowType.INT64, new Object[] {1L, 2L, 3L}, c -> c.set(JAVA_LONG, CStructs.A_LENGTH, HUGE),
                "array", "buffer 1");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aLengthOneValuePastABufferAtTheEndOfReadableMemoryIsRefused() {
        try (FencedPage fence = new FencedPage()) {
            MemorySegment fits = exported(ArrowType.INT64, 1L, 2L, 3L);
            setBuffer(fits, 1, fence.atEnd(buffer(fits, 1, 24), 24));
            try (Imported<Array> imported = CData.importArray(fits, Field.nullable("x", ArrowType.INT64),
                    ValidationLevel.FULL)) {
                assertEquals(3L, imported.value().getObject(2));
            }
            refuse(ArrowType.INT64, new Object[] {1L, 2L, 3L}, c -> {
                setBuffer(c, 1, fence.atEnd(buffer(c, 1, 24), 24));
                c.set(JAVA_LONG, CStructs.A_LENGTH, 4L);
            }, "array", "buffer 1 of 32 bytes", "not readable");
        }
    }

    @Test
    void aLengthOf2To36OfAStringArrayIsRefusedBeforeItsLastOffsetIsRead() {
        refuse(ArrowType.UTF8, new Object[] {"a", "bc"}, c -> c.set(JAVA_LONG, CStructs.A_LENGTH, HUGE),
                "array", "buffer 1");
    }

    @Test
    void aChildLengthOf2To36IsRefusedWithItsPath() {
        ArrowType type = ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32));
        refuse(type, new Object[] {Map.of("a", 1), Map.of("a", 2)},
                c -> child(c, 0).set(JAVA_LONG, CStructs.A_LENGTH, HUGE), "array.children[0] 'a'", "buffer 1");
    }

    @Test
    void anOffsetOf2To36IsRefused() {
        refuse(ArrowType.INT32, new Object[] {1, 2}, c -> c.set(JAVA_LONG, CStructs.A_OFFSET, HUGE),
                "array", "buffer 1");
    }

    @Test
    void aLengthBeyondTheAddressSpaceIsRefused() {
        // 2^59 int64 values are 2^62 bytes: no pointer plus that size is a user-space address.
        refuse(ArrowType.INT64, new Object[] {1L}, c -> c.set(JAVA_LONG, CStructs.A_LENGTH, 1L << 59),
                "array", "buffer 1");
    }

    @Test
    void aSizeThatOverflowsIsRefused() {
        refuse(ArrowType.INT64, new Object[] {1L}, c -> c.set(JAVA_LONG, CStructs.A_LENGTH, Long.MAX_VALUE / 4),
                "array", "overflows");
    }

    @Test
    void aNegativeChildOffsetIsRefusedWithItsPath() {
        ArrowType type = ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32));
        refuse(type, new Object[] {Map.of("a", 1)}, c -> child(c, 0).set(JAVA_LONG, CStructs.A_OFFSET, -1L),
                "array.children[0] 'a'", "offset");
    }

    @Test
    void aNullValuesBufferIsRefused() {
        refuse(ArrowType.INT64, new Object[] {1L, 2L}, c -> setBuffer(c, 1, MemorySegment.NULL),
                "array", "buffer 1 is a null pointer");
    }

    @Test
    void aWrongBufferCountOfAChildIsRefusedWithItsPath() {
        ArrowType type = ArrowType.Struct.of(Field.nullable("a", ArrowType.UTF8));
        refuse(type, new Object[] {Map.of("a", "x")}, c -> child(c, 0).set(JAVA_LONG, CStructs.A_N_BUFFERS, 2L),
                "array.children[0] 'a'", "has 2 buffers");
    }

    @Test
    void aWrongChildCountIsRefused() {
        ArrowType type = ArrowType.List.of(ArrowType.INT64);
        refuse(type, new Object[] {List.of(1L)}, c -> c.set(JAVA_LONG, CStructs.A_N_CHILDREN, 2L),
                "array", "has 2 children");
    }

    @Test
    void aStructLongerThanItsChildIsRefused() {
        ArrowType type = ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32));
        refuse(type, new Object[] {Map.of("a", 1), Map.of("a", 2), Map.of("a", 3)},
                c -> child(c, 0).set(JAVA_LONG, CStructs.A_LENGTH, 1L), "array");
    }

    @Test
    void listOffsetsPastTheChildAreRefused() {
        ArrowType type = ArrowType.List.of(ArrowType.INT64);
        refuse(type, new Object[] {List.of(1L, 2L), List.of(3L)},
                c -> child(c, 0).set(JAVA_LONG, CStructs.A_LENGTH, 2L), "array");
    }

    @Test
    void aFixedSizeListLongerThanItsChildIsRefused() {
        ArrowType type = new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT32), 2);
        refuse(type, new Object[] {List.of(1, 2), List.of(3, 4)},
                c -> child(c, 0).set(JAVA_LONG, CStructs.A_LENGTH, 3L), "array");
    }

    @Test
    void aRunEndEncodedArrayLongerThanItsRunsIsRefused() {
        ArrowType type = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.UTF8);
        refuse(type, new Object[] {"a", "a", "b"}, c -> c.set(JAVA_LONG, CStructs.A_LENGTH, 5L), "array");
    }

    @Test
    void aSparseUnionLongerThanItsChildrenIsRefused() {
        ArrowType type = new ArrowType.Union(UnionMode.SPARSE,
                List.of(Field.nullable("i", ArrowType.INT32), Field.nullable("s", ArrowType.UTF8)), List.of(0, 1));
        refuse(type, new Object[] {new UnionValue(0, 1), new UnionValue(1, "s")},
                c -> child(c, 1).set(JAVA_LONG, CStructs.A_LENGTH, 1L), "array");
    }

    @Test
    void aDenseUnionOffsetPastItsChildIsRefused() {
        ArrowType type = new ArrowType.Union(UnionMode.DENSE,
                List.of(Field.nullable("i", ArrowType.INT32), Field.nullable("s", ArrowType.UTF8)), List.of(0, 1));
        refuse(type, new Object[] {new UnionValue(0, 1), new UnionValue(1, "s")},
                c -> buffer(c, 1, 8).set(JAVA_INT, 4, 7), "array");
    }

    @Test
    void aViewPastItsVariadicBufferIsRefused() {
        // The producer gives each variadic buffer's size in the last buffer (C data interface, view types).
        refuse(ArrowType.UTF8_VIEW, new Object[] {"a string longer than twelve bytes"},
                c -> buffer(c, 3, 8).set(JAVA_LONG, 0, 10L), "array");
    }

    @Test
    void aViewOfAMissingVariadicBufferIsRefused() {
        refuse(ArrowType.UTF8_VIEW, new Object[] {"a string longer than twelve bytes"}, c -> {
            // One variadic buffer fewer: only the sizes buffer after the two fixed ones.
            setBuffer(c, 2, buffer(c, 3, 0));
            c.set(JAVA_LONG, CStructs.A_N_BUFFERS, 3L);
        }, "array");
    }

    @Test
    void aNegativeVariadicSizeIsRefused() {
        refuse(ArrowType.UTF8_VIEW, new Object[] {"a string longer than twelve bytes"},
                c -> buffer(c, 3, 8).set(JAVA_LONG, 0, -1L), "array", "negative size");
    }

    @Test
    void dictionaryIndicesPastTheDictionaryAreRefused() {
        Field field = Field.dictionary("d", ArrowType.INT8, ArrowType.UTF8, false, 0, true);
        MemorySegment c = exportedDictionary(field);
        dictionary(c).set(JAVA_LONG, CStructs.A_LENGTH, 1L);
        assertRefused(field, c, "array");
    }

    @Test
    void aDictionaryOfTheWrongLayoutIsRefused() {
        Field field = Field.dictionary("d", ArrowType.INT8, ArrowType.UTF8, false, 0, true);
        MemorySegment c = exportedDictionary(field);
        dictionary(c).set(JAVA_LONG, CStructs.A_N_BUFFERS, 2L);
        assertRefused(field, c, "array.dictionary", "has 2 buffers");
    }

    @Test
    void aDictionaryOfLength2To36IsRefused() {
        Field field = Field.dictionary("d", ArrowType.INT8, ArrowType.UTF8, false, 0, true);
        MemorySegment c = exportedDictionary(field);
        dictionary(c).set(JAVA_LONG, CStructs.A_LENGTH, HUGE);
        assertRefused(field, c, "array.dictionary", "buffer 1");
    }

    private MemorySegment exportedDictionary(Field field) {
        ArrayBuilder builder = ArrayBuilder.of(field.type());
        for (String s : Arrays.asList("x", "y", "x", null)) {
            builder.appendObject(s);
        }
        Array array = builder.build();
        MemorySegment c = arena.allocate(CData.ARROW_ARRAY);
        CData.exportArray(array, c);
        return c;
    }
}
