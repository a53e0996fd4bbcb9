// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.ParquetException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LevelBuilderTest {
    private static final ArrowType INT = new ArrowType.Int(32, true);

    private static int[] values(Levels levels) {
        return Arrays.stream(java.util.stream.IntStream.range(0, levels.count()).mapToLong(levels::position)
                .toArray()).mapToInt(l -> (int) l).toArray();
    }

    @Test
    void requiredFlatColumnHasNoLevels() {
        Field f = Field.notNull("a", INT);
        RecordBatch batch = RecordBatch.ofRows(new Schema(List.of(f)), List.of(List.of(1), List.of(2), List.of(3)));
        Levels levels = LevelBuilder.compute(batch.column(0).slice(1, 2).data(), f, new int[0], "a");
        assertEquals(2, levels.count());
        assertNull(levels.def());
        assertNull(levels.rep());
        assertEquals(2, levels.values());
        assertEquals(0, levels.position(0));
    }

    @Test
    void optionalColumnWithNulls() {
        Field f = Field.nullable("a", INT);
        List<List<?>> rows = Arrays.asList(List.of(1), Arrays.asList((Object) null), List.of(3));
        RecordBatch batch = RecordBatch.ofRows(new Schema(List.of(f)), rows);
        Levels levels = LevelBuilder.compute(batch.column(0).data(), f, new int[0], "a");
        assertArrayEquals(new int[] {1, 0, 1}, levels.def());
        assertArrayEquals(new int[] {0, -1, 2}, values(levels));
        assertEquals(2, levels.values());
    }

    @Test
    void listsWithNullsEmptiesAndNullElements() {
        // optional list of optional int: [[1, null], null, [], [4]] -> Dremel levels
        Field f = Field.nullable("l", new ArrowType.List(Field.nullable("element", INT)));
        List<List<?>> rows = Arrays.asList(List.of(Arrays.asList(1, null)), Arrays.asList((Object) null),
                List.of(List.of()), List.of(List.of(4)));
        RecordBatch batch = RecordBatch.ofRows(new Schema(List.of(f)), rows);
        Levels levels = LevelBuilder.compute(batch.column(0).data(), f, new int[] {0}, "l.list.element");
        assertArrayEquals(new int[] {3, 2, 0, 1, 3}, levels.def());
        assertArrayEquals(new int[] {0, 1, 0, 0, 0}, levels.rep());
        assertEquals(2, levels.values());
        int[] pos = values(levels);
        assertTrue(pos[0] >= 0 && pos[1] == -1 && pos[2] == -1 && pos[3] == -1 && pos[4] >= 0);
    }

    @Test
    void slicedListsStartAtTheirOffset() {
        Field f = Field.notNull("l", new ArrowType.List(Field.notNull("element", INT)));
        List<List<?>> rows = List.of(List.of(List.of(1, 2)), List.of(List.of(3)), List.of(List.of(4, 5, 6)));
        RecordBatch batch = RecordBatch.ofRows(new Schema(List.of(f)), rows);
        Levels levels = LevelBuilder.compute(batch.column(0).slice(1, 2).data(), f, new int[] {0}, "l");
        assertArrayEquals(new int[] {1, 1, 1, 1}, levels.def());
        assertArrayEquals(new int[] {0, 0, 1, 1}, levels.rep());
        assertArrayEquals(new int[] {2, 3, 4, 5}, values(levels));
    }

    @Test
    void structFieldsUnderNullStructs() {
        ArrowType struct = new ArrowType.Struct(List.of(Field.nullable("x", INT)));
        Field f = Field.nullable("s", struct);
        List<List<?>> rows = Arrays.asList(List.of(Map.of("x", 1)), Arrays.asList((Object) null),
                List.of(java.util.Collections.singletonMap("x", null)));
        RecordBatch batch = RecordBatch.ofRows(new Schema(List.of(f)), rows);
        Levels levels = LevelBuilder.compute(batch.column(0).data(), f, new int[] {0}, "s.x");
        assertArrayEquals(new int[] {2, 0, 1}, levels.def());
        assertNull(levels.rep());
        assertEquals(1, levels.values());
    }

    @Test
    void nullInANonNullableFieldIsRefusedWithTheColumnName() {
        Field declared = Field.notNull("a", INT);
        RecordBatch batch = RecordBatch.ofRows(new Schema(List.of(Field.nullable("a", INT))),
                Arrays.asList(List.of(1), Arrays.asList((Object) null)));
        ParquetException e = assertThrows(ParquetException.class,
                () -> LevelBuilder.compute(batch.column(0).data(), declared, new int[0], "a"));
        assertTrue(e.getMessage().contains("column a"), e.getMessage());
    }
}
