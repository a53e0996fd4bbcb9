// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.Types;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The dictionary-encoded fields of a schema, nested ones included, by dictionary id. */
final class DictionaryFields {
    private DictionaryFields() {
    }

    /** The value type of every dictionary id; a conflict between fields sharing an id is refused. */
    static Map<Long, ArrowType> valueTypes(Schema schema) {
        Map<Long, ArrowType> out = new LinkedHashMap<>();
        collect(schema.fields(), out);
        return out;
    }

    private static void collect(List<Field> fields, Map<Long, ArrowType> out) {
        for (Field field : fields) {
            ArrowType storage = Types.storage(field.type());
            if (storage instanceof ArrowType.Dictionary d) {
                if (field.dictionaryId() == null) {
                    throw new IpcException("dictionary-encoded field " + field.name() + " has no dictionary id");
                }
                ArrowType previous = out.putIfAbsent(field.dictionaryId(), d.valueType());
                if (previous != null && !previous.equals(d.valueType())) {
                    throw new IpcException("dictionary id " + field.dictionaryId() + " is used for values of type "
                            + previous + " and " + d.valueType());
                }
                collect(Types.storage(d.valueType()).children(), out);
            } else {
                collect(storage.children(), out);
            }
        }
    }
}
