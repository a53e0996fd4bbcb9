// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.RawBuffers.bytes;
import static dev.quiver.core.array.RawBuffers.bytesOf;
import static dev.quiver.core.array.RawBuffers.ints;
import static dev.quiver.core.array.RawBuffers.string;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.DictionaryBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DictionaryArrayTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    private static final ArrowType.Dictionary INT_DICT = new ArrowType.Dictionary(ArrowType.INT16, ArrowType.INT32,
            false);

    private static DictionaryArray build(ArrowType.Dictionary type, Object... values) {
        DictionaryBuilder b = new DictionaryBuilder(type, ALLOC);
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

    /** Hand-made dictionary-encoded data: int32 indices (null where {@code valid} is false) and a dictionary. */
    private static DictionaryArray encoded(ArrowType.Dictionary type, ArrayData dictionary, ArrowBuffer validity,
            int... indices) {
        return (DictionaryArray) Array.of(ArrayData.dictionaryEncoded(type, indices.length,
                Arrays.asList(validity, ArrowBuffer.wrap(ints(indices))), dictionary));
    }

    private static ArrayData ints32(Integer... values) {
        IntBuilder<?> b = IntBuilder.int32(ALLOC);
        for (Integer v : values) {
            b.appendObject(v);
        }
        return b.build().data();
    }

    @Test
    void dictionaryExampleOfTheSpec() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.BINARY, false);
        DictionaryBuilder b = new DictionaryBuilder(type, new VarBinaryBuilder(ArrowType.BINARY, ALLOC), ALLOC);
        for (String s : Arrays.asList("foo", "bar", "foo", "bar", null, "baz")) {
            b.appendObject(s == null ? null : s.getBytes());
        }
        assertEquals(3, b.dictionaryLength());
        DictionaryArray d = b.build();

        assertEquals(6, d.length());
        assertEquals(1, d.nullCount());
        assertArrayEquals(bytesOf(0b00101111), bytes(d.data().validity(), 1));
        byte[] indexBytes = bytes(d.data().buffer(1), 24);
        assertArrayEquals(ints(0, 1, 0, 1), Arrays.copyOfRange(indexBytes, 0, 16));
        assertArrayEquals(ints(2), Arrays.copyOfRange(indexBytes, 20, 24));

        ArrayData dict = d.dictionary().data();
        assertEquals(ArrowType.BINARY, dict.type());
        assertEquals(3, dict.length());
        assertEquals(0, dict.nullCount());
        assertNull(dict.validity());
        assertArrayEquals(ints(0, 3, 6, 9), bytes(dict.buffer(1), 16));
        assertArrayEquals("foobarbaz".getBytes(), bytes(dict.buffer(2), 9));

        assertEquals(List.of(0L, 1L, 0L, 1L, 2L),
                List.of(d.getIndex(0), d.getIndex(1), d.getIndex(2), d.getIndex(3), d.getIndex(5)));
        assertTrue(d.isNull(4));
        assertEquals("baz", string(dict, d.getIndex(5)));
        assertInstanceOf(Int32Array.class, d.indices());
        assertEquals(Arrays.asList(0, 1, 0, 1, null, 2), objects(d.indices()));
        d.validateFull();
    }

    @Test
    void dictionaryWithDuplicatesAndNullsOfTheSpec() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.BINARY, false);
        VarBinaryBuilder values = new VarBinaryBuilder(ArrowType.BINARY, ALLOC);
        for (String s : Arrays.asList("foo", "bar", "baz", "foo", null)) {
            values.appendObject(s == null ? null : s.getBytes());
        }
        DictionaryArray d = encoded(type, values.build().data(), null, 0, 1, 3, 1, 4, 2);
        d.validateFull();
        assertEquals(0, d.nullCount(), "the null count is the indices' only");
        for (long i = 0; i < 6; i++) {
            assertFalse(d.isNull(i));
        }
        ArrayData dict = d.dictionary().data();
        assertEquals("foo", string(dict, d.getIndex(0)));
        assertEquals("foo", string(dict, d.getIndex(2)));
        assertTrue(d.dictionary().isNull(d.getIndex(4)));
        assertEquals("baz", string(dict, d.getIndex(5)));
    }

    @Test
    void decodesIntegerDictionaries() {
        DictionaryArray d = build(INT_DICT, 10, 20, 10, null, 30, 20);
        assertEquals(Arrays.asList(10, 20, 10, null, 30, 20), objects(d));
        assertEquals(List.of(10, 20, 30), objects(d.dictionary()));
        assertEquals("[10, 20, 10, null, 30, 20]", d.toString());
        assertInstanceOf(Int16Array.class, d.indices());
        d.validateFull();
    }

    @Test
    void aValidIndexMayPointAtANullValue() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT32, false);
        DictionaryArray d = encoded(type, ints32(7, null), null, 1, 0);
        assertFalse(d.isNull(0));
        assertNull(d.getObject(0));
        assertEquals("[null, 7]", d.toString());
        DictionaryArray nullIndex = encoded(type, ints32(7, null),
                ArrowBuffer.wrap(bytesOf(0b10)), 0, 0);
        assertTrue(nullIndex.isNull(0));
        assertNotEquals(d, nullIndex, "a null slot differs from a valid slot whose value is null");
        assertEquals(d, encoded(type, ints32(null, 7), null, 0, 1));
    }

    @Test
    void equalityIsOnDecodedValues() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT32, false);
        DictionaryArray a = encoded(type, ints32(10, 20), ArrowBuffer.wrap(bytesOf(0b1011)), 0, 1, 1, 0);
        DictionaryArray b = encoded(type, ints32(20, 99, 10), ArrowBuffer.wrap(bytesOf(0b1011)), 2, 0, 5, 2);
        assertEquals(a, b, "different dictionaries and bytes under the null, same decoded values");
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, encoded(type, ints32(20, 99, 10), ArrowBuffer.wrap(bytesOf(0b1011)), 2, 0, 5, 1));
        assertNotEquals(a, build(INT_DICT, 10, 20, null, 10), "other index type");
    }

    @Test
    void slicesAndSlicesOfSlices() {
        Object[] values = new Object[40];
        for (int k = 0; k < values.length; k++) {
            values[k] = k % 6 == 5 ? null : (k * 7) % 5;
        }
        DictionaryArray d = build(INT_DICT, values);
        DictionaryArray s = d.slice(3, 30);
        assertEquals(Arrays.asList(values).subList(3, 33), objects(s));
        DictionaryArray ss = s.slice(10, 13);
        assertEquals(Arrays.asList(values).subList(13, 26), objects(ss));
        assertEquals(build(INT_DICT, Arrays.copyOfRange(values, 13, 26)), ss);
        assertNotEquals(build(INT_DICT, Arrays.copyOfRange(values, 14, 27)), ss);
        assertEquals(5, ss.dictionary().length(), "the dictionary is never sliced");
        assertEquals(d.getIndex(13), ss.getIndex(0));
        ss.validateFull();
    }

    @Test
    void indicesOfEveryWidthAndSign() {
        for (ArrowType.Int indexType : List.of(ArrowType.INT8, ArrowType.UINT8, ArrowType.INT16, ArrowType.UINT16,
                ArrowType.INT32, ArrowType.UINT32, ArrowType.INT64, ArrowType.UINT64)) {
            ArrowType.Dictionary type = new ArrowType.Dictionary(indexType, ArrowType.INT64, false);
            DictionaryBuilder b = new DictionaryBuilder(type, ALLOC);
            for (int k = 0; k < 300; k++) {
                if (k < 127) {
                    b.appendObject((long) k * 1000);
                }
                b.appendObject(0L);
            }
            DictionaryArray d = b.build();
            assertEquals(127, d.dictionary().length(), indexType.toString());
            assertEquals(126, d.getIndex(252), indexType.toString());
            assertEquals(126_000L, d.getObject(252));
            assertEquals(0, d.getIndex(299));
            d.validateFull();
        }
    }

    @Test
    void unsignedIndicesReadAsUnsigned() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.UINT8, ArrowType.INT32, false);
        DictionaryBuilder b = new DictionaryBuilder(type, ALLOC);
        for (int k = 0; k < 256; k++) {
            b.appendObject(k);
        }
        DictionaryArray d = b.build();
        assertEquals(255, d.getIndex(255));
        assertEquals(255, d.getObject(255));
        assertEquals(255, d.indices().getObject(255));
        d.validateFull();
    }

    @Test
    void builderRefusesMoreValuesThanTheIndexTypeHolds() {
        DictionaryBuilder signed = new DictionaryBuilder(
                new ArrowType.Dictionary(ArrowType.INT8, ArrowType.INT32, false), ALLOC);
        for (int k = 0; k < 128; k++) {
            signed.appendObject(k);
        }
        signed.appendObject(5);
        assertThrows(IllegalStateException.class, () -> signed.appendObject(128));
        assertEquals(129, signed.length());
        assertEquals(128, signed.build().dictionary().length());

        DictionaryBuilder unsigned = new DictionaryBuilder(
                new ArrowType.Dictionary(ArrowType.UINT8, ArrowType.INT32, false), ALLOC);
        for (int k = 0; k < 256; k++) {
            unsigned.appendObject(k);
        }
        assertThrows(IllegalStateException.class, () -> unsigned.appendObject(256));
    }

    @Test
    void builderDeduplicatesByContent() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT8, ArrowType.BINARY, false);
        DictionaryBuilder b = new DictionaryBuilder(type, new VarBinaryBuilder(ArrowType.BINARY, ALLOC), ALLOC);
        byte[] buf = "ab".getBytes();
        b.appendObject(buf);
        buf[0] = 'x';
        b.appendObject("ab".getBytes()).appendObject(buf).appendObject("xb".getBytes());
        DictionaryArray d = b.build();
        assertEquals(List.of(0L, 0L, 1L, 1L), List.of(d.getIndex(0), d.getIndex(1), d.getIndex(2), d.getIndex(3)));
        assertEquals(2, d.dictionary().length());

        DictionaryArray numbers = build(INT_DICT, 1, 1L, (short) 1, BigInteger.ONE, 2);
        assertEquals(2, numbers.dictionary().length(), "integers of any class are one value");
    }

    @Test
    void builderGrowsAndStartsANewDictionaryAfterBuild() {
        DictionaryBuilder b = new DictionaryBuilder(INT_DICT, ALLOC);
        b.appendObject(-1);
        assertEquals(List.of(-1), objects(b.build().dictionary()));
        int n = 100_000;
        for (int k = 0; k < n; k++) {
            if (k % 17 == 0) {
                b.appendNull();
            } else {
                b.appendObject(k % 1000);
            }
        }
        DictionaryArray d = b.build();
        assertEquals(n, d.length());
        assertEquals(1000, d.dictionary().length());
        for (int k = 0; k < n; k++) {
            assertEquals(k % 17 == 0 ? null : (Object) (k % 1000), d.getObject(k));
        }
        d.validateFull();
    }

    @Test
    void getObjectRoundTripsThroughAppendObject() {
        DictionaryArray d = build(INT_DICT, 3, null, 3, 4, -9);
        DictionaryBuilder b = new DictionaryBuilder(INT_DICT, ALLOC);
        for (Object o : objects(d)) {
            b.appendObject(o);
        }
        assertEquals(d, b.build());
    }

    @Test
    void indexOutOfRangeFailsValidation() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT32, false);
        DictionaryArray d = encoded(type, ints32(1, 2, 3), null, 0, 2, 3, 1);
        ValidationException e = assertThrows(ValidationException.class, d::validateFull);
        assertEquals(Rules.DICTIONARY_INDEX, e.rule());
        assertEquals(2, e.index());
        d.slice(0, 2).validateFull();
        encoded(type, ints32(1, 2, 3), ArrowBuffer.wrap(bytesOf(0b1011)), 0, 2, 3, 1).validateFull();
    }

    @Test
    void negativeIndexFailsValidation() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT32, false);
        DictionaryArray d = encoded(type, ints32(1, 2, 3), null, 0, -1);
        ValidationException e = assertThrows(ValidationException.class, d::validateFull);
        assertEquals(Rules.DICTIONARY_INDEX, e.rule());
        assertEquals(1, e.index());
    }

    @Test
    void hugeUnsigned64IndexFailsValidation() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.UINT64, ArrowType.INT32, false);
        byte[] indices = new byte[16];
        Arrays.fill(indices, 8, 16, (byte) 0xFF);
        DictionaryArray d = (DictionaryArray) Array.of(ArrayData.dictionaryEncoded(type, 2,
                Arrays.asList(null, ArrowBuffer.wrap(indices)), ints32(1)));
        assertEquals(-1, d.getIndex(1));
        ValidationException e = assertThrows(ValidationException.class, d::validateFull);
        assertEquals(Rules.DICTIONARY_INDEX, e.rule());
        assertEquals(1, e.index());
    }

    @Test
    void theDictionaryIsValidatedToo() {
        ArrowType.RunEndEncoded ree = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.INT32);
        ArrayData runEnds = ints32(2, 2);
        ArrayData dict = ArrayData.of(ree, 2, List.of(), List.of(runEnds, ints32(5, 6)));
        DictionaryArray d = encoded(new ArrowType.Dictionary(ArrowType.INT32, ree, false), dict, null, 0, 1);
        ValidationException e = assertThrows(ValidationException.class, d::validateFull);
        assertEquals(Rules.RUN_ENDS, e.rule());
    }

    @Test
    void trustingDictionariesChecksIndicesButNotTheDictionarysData() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false);
        ArrayData badUtf8 = ArrayData.of(ArrowType.UTF8, 1, Arrays.asList(null, ArrowBuffer.wrap(ints(0, 2)),
                ArrowBuffer.wrap(bytesOf(0xC3, 0x28))), List.of());
        DictionaryArray d = encoded(type, badUtf8, null, 0, 0);
        assertThrows(ValidationException.class, d::validateFull);
        d.validateFullTrustingDictionaries();
        ValidationException e = assertThrows(ValidationException.class,
                encoded(type, badUtf8, null, 0, 1)::validateFullTrustingDictionaries);
        assertEquals(Rules.DICTIONARY_INDEX, e.rule());
        assertThrows(ValidationException.class, d::validateFull);
    }
}
