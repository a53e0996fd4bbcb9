// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.Builders;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Constant partition columns, filled by typed loops, equal to the same value appended row by row. */
class PartitionKeysTest {
    private static Array appended(ArrowType type, Object value, long length) {
        ArrayBuilder builder = Builders.of(type, BufferAllocator.managed());
        for (long i = 0; i < length; i++) {
            builder.appendObject(value);
        }
        return builder.build();
    }

    @Test
    void everyKeyTypeRepeatsItsValue() {
        List<List<Object>> cases = List.of(
                Arrays.asList(ArrowType.INT8, -5L), Arrays.asList(ArrowType.UINT16, 65535L),
                Arrays.asList(ArrowType.INT32, 2024), Arrays.asList(ArrowType.INT64, 1L << 40),
                Arrays.asList(ArrowType.FLOAT64, 2.5), Arrays.asList(ArrowType.FLOAT32, 0.25),
                Arrays.asList(ArrowType.UTF8, "us west"), Arrays.asList(ArrowType.LARGE_UTF8, "€ and more"),
                Arrays.asList(ArrowType.UTF8, ""), Arrays.asList(ArrowType.BOOL, true),
                Arrays.asList(ArrowType.BOOL, false), Arrays.asList(new ArrowType.Date(DateUnit.DAY),
                        LocalDate.of(2024, 2, 29)), Arrays.asList(ArrowType.INT32, null));
        for (List<Object> c : cases) {
            ArrowType type = (ArrowType) c.get(0);
            for (long length : new long[] {0, 1, 2, 3, 1000, 65_537}) {
                Array constant = PartitionKeys.constant(Field.nullable("k", type), c.get(1), length,
                        BufferAllocator.managed());
                constant.validateFull();
                assertEquals(appended(type, c.get(1), length), constant, type + " " + c.get(1) + " x " + length);
            }
        }
    }
}
