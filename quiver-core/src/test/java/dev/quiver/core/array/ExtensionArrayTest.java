// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.RawBuffers.bytesOf;
import static dev.quiver.core.array.RawBuffers.ints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.ExtensionBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtensionArrayTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    private static final ArrowType.Extension BOOL8 = new ArrowType.Extension("arrow.bool8", ArrowType.INT8, "");

    private static ExtensionArray build(ArrowType.Extension type, Object... values) {
        ExtensionBuilder b = (ExtensionBuilder) ArrayBuilder.of(type, ALLOC);
        for (Object v : values) {
            b.appendObject(v);
        }
        return b.build();
    }

    private static List<Object> objects(Array a) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < a.length(); i++) {
            out.add(a.getObject(i));
        }
        return out;
    }

    @Test
    void sharesTheStoragesData() {
        ExtensionArray e = build(BOOL8, 1, null, 0, 1);
        assertEquals(BOOL8, e.type());
        assertInstanceOf(Int8Array.class, e.storage());
        assertEquals(ArrowType.INT8, e.storage().type());
        assertSame(e.data().buffer(1), e.storage().data().buffer(1));
        assertEquals(Arrays.asList(1, null, 0, 1), objects(e));
        assertEquals(objects(e.storage()), objects(e));
        assertEquals(1, e.nullCount());
        assertTrue(e.isNull(1));
        assertEquals("[1, null, 0, 1]", e.toString());
        assertInstanceOf(ExtensionArray.class, Array.ofUnchecked(e.data()));
        e.validateFull();
    }

    @Test
    void typedAppendsGoThroughTheStorageBuilder() {
        ExtensionBuilder b = new ExtensionBuilder(BOOL8, IntBuilder.int8(ALLOC));
        ((IntBuilder<?>) b.storage()).append(1).appendNull();
        b.appendNull();
        assertEquals(3, b.length());
        assertEquals(Arrays.asList(1, null, null), objects(b.build()));
        assertThrows(IllegalArgumentException.class,
                () -> new ExtensionBuilder(BOOL8, IntBuilder.int16(ALLOC)));
    }

    @Test
    void equalityComparesValuesUnderTheSameExtensionType() {
        ExtensionArray a = build(BOOL8, 1, null, 0);
        ArrayData other = new ArrayData(BOOL8, 3, 0, 1,
                Arrays.asList(ArrowBuffer.wrap(bytesOf(0b101)), ArrowBuffer.wrap(bytesOf(1, 55, 0))), List.of(), null);
        assertEquals(a, Array.of(other), "bytes under the null do not count");
        assertNotEquals(a, a.storage(), "the storage type is another type");
        assertNotEquals(a, build(new ArrowType.Extension("other", ArrowType.INT8, ""), 1, null, 0));
        assertNotEquals(a, build(BOOL8, 1, null, 1));
    }

    @Test
    void slicesAndSlicesOfSlices() {
        Object[] values = new Object[30];
        for (int k = 0; k < values.length; k++) {
            values[k] = k % 4 == 1 ? null : k % 2;
        }
        ExtensionArray e = build(BOOL8, values);
        ExtensionArray ss = e.slice(3, 20).slice(6, 11);
        assertEquals(Arrays.asList(values).subList(9, 20), objects(ss));
        assertEquals(BOOL8, ss.type());
        assertEquals(build(BOOL8, Arrays.copyOfRange(values, 9, 20)), ss);
        ss.validateFull();
    }

    @Test
    void logicalNullsOfTheStorageCount() {
        ArrowType.RunEndEncoded ree = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.INT32);
        ArrowType.Extension type = new ArrowType.Extension("runs", ree, "");
        ExtensionArray e = build(type, 4, 4, null, null, 5);
        assertInstanceOf(RunEndEncodedArray.class, e.storage());
        assertFalse(e.isNull(1));
        assertTrue(e.isNull(2));
        assertEquals("[4, 4, null, null, 5]", e.toString());
        assertEquals(build(type, 4, 4, null, null, 5), e);
    }

    @Test
    void validationIsTheStorages() {
        ArrowType.Dictionary dict = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT32, false);
        ArrowType.Extension type = new ArrowType.Extension("coded", dict, "");
        ArrayData dictionary = IntBuilder.int32(ALLOC).append(10).append(20).build().data();
        ArrayData good = new ArrayData(type, 2, 0, 0, Arrays.asList(null, ArrowBuffer.wrap(ints(1, 0))), List.of(),
                dictionary);
        ExtensionArray e = (ExtensionArray) Array.of(good);
        e.validateFull();
        assertEquals(List.of(20, 10), objects(e));
        ArrayData bad = new ArrayData(type, 2, 0, 0, Arrays.asList(null, ArrowBuffer.wrap(ints(1, 2))), List.of(),
                dictionary);
        ValidationException x = assertThrows(ValidationException.class, () -> Array.of(bad).validateFull());
        assertEquals(Rules.DICTIONARY_INDEX, x.rule());
        assertEquals(1, x.index());
    }
}
