// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.BufferKind;
import dev.quiver.core.type.BufferSpec;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * Arrays of one type copied into one. Fixed-width types of whole bytes per value (integers, floating
 * point, temporals, decimals, intervals, fixed-size binary) are copied buffer by buffer; every other type
 * goes value by value through {@link Array#getObject} and {@link ArrayBuilder#appendObject}, exact for
 * every type but boxed (a dictionary column comes out with one dictionary of the distinct values).
 */
final class ArrayConcatenation {
    private ArrayConcatenation() {
    }

    /** The arrays' values in order, one array; a single array is returned as it is. */
    static Array concatenate(ArrowType type, List<Array> arrays, BufferAllocator allocator) {
        if (arrays.size() == 1) {
            return arrays.get(0);
        }
        int width = fixedByteWidth(type);
        if (width > 0) {
            return fixedWidth(type, width, arrays, allocator);
        }
        ArrayBuilder builder = ArrayBuilder.of(type, allocator);
        for (Array array : arrays) {
            for (long i = 0, n = array.length(); i < n; i++) {
                builder.appendObject(array.getObject(i));
            }
        }
        return builder.build();
    }

    /** The bytes per value of a type laid out as validity and one buffer of whole-byte values; else 0. */
    private static int fixedByteWidth(ArrowType type) {
        if (type instanceof ArrowType.Dictionary || type instanceof ArrowType.Extension || !type.children().isEmpty()) {
            return 0;
        }
        List<BufferSpec> buffers = type.layout().buffers();
        if (buffers.size() != 2 || buffers.get(0).kind() != BufferKind.VALIDITY
                || buffers.get(1).kind() != BufferKind.VALUES || buffers.get(1).bitWidth() % 8 != 0) {
            return 0;
        }
        return buffers.get(1).bitWidth() / 8;
    }

    private static Array fixedWidth(ArrowType type, int width, List<Array> arrays, BufferAllocator allocator) {
        long length = 0;
        long nulls = 0;
        for (Array array : arrays) {
            length += array.length();
            nulls += array.nullCount();
        }
        ArrowBuffer values = allocator.allocate(length * width);
        ArrowBuffer validity = nulls == 0 ? null : allocator.allocate(Bitmaps.bytesFor(length));
        long at = 0;
        for (Array array : arrays) {
            ArrayData data = array.data();
            long n = data.length();
            if (n == 0) {
                continue;
            }
            MemorySegment.copy(data.buffer(1).segment(), data.offset() * width, values.segment(), at * width, n * width);
            if (validity != null) {
                if (data.validity() == null) {
                    Bitmaps.fill(validity.segment(), at, n, true);
                } else {
                    Bitmaps.copy(data.validity().segment(), data.offset(), validity.segment(), at, n);
                }
            }
            at += n;
        }
        return Array.ofUnchecked(new ArrayData(type, length, 0, nulls, Arrays.asList(validity, values), List.of(),
                null));
    }
}
