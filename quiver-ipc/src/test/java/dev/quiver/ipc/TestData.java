// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.Consumer;

/** Helpers for the IPC tests: integer columns, raw buffers, streams in memory. */
final class TestData {
    private TestData() {
    }

    /** An array of an integer-stored type; null entries are null slots. */
    static Array ints(ArrowType type, Long... values) {
        ArrayBuilder b = ArrayBuilder.of(type, BufferAllocator.managed());
        for (Long v : values) {
            b.appendObject(v);
        }
        return b.build();
    }

    static Array ints(Long... values) {
        return ints(ArrowType.INT32, values);
    }

    /** A buffer of little-endian int32 values. */
    static ArrowBuffer int32s(int... values) {
        ByteBuffer bb = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            bb.putInt(v);
        }
        return ArrowBuffer.wrap(bb.array());
    }

    /** A buffer of little-endian int64 values. */
    static ArrowBuffer int64s(long... values) {
        ByteBuffer bb = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            bb.putLong(v);
        }
        return ArrowBuffer.wrap(bb.array());
    }

    static ArrowBuffer bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return ArrowBuffer.wrap(b);
    }

    /** The bytes a writer produces. */
    static byte[] written(Consumer<ByteArrayOutputStream> write) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write.accept(out);
        return out.toByteArray();
    }

    static MemorySegment segment(byte[] bytes) {
        return MemorySegment.ofArray(bytes);
    }

    static byte[] bytesOf(ArrayData data, int buffer) {
        ArrowBuffer b = data.buffer(buffer);
        return b == null ? new byte[0] : b.toByteArray();
    }
}
