// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.ValueOutOfRangeException;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's code example, kept compiling and true. */
class ReadmeExampleTest {

    @Test
    void readmeExample() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            Int64Array column = IntBuilder.int64(allocator)
                    .append(1).append(2).appendNull().build();
            long second = column.get(1);
            Int64Array tail = column.slice(1, 2);
            tail.validateFull();
            assertEquals(2, second);
            assertEquals("[2, null]", tail.toString());
            assertThrows(ValueOutOfRangeException.class, () -> IntBuilder.int8(allocator).append(1000));

            RecordBatch batch = RecordBatch.ofRows(
                    Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("score", ArrowType.INT32),
                            Field.nullable("at", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"))),
                    List.of(List.of(1L, 10, Instant.parse("2023-11-14T22:13:20Z")), Arrays.asList(2L, null, null)));
            assertEquals("[10, null]", batch.column("score").toString());
            assertEquals(Instant.parse("2023-11-14T22:13:20Z"), batch.column("at").getObject(0));
            assertEquals("2023-11-14T22:13:20Z", batch.column("at").getObject(0).toString());
        }
    }
}
