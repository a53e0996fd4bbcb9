// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A map key that is dictionary-encoded is null when its index points at a null dictionary value. */
class MapDictionaryKeyTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    private static final ArrowType.Dictionary TYPE = new ArrowType.Dictionary(ArrowType.INT8, ArrowType.UTF8, false);
    private static final ArrowType.Map MAP = new ArrowType.Map(Field.notNull("entries",
            ArrowType.Struct.of(Field.notNull("key", TYPE), Field.nullable("value", ArrowType.INT32))), false);

    /** A map of one entry per index, the indices into the dictionary {@code ["a", null]}. */
    private static MapArray mapWithKeyIndices(int... keyIndices) {
        Array dictionary = ArrayBuilder.of(ArrowType.UTF8, ALLOC).appendObject("a").appendNull().build();
        IntBuilder<?> indices = IntBuilder.int8(ALLOC);
        IntBuilder<?> values = IntBuilder.int32(ALLOC);
        for (int index : keyIndices) {
            indices.append(index);
            values.append(index);
        }
        ArrayData keys = ArrayData.dictionaryEncoded(TYPE, keyIndices.length, indices.build().data().buffers(),
                dictionary.data());
        StructArray entries = StructArray.of((ArrowType.Struct) MAP.entries().type(), null,
                List.of(Array.of(keys), values.build()));
        return (MapArray) Array.of(ListArray.of(new int[] {0, keyIndices.length}, null, entries).data().withType(MAP));
    }

    @Test
    void aKeyDecodingToNullFailsValidation() {
        mapWithKeyIndices(0, 0).validateFull();
        ValidationException e = assertThrows(ValidationException.class, () -> mapWithKeyIndices(0, 1).validateFull());
        assertEquals(Rules.MAP_KEY_NULL, e.rule());
        assertEquals(0, e.index());
    }
}
