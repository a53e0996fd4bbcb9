// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.text;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Null count and memory of one column over the batches added: nulls are logical (a union's or run-end
 * encoded array's null children count), bytes are those of the buffers in memory (children included,
 * each dictionary counted once).
 */
public final class ColumnStats {
    private final Set<ArrayData> dictionaries = Collections.newSetFromMap(new IdentityHashMap<>());
    private long nulls;
    private long bytes;

    /** Adds the column of one batch. */
    public void add(Array column) {
        nulls += nulls(column);
        bytes += bytes(column.data());
    }

    private static long nulls(Array column) {
        ArrowType type = Types.storage(column.type());
        boolean logical = type instanceof ArrowType.Union || type instanceof ArrowType.RunEndEncoded
                || type instanceof ArrowType.Dictionary || type instanceof ArrowType.Null;
        if (!logical) {
            return column.nullCount();
        }
        long n = 0;
        for (long i = 0, length = column.length(); i < length; i++) {
            if (column.isNull(i)) {
                n++;
            }
        }
        return n;
    }

    private long bytes(ArrayData data) {
        long sum = 0;
        for (ArrowBuffer buffer : data.buffers()) {
            sum += buffer == null ? 0 : buffer.byteSize();
        }
        for (ArrayData child : data.children()) {
            sum += bytes(child);
        }
        if (data.dictionary() != null && dictionaries.add(data.dictionary())) {
            sum += bytes(data.dictionary());
        }
        return sum;
    }

    public long nulls() {
        return nulls;
    }

    public long bytes() {
        return bytes;
    }
}
