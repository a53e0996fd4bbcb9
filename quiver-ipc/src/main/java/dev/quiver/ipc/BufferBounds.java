package dev.quiver.ipc;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.BufferSpec;

/**
 * The bytes a buffer of an array of a given length needs, which bound what a compressed buffer may
 * decompress to: exact for fixed-width buffers, from the end offset for the data of variable-size
 * binaries, from the views for the variadic buffers of binary views. Products that do not fit a long
 * saturate (the batch's overall limit then applies).
 */
final class BufferBounds {
    private static final int VIEW_BYTES = 16;
    private static final int INLINE_BYTES = 12;

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

    /**
     * For each of {@code count} variadic data buffers, the end of the furthest value the views place in
     * it (views that are too short, inline or invalid bound nothing; validation refuses them).
     */
    static long[] variadic(ArrowBuffer views, long length, int count) {
        long[] ends = new long[count];
        long n = Math.min(length, views == null ? 0 : views.byteSize() / VIEW_BYTES);
        for (long i = 0; i < n; i++) {
            long at = i * VIEW_BYTES;
            int size = views.getInt(at);
            if (size > INLINE_BYTES) {
                int buffer = views.getInt(at + 8);
                int offset = views.getInt(at + 12);
                if (buffer >= 0 && buffer < count && offset >= 0) {
                    ends[buffer] = Math.max(ends[buffer], (long) offset + size);
                }
            }
        }
        return ends;
    }
}
