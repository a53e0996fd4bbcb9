// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reader's dictionaries by id: loads DictionaryBatch messages, appends deltas, and replaces a
 * dictionary (streams) or refuses a second non-delta one (files). A dictionary that receives deltas
 * grows in place ({@link GrowingArray}): each delta costs time in proportion to its own size, however
 * large the dictionary already is.
 */
final class DictionaryMemo {
    private final Map<Long, ArrowType> valueTypes;
    private final Map<Long, ArrayData> dictionaries = new HashMap<>();
    private final Map<Long, GrowingArray> growing = new HashMap<>();
    private final boolean allowReplacement;
    private final BufferAllocator allocator;
    private final ArrayCompactor compactor;

    DictionaryMemo(Schema schema, boolean allowReplacement, IpcReadOptions options) {
        this.valueTypes = DictionaryFields.valueTypes(schema);
        this.allowReplacement = allowReplacement;
        this.allocator = options.allocator();
        this.compactor = new ArrayCompactor(allocator);
    }

    /** The current dictionary of an id, or null. */
    ArrayData get(long id) {
        return dictionaries.get(id);
    }

    void apply(Header.Dictionary header, ArrowBuffer body, RecordBatchLoader loader, String where) {
        long id = header.id();
        ArrowType valueType = valueTypes.get(id);
        if (valueType == null) {
            throw new IpcException(where + ": no field of the schema uses dictionary id " + id);
        }
        ArrayData data = loader.load(List.of(Field.nullable("dictionary " + id, valueType)), header.data(),
                body, this::get, where).get(0);
        ArrayData existing = dictionaries.get(id);
        if (header.delta() && existing != null) {
            GrowingArray grown = growing.get(id);
            if (grown == null) {
                grown = new GrowingArray(valueType, allocator);
                grown.append(compactor.compact(existing), where);
                growing.put(id, grown);
            }
            grown.append(compactor.compact(data), where);
            data = grown.view();
        } else if (existing != null && !allowReplacement) {
            throw new IpcException(where + ": a file cannot replace dictionary " + id);
        } else {
            growing.remove(id);
        }
        dictionaries.put(id, data);
    }
}
