package dev.quiver.core.array;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Minimal builders of float32 and binary/utf8 data for tests, independent of the library's own
 * builders of those types, plus readers of their buffers.
 */
final class HandBuilders {
    private HandBuilders() {
    }

    /** Float32 values from Float (or any Number). */
    static final class Float32 implements ArrayBuilder {
        private final GrowableBuffer values = new GrowableBuffer(BufferAllocator.managed());
        private final ValidityBuilder validity = new ValidityBuilder(BufferAllocator.managed());

        @Override
        public ArrowType type() {
            return ArrowType.FLOAT32;
        }

        @Override
        public long length() {
            return validity.length();
        }

        @Override
        public Float32 appendNull() {
            values.appendZeros(4);
            validity.append(false);
            return this;
        }

        @Override
        public Float32 appendObject(Object value) {
            if (value == null) {
                return appendNull();
            }
            values.appendFloat(((Number) value).floatValue());
            validity.append(true);
            return this;
        }

        @Override
        public Array build() {
            long nulls = validity.unsetCount();
            long length = validity.length();
            return Array.wrap(new ArrayData(ArrowType.FLOAT32, length, 0, nulls,
                    Arrays.asList(validity.finishValidity(), values.finish()), List.of(), null));
        }
    }

    /** Binary (byte[] or String as UTF-8) or utf8 values with 32-bit offsets. */
    static final class VarBinary implements ArrayBuilder {
        private final ArrowType type;
        private final GrowableBuffer offsets = new GrowableBuffer(BufferAllocator.managed());
        private final GrowableBuffer bytes = new GrowableBuffer(BufferAllocator.managed());
        private final ValidityBuilder validity = new ValidityBuilder(BufferAllocator.managed());

        VarBinary(ArrowType type) {
            this.type = type;
            offsets.appendInt(0);
        }

        @Override
        public ArrowType type() {
            return type;
        }

        @Override
        public long length() {
            return validity.length();
        }

        @Override
        public VarBinary appendNull() {
            offsets.appendInt((int) bytes.size());
            validity.append(false);
            return this;
        }

        @Override
        public VarBinary appendObject(Object value) {
            if (value == null) {
                return appendNull();
            }
            bytes.appendBytes(value instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) value);
            offsets.appendInt((int) bytes.size());
            validity.append(true);
            return this;
        }

        @Override
        public Array build() {
            long nulls = validity.unsetCount();
            long length = validity.length();
            ArrayData data = new ArrayData(type, length, 0, nulls,
                    Arrays.asList(validity.finishValidity(), offsets.finish(), bytes.finish()), List.of(), null);
            offsets.appendInt(0);
            return Array.wrap(data);
        }
    }

    /** Value {@code i} of float32 data, read from its buffer. */
    static float float32(ArrayData data, long i) {
        return data.buffer(1).getFloat((data.offset() + i) * 4);
    }

    /** Value {@code i} of binary/utf8 data as a string, read from its buffers. */
    static String string(ArrayData data, long i) {
        ArrowBuffer offsets = data.buffer(1);
        int start = offsets.getInt((data.offset() + i) * 4);
        int end = offsets.getInt((data.offset() + i + 1) * 4);
        return new String(data.buffer(2).slice(start, end - start).toByteArray(), StandardCharsets.UTF_8);
    }

    /** The first {@code n} bytes of a buffer. */
    static byte[] bytes(ArrowBuffer buffer, int n) {
        return buffer.slice(0, n).toByteArray();
    }

    /** Little-endian int32 values as bytes. */
    static byte[] ints(int... values) {
        byte[] out = new byte[values.length * 4];
        for (int k = 0; k < values.length; k++) {
            for (int b = 0; b < 4; b++) {
                out[k * 4 + b] = (byte) (values[k] >>> (8 * b));
            }
        }
        return out;
    }

    /** Bytes from ints (each truncated to a byte). */
    static byte[] bytesOf(int... values) {
        byte[] out = new byte[values.length];
        for (int k = 0; k < values.length; k++) {
            out[k] = (byte) values[k];
        }
        return out;
    }

    /** A buffer holding copies of the given bytes. */
    static ArrowBuffer buffer(byte[] bytes) {
        return ArrowBuffer.wrap(bytes.clone());
    }
}
