// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.BufferSpec;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The size of each buffer of one imported array, from its type, offset and length (the spec: each buffer
 * is large enough for {@code length + offset} values), and the segments over the producer's pointers.
 * A pointer may be null only for a validity bitmap of an array without nulls, or a buffer of no bytes.
 */
final class BufferSizes {
    private final ArrowType physical;
    private final long end;
    private final long nullCount;
    private final String where;

    BufferSizes(ArrowType physical, long end, long nullCount, String where) {
        this.physical = physical;
        this.end = end;
        this.nullCount = nullCount;
        this.where = where;
    }

    /** Buffer {@code i} of the layout at {@code address}; {@code previous} holds the buffers before it. */
    ArrowBuffer buffer(int i, BufferSpec spec, long address, List<ArrowBuffer> previous, Arena arena) {
        try {
            return switch (spec.kind()) {
                case VALIDITY -> {
                    if (address == 0) {
                        if (nullCount > 0) {
                            throw new CDataException(where + ": the validity buffer is null but null_count is "
                                    + nullCount);
                        }
                        yield null;
                    }
                    yield wrap(address, bytesOfBits(end), i, arena);
                }
                case VALUES -> wrap(address, spec.bitWidth() == 1 ? bytesOfBits(end)
                        : Math.multiplyExact(end, spec.bitWidth() / 8), i, arena);
                case OFFSETS -> offsets(i, spec, address, arena);
                case SIZES -> wrap(address, Math.multiplyExact(end, spec.bitWidth() / 8), i, arena);
                case VIEWS -> wrap(address, Math.multiplyExact(end, 16), i, arena);
                case TYPE_IDS -> wrap(address, end, i, arena);
                case DATA -> wrap(address, dataSize(previous.get(i - 1)), i, arena);
            };
        } catch (ArithmeticException e) {
            throw new CDataException(where + ": the size of buffer " + i + " overflows for offset + length "
                    + end, e);
        }
    }

    private ArrowBuffer offsets(int i, BufferSpec spec, long address, Arena arena) {
        int width = spec.bitWidth() / 8;
        boolean perSlot = physical instanceof ArrowType.Union || physical instanceof ArrowType.ListView
                || physical instanceof ArrowType.LargeListView;
        if (perSlot) {
            return wrap(address, Math.multiplyExact(end, width), i, arena);
        }
        if (address == 0 && end == 0) {
            // An empty array's offsets may be left out by producers; it holds one offset, 0.
            return ArrowBuffer.wrap(arena.allocate(width, width));
        }
        return wrap(address, Math.multiplyExact(Math.addExact(end, 1), width), i, arena);
    }

    /** The size of a binary data buffer: the last offset, which must not be negative. */
    private long dataSize(ArrowBuffer offsets) {
        boolean large = physical instanceof ArrowType.LargeBinary || physical instanceof ArrowType.LargeUtf8;
        long last = large ? offsets.segment().get(JAVA_LONG_UNALIGNED, end * 8)
                : offsets.segment().get(JAVA_INT_UNALIGNED, end * 4);
        if (last < 0) {
            throw new CDataException(where + ": the last offset " + last + " is negative");
        }
        return last;
    }

    private static long bytesOfBits(long bits) {
        return (bits + 7) >>> 3;
    }

    private ArrowBuffer wrap(long address, long size, int i, Arena arena) {
        return ArrowBuffer.wrap(wrap(address, size, "buffer " + i, arena));
    }

    /** The segment of {@code size} bytes at {@code address}, in the import's arena. */
    MemorySegment wrap(long address, long size, String what, Arena arena) {
        if (address == 0) {
            if (size != 0) {
                throw new CDataException(where + ": " + what + " is a null pointer but must hold " + size
                        + " bytes");
            }
            return MemorySegment.NULL;
        }
        MappedMemory.check(address, size, what, where);
        return MemorySegment.ofAddress(address).reinterpret(size, arena, null);
    }
}
