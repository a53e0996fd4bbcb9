// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.Types;
import java.util.List;

/** Limits that the IPC readers and writers share, so that a writer never produces what a reader refuses. */
public final class IpcLimits {
    /**
     * The deepest nesting of fields read or written (as Arrow C++): a top-level field is at depth 0, its
     * children at depth 1, and so on; the children of a dictionary-encoded field are those of its value
     * type.
     */
    public static final int MAX_NESTING_DEPTH = 64;

    private IpcLimits() {
    }

    /**
     * Refuses a schema whose fields nest deeper than {@link #MAX_NESTING_DEPTH}, looking no deeper than
     * that limit (so any depth is refused without exhausting the stack).
     *
     * @param schema the schema to check
     * @throws IpcException naming the first field found too deep
     */
    public static void checkNestingDepth(Schema schema) {
        check(schema.fields(), 0, "");
    }

    private static void check(List<Field> fields, int depth, String parent) {
        for (Field field : fields) {
            String path = parent.isEmpty() ? field.name() : parent + "." + field.name();
            if (depth > MAX_NESTING_DEPTH) {
                throw new IpcException("field " + path + ": fields nest deeper than " + MAX_NESTING_DEPTH
                        + " levels");
            }
            check(children(field.type()), depth + 1, path);
        }
    }

    private static List<Field> children(ArrowType type) {
        ArrowType storage = Types.storage(type);
        if (storage instanceof ArrowType.Dictionary d) {
            return Types.storage(d.valueType()).children();
        }
        return storage.children();
    }
}
