// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Structural validation checks a child's buffers before it reads them. */
class StructuralOrderTest {
    @Test
    void runEndsTooShortForTheirLengthFailValidationInsteadOfReadingPastTheBuffer() {
        ArrowType.RunEndEncoded type = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.INT64);
        RunEndEncodedArray ree = (RunEndEncodedArray) ArrayBuilder.of(type, BufferAllocator.managed())
                .appendObject(1L).appendObject(2L).build();
        ArrayData ends = ree.data().child(0);
        ArrayData truncated = new ArrayData(ends.type(), ends.length(), 0, 0,
                Arrays.asList(null, ends.buffer(1).slice(0, 4)), List.of(), null);
        ArrayData corrupt = ree.data().withChildren(List.of(truncated, ree.data().child(1)));
        ValidationException e = assertThrows(ValidationException.class, () -> Array.of(corrupt));
        assertEquals(Rules.BUFFER_SIZE, e.rule());
    }
}
