// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The dictionary-encoded fields of a schema, nested ones included, by dictionary id. */
final class DictionaryFields {
    private DictionaryFields() {
    }

    /**
     * The schema with an id given to every dictionary-encoded field that has none (as a schema imported
     * through C Data, read from CSV or built by hand has), numbered on from the largest id present, in
     * field order, depth first; the schema itself when no field lacks one. The IPC format pairs
     * dictionary batches with fields by id only, so a writer must number them.
     *
     * @throws IpcException if an id present is used for values of two types
     */
    static Schema withIds(Schema schema) {
        long largest = valueTypes(schema).keySet().stream().mapToLong(Long::longValue).max().orElse(-1);
        long[] next = {largest + 1};
        List<Field> fields = number(schema.fields(), next);
        return fields.equals(schema.fields()) ? schema : new Schema(fields, schema.metadata(), schema.endianness());
    }

    private static List<Field> number(List<Field> fields, long[] next) {
        List<Field> out = new ArrayList<>(fields.size());
        for (Field field : fields) {
            Field numbered = field;
            if (field.dictionaryId() == null && Types.storage(field.type()) instanceof ArrowType.Dictionary) {
                numbered = field.withDictionaryId(next[0]++);
            }
            out.add(numbered.withType(Types.mapChildren(field.type(), child -> number(List.of(child), next).get(0))));
        }
        return out;
    }

    /**
     * The value type of every dictionary id (fields without an id are passed over); a conflict between
     * fields sharing an id is refused.
     */
    static Map<Long, ArrowType> valueTypes(Schema schema) {
        Map<Long, ArrowType> out = new LinkedHashMap<>();
        collect(schema.fields(), out);
        return out;
    }

    private static void collect(List<Field> fields, Map<Long, ArrowType> out) {
        for (Field field : fields) {
            ArrowType storage = Types.storage(field.type());
            if (storage instanceof ArrowType.Dictionary d) {
                ArrowType previous = field.dictionaryId() == null ? null
                        : out.putIfAbsent(field.dictionaryId(), d.valueType());
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
