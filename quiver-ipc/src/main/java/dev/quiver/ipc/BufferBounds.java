// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.BufferSpec;

/**
 * The bytes a buffer of an array of a given length needs, which bound what a compressed buffer may
 * decompress to: exact for fixed-width buffers, from the end offset for the data of variable-size
 * binaries. (The variadic buffers of binary views have no such bound: they may hold bytes no view uses,
 * as arrow-java writes them.) Products that do not fit a long saturate (the batch's overall limit then
 * applies).
 */
final class BufferBounds {
    private BufferBounds() {
    }

    /** What a fixed-width buffer needs: validity, values, sizes, views, type ids; offsets hold one more. */
    static long fixed(BufferSpec spec, long length) {
        return switch (spec.kind()) {
            case OFFSETS -> bytes(length + 1, spec.bitWidth());
            case DATA -> throw new IllegalArgumentException("a data buffer is bounded by its offsets");
            default -> bytes(length, spec.bitWidth());
        };
    }

    /** {@code count} elements of {@code bitWidth} bits, rounded up to whole bytes. */
    static long bytes(long count, int bitWidth) {
        if (count > (Long.MAX_VALUE - 7) / bitWidth) {
            return Long.MAX_VALUE;
        }
        return (count * bitWidth + 7) / 8;
    }

    /**
     * The end of the data a variable-size binary's offsets point to: offset {@code length} (0 when
     * negative, which validation then refuses).
     *
     * @throws IpcException when the offsets buffer is too short to say
     */
    static long data(ArrowBuffer offsets, int bitWidth, long length, String at) {
        if (length == 0 && (offsets == null || offsets.byteSize() == 0)) {
            return 0;
        }
        int width = bitWidth / 8;
        long end = bytes(length + 1, bitWidth);
        if (offsets == null || offsets.byteSize() < end) {
            throw new IpcException(at + ": an offsets buffer of " + (offsets == null ? 0 : offsets.byteSize())
                    + " bytes is too short for " + length + " values");
        }
        long last = width == 4 ? offsets.getInt(end - 4) : offsets.getLong(end - 8);
        return Math.max(0, last);
    }
}
