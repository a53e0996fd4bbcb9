// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Full validation checks recorded null counts, which readers trust. */
class NullCountValidationTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();

    private static ArrayData withNullCount(ArrayData d, long nullCount) {
        return new ArrayData(d.type(), d.length(), d.offset(), nullCount, d.buffers(), d.children(), d.dictionary());
    }

    @Test
    void aNullCountThatDiffersFromTheBitmapFails() {
        Array ints = ArrayBuilder.of(ArrowType.INT32, ALLOC).appendObject(1).appendNull().appendObject(3).build();
        ints.validateFull();
        for (long wrong : new long[] {0, 2, 3}) {
            ValidationException e = assertThrows(ValidationException.class,
                    () -> Array.ofUnchecked(withNullCount(ints.data(), wrong)).validateFull());
            assertEquals(Rules.NULL_COUNT, e.rule());
        }
        Array.ofUnchecked(withNullCount(ints.data(), 1)).validateFull();
    }

    /** A map whose keys claim no nulls while their bitmap has one: the null key must still be found. */
    @Test
    void aMapCannotHideANullKeyBehindARecordedNullCountOfZero() {
        ArrowType.Map type = ArrowType.Map.of(ArrowType.INT32, ArrowType.UTF8, false);
        MapArray map = (MapArray) ArrayBuilder.of(type, ALLOC)
                .appendObject(List.of(new SimpleImmutableEntry<>(1, "a"), new SimpleImmutableEntry<>(2, "b")))
                .build();
        ArrayData entries = map.data().child(0);
        ArrayData keys = entries.child(0);
        ArrowBuffer validity = ArrowBuffer.wrap(new byte[] {0b01});
        ArrayData nullKey = new ArrayData(keys.type(), keys.length(), 0, 0, Arrays.asList(validity, keys.buffer(1)),
                List.of(), null);
        ArrayData corrupt = map.data().withChildren(List.of(entries.withChildren(List.of(nullKey, entries.child(1)))));
        ValidationException e = assertThrows(ValidationException.class,
                () -> Array.ofUnchecked(corrupt).validateFull());
        assertEquals(Rules.NULL_COUNT, e.rule());
        ArrayData counted = map.data().withChildren(List.of(entries.withChildren(
                List.of(withNullCount(nullKey, ArrayData.UNKNOWN_NULL_COUNT), entries.child(1)))));
        e = assertThrows(ValidationException.class, () -> Array.ofUnchecked(counted).validateFull());
        assertEquals(Rules.MAP_KEY_NULL, e.rule());
    }

    @Test
    void runEndsCannotHideANullBehindARecordedNullCountOfZero() {
        ArrowType.RunEndEncoded type = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.UTF8);
        RunEndEncodedArray ree = (RunEndEncodedArray) ArrayBuilder.of(type, ALLOC).appendObject("a")
                .appendObject("b").build();
        ArrayData ends = ree.data().child(0);
        ArrayData nullEnd = new ArrayData(ends.type(), ends.length(), 0, 0,
                Arrays.asList(ArrowBuffer.wrap(new byte[] {0b10}), ends.buffer(1)), List.of(), null);
        ArrayData corrupt = ree.data().withChildren(List.of(nullEnd, ree.data().child(1)));
        ValidationException e = assertThrows(ValidationException.class,
                () -> Array.ofUnchecked(corrupt).validateFull());
        assertEquals(Rules.NULL_COUNT, e.rule());
    }

    @Test
    void slicesOfAnExtensionOverTheNullTypeAreAllNull() {
        ArrowType.Extension type = new ArrowType.Extension("test.nothing", ArrowType.NULL, "");
        Array nulls = ArrayBuilder.of(type, ALLOC).appendNull().appendNull().appendNull().build();
        assertEquals(3, nulls.nullCount());
        Array slice = nulls.slice(1, 2);
        assertEquals(2, slice.nullCount());
        assertFalse(slice.data().isValid(0));
        slice.validateFull();
    }
}
