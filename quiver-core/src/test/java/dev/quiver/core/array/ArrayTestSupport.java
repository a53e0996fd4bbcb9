// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** Helpers shared by the array tests. */
final class ArrayTestSupport {
    private ArrayTestSupport() {
    }

    /** Bytes from ints (so tests can write 0xFF without casts). */
    static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }

    /** Little-endian bytes of int32 values. */
    static byte[] int32s(int... values) {
        byte[] out = new byte[values.length * 4];
        for (int i = 0; i < values.length; i++) {
            for (int b = 0; b < 4; b++) {
                out[i * 4 + b] = (byte) (values[i] >>> (8 * b));
            }
        }
        return out;
    }

    /** Little-endian bytes of int64 values. */
    static byte[] int64s(long... values) {
        byte[] out = new byte[values.length * 8];
        for (int i = 0; i < values.length; i++) {
            for (int b = 0; b < 8; b++) {
                out[i * 8 + b] = (byte) (values[i] >>> (8 * b));
            }
        }
        return out;
    }

    /** Concatenation of byte arrays. */
    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /** Asserts the first {@code expected.length} bytes of {@code buffer} (padding after them is ignored). */
    static void assertPrefix(byte[] expected, ArrowBuffer buffer) {
        assertTrue(buffer.byteSize() >= expected.length, "buffer has " + buffer.byteSize() + " bytes, expected at least "
                + expected.length);
        assertArrayEquals(expected, Arrays.copyOf(buffer.toByteArray(), expected.length));
    }

    /** Asserts that full validation fails with {@code rule} at {@code index}. */
    static void assertInvalid(String rule, long index, Array array) {
        ValidationException e = assertThrows(ValidationException.class, array::validateFull);
        assertEquals(rule, e.rule(), e.getMessage());
        assertEquals(index, e.index(), e.getMessage());
    }

    /** A writable copy of a buffer, on heap. */
    static ArrowBuffer copy(ArrowBuffer buffer) {
        return ArrowBuffer.wrap(buffer.toByteArray());
    }

    /** The data with buffer {@code index} replaced. */
    static ArrayData withBuffer(ArrayData data, int index, ArrowBuffer buffer) {
        List<ArrowBuffer> buffers = new ArrayList<>(data.buffers());
        buffers.set(index, buffer);
        return new ArrayData(data.type(), data.length(), data.offset(), ArrayData.UNKNOWN_NULL_COUNT, buffers,
                data.children(), data.dictionary());
    }

    /** Builds {@code values} (nulls included) with the generic builder of {@code type}. */
    static Array build(ArrowType type, List<?> values) {
        ArrayBuilder builder = ArrayBuilder.of(type);
        for (Object v : values) {
            builder.appendObject(v);
        }
        assertEquals(values.size(), builder.length());
        return builder.build();
    }

    /** Asserts each slot's {@code getObject} against {@code expected} (arrays by content). */
    static void assertValues(List<?> expected, Array array) {
        assertEquals(expected.size(), array.length());
        for (int i = 0; i < expected.size(); i++) {
            Object e = expected.get(i);
            Object a = array.getObject(i);
            if (e == null) {
                assertNull(a, "slot " + i);
                assertTrue(array.isNull(i));
            } else {
                assertTrue(Objects.deepEquals(e, a), "slot " + i + ": expected " + Values.format(e) + ", got "
                        + Values.format(a));
            }
        }
    }

    /**
     * The property every flat array meets: build the values, slice at {@code from}, slice again; full
     * validation passes and the values, null count and equality match the source.
     */
    static void checkBuildAndSlice(ArrowType type, List<?> values, int from, int length, int from2, int length2) {
        Array array = build(type, values);
        array.validateFull();
        assertValues(values, array);
        int start = Math.min(from, values.size());
        int len = Math.min(length, values.size() - start);
        Array slice = array.slice(start, len);
        slice.validateFull();
        List<?> expected = values.subList(start, start + len);
        assertValues(expected, slice);
        assertEquals(expected.stream().filter(Objects::isNull).count(), slice.nullCount());
        assertEquals(build(type, expected), slice);
        int start2 = Math.min(from2, len);
        int len2 = Math.min(length2, len - start2);
        Array slice2 = slice.slice(start2, len2);
        slice2.validateFull();
        assertValues(expected.subList(start2, start2 + len2), slice2);
        assertTrue(array.rangeEquals(start + start2, slice2, 0, len2));
    }

    /** Lists of values from {@code element}, about a fifth null. */
    static <T> Arbitrary<List<T>> withNulls(Arbitrary<T> element) {
        return element.injectNull(0.2).list().ofMaxSize(200);
    }

    /** Slice bounds for {@link #checkBuildAndSlice}. */
    static Arbitrary<Integer> bound() {
        return Arbitraries.integers().between(0, 220);
    }
}
