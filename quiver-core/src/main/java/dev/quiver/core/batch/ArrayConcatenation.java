// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.List;

/**
 * Arrays of one type copied into one. Values go through {@link Array#getObject} and
 * {@link ArrayBuilder#appendObject}, which every type supports exactly (a boxed object per value: this
 * is for combining the chunks of a table, not for a hot loop); a dictionary column comes out with one
 * dictionary of the distinct values.
 */
final class ArrayConcatenation {
    private ArrayConcatenation() {
    }

    /** The arrays' values in order, one array; a single array is returned as it is. */
    static Array concatenate(ArrowType type, List<Array> arrays, BufferAllocator allocator) {
        if (arrays.size() == 1) {
            return arrays.get(0);
        }
        ArrayBuilder builder = ArrayBuilder.of(type, allocator);
        for (Array array : arrays) {
            for (long i = 0, n = array.length(); i < n; i++) {
                builder.appendObject(array.getObject(i));
            }
        }
        return builder.build();
    }
}
