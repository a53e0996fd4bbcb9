// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's code example, kept compiling and true. */
class ReadmeExampleTest {

    @Test
    void readmeExample() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            IntBuilder ids = new IntBuilder(ArrowType.INT64, allocator);
            ids.append(1).append(2).appendNull();
            Int64Array column = (Int64Array) ids.build();
            long second = column.get(1);
            Int64Array tail = column.slice(1, 2);
            tail.validateFull();
            assertEquals(2, second);
            assertEquals("[2, null]", tail.toString());

            RecordBatch batch = RecordBatch.ofRows(
                    Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("score", ArrowType.INT32)),
                    List.of(List.of(1L, 10), Arrays.asList(2L, null)));
            assertEquals("[10, null]", batch.column("score").toString());
        }
    }
}
