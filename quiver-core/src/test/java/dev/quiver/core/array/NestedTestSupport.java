// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.internal.validation.ValidityFlags;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Helpers shared by the tests of the nested arrays. */
final class NestedTestSupport {
    private NestedTestSupport() {
    }

    /** Values as bytes (each truncated to 8 bits). */
    static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }

    /** Values as little-endian int32 bytes. */
    static byte[] int32s(int... values) {
        ArrowBuffer b = ArrowBuffer.wrap(new byte[values.length * 4]);
        for (int i = 0; i < values.length; i++) {
            b.setInt(i * 4L, values[i]);
        }
        return b.toByteArray();
    }

    /** Values as little-endian int64 bytes. */
    static byte[] int64s(long... values) {
        ArrowBuffer b = ArrowBuffer.wrap(new byte[values.length * 8]);
        for (int i = 0; i < values.length; i++) {
            b.setLong(i * 8L, values[i]);
        }
        return b.toByteArray();
    }

    /** Asserts that the buffer starts with {@code expected} (padding past it is ignored). */
    static void assertPrefix(byte[] expected, ArrowBuffer buffer) {
        assertTrue(buffer.byteSize() >= expected.length, "buffer of " + buffer.byteSize() + " bytes");
        assertArrayEquals(expected, Arrays.copyOf(buffer.toByteArray(), expected.length));
    }

    /** The data with buffer {@code index} replaced by a heap copy of it, changed by {@code edit}. */
    static ArrayData editBuffer(ArrayData data, int index, java.util.function.Consumer<ArrowBuffer> edit) {
        ArrowBuffer copy = ArrowBuffer.wrap(data.buffer(index).toByteArray());
        edit.accept(copy);
        List<ArrowBuffer> buffers = new ArrayList<>(data.buffers());
        buffers.set(index, copy);
        return new ArrayData(data.type(), data.length(), data.offset(), ArrayData.UNKNOWN_NULL_COUNT, buffers,
                data.children(), data.dictionary());
    }

    /** Asserts that full validation fails with {@code rule} at {@code index}. */
    static void assertInvalid(Array array, String rule, long index) {
        ValidationException e = assertThrows(ValidationException.class, array::validateFull);
        assertEquals(rule, e.rule(), e.getMessage());
        assertEquals(index, e.index(), e.getMessage());
    }

    /** An int8 array of the values (null for nulls), built with {@link IntBuilder}. */
    static Array int8s(Integer... values) {
        IntBuilder<?> b = IntBuilder.int8(dev.quiver.core.memory.BufferAllocator.managed());
        for (Integer v : values) {
            b.appendObject(v);
        }
        return b.build();
    }

    /**
     * Binary data assembled by hand from its buffers (the binary builder belongs to another layout): the
     * validity flags (null: all valid) and the strings' bytes, concatenated.
     */
    static ArrayData binary(boolean[] valid, int[] offsets, String data) {
        ValidityFlags.Bits bits = ValidityFlags.of(valid);
        return new ArrayData(ArrowType.BINARY, offsets.length - 1, 0, bits.nullCount(),
                Arrays.asList(bits.buffer(), ArrowBuffer.wrap(int32s(offsets)),
                        ArrowBuffer.wrap(data.getBytes(java.nio.charset.StandardCharsets.US_ASCII))),
                List.of(), null);
    }

    /** A builder that holds one prebuilt array: appending is refused, {@code build()} returns it. */
    static final class Prebuilt implements ArrayBuilder {
        private final ArrayData data;

        Prebuilt(ArrayData data) {
            this.data = data;
        }

        @Override
        public ArrowType type() {
            return data.type();
        }

        @Override
        public long length() {
            return data.length();
        }

        @Override
        public ArrayBuilder appendNull() {
            throw new UnsupportedOperationException("prebuilt");
        }

        @Override
        public ArrayBuilder appendObject(Object value) {
            throw new UnsupportedOperationException("prebuilt");
        }

        @Override
        public Array build() {
            return Array.of(data);
        }
    }
}
