package dev.quiver.ipc;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reader's dictionaries by id: loads DictionaryBatch messages, appends deltas, and replaces a
 * dictionary (streams) or refuses a second non-delta one (files).
 */
final class DictionaryMemo {
    private final Map<Long, ArrowType> valueTypes;
    private final Map<Long, ArrayData> dictionaries = new HashMap<>();
    private final boolean allowReplacement;
    private final ArrayConcatenator concatenator;

    DictionaryMemo(Schema schema, boolean allowReplacement, IpcReadOptions options) {
        this.valueTypes = DictionaryFields.valueTypes(schema);
        this.allowReplacement = allowReplacement;
        this.concatenator = new ArrayConcatenator(options.allocator());
    }

    /** The current dictionary of an id, or null. */
    ArrayData get(long id) {
        return dictionaries.get(id);
    }

    void apply(Header.Dictionary header, ArrowBuffer body, RecordBatchLoader loader, String where) {
        ArrowType valueType = valueTypes.get(header.id());
        if (valueType == null) {
            throw new IpcException(where + ": no field of the schema uses dictionary id " + header.id());
        }
        ArrayData data = loader.load(List.of(Field.nullable("dictionary " + header.id(), valueType)), header.data(),
                body, this::get, where).get(0);
        ArrayData existing = dictionaries.get(header.id());
        if (header.delta() && existing != null) {
            data = concatenator.concat(existing, data);
        } else if (!header.delta() && existing != null && !allowReplacement) {
            throw new IpcException(where + ": a file cannot replace dictionary " + header.id());
        }
        dictionaries.put(header.id(), data);
    }
}
