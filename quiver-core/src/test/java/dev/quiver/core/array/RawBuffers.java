// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.ArrowBuffer;
import java.nio.charset.StandardCharsets;

/** Readers and makers of raw buffers for tests that check bytes without going through the arrays. */
final class RawBuffers {
    private RawBuffers() {
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
