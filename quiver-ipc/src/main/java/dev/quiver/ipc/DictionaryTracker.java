// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The writer's memory of the dictionaries it has sent, by id. Before each batch it tells which
 * dictionary batches to send: a dictionary seen for the first time in full, a delta when only new
 * values were appended, a replacement when values changed (streams only; files refuse it). Nested
 * dictionaries come before the dictionaries whose values use them.
 */
final class DictionaryTracker {
    /** A dictionary batch to write. */
    record Pending(long id, ArrayData data, boolean delta) {
    }

    private final Map<Long, ArrayData> sent = new HashMap<>();
    private final boolean allowReplacement;

    DictionaryTracker(boolean allowReplacement) {
        this.allowReplacement = allowReplacement;
    }

    List<Pending> update(List<Field> fields, List<ArrayData> columns) {
        List<Pending> out = new ArrayList<>();
        Set<Long> touched = new HashSet<>();
        Map<Long, ArrayData> staged = new HashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            walk(fields.get(i), columns.get(i), out, touched, staged);
        }
        sent.putAll(staged);
        return out;
    }

    private void walk(Field field, ArrayData data, List<Pending> out, Set<Long> touched,
            Map<Long, ArrayData> staged) {
        ArrowType storage = Types.storage(field.type());
        if (storage instanceof ArrowType.Dictionary d) {
            ArrayData dictionary = data.dictionary();
            walk(Field.nullable(field.name(), d.valueType()), dictionary, out, touched, staged);
            track(field.dictionaryId(), dictionary, out, touched, staged);
            return;
        }
        List<Field> children = storage.children();
        for (int i = 0; i < children.size(); i++) {
            walk(children.get(i), data.child(i), out, touched, staged);
        }
    }

    private void track(long id, ArrayData dictionary, List<Pending> out, Set<Long> touched,
            Map<Long, ArrayData> staged) {
        ArrayData last = staged.containsKey(id) ? staged.get(id) : sent.get(id);
        boolean first = touched.add(id);
        if (last == null) {
            out.add(new Pending(id, dictionary, false));
        } else if (last == dictionary) {
            return;
        } else if (dictionary.length() >= last.length() && isPrefix(last, dictionary)) {
            if (dictionary.length() > last.length()) {
                out.add(new Pending(id, dictionary.slice(last.length(), dictionary.length() - last.length()), true));
            }
        } else if (!allowReplacement) {
            throw new IpcException("dictionary " + id + " changed its values; the file format cannot replace a "
                    + "dictionary (only append to it)");
        } else if (!first) {
            throw new IpcException("fields sharing dictionary " + id + " carry different dictionaries in one batch");
        } else {
            out.add(new Pending(id, dictionary, false));
        }
        staged.put(id, dictionary);
    }

    private static boolean isPrefix(ArrayData prefix, ArrayData whole) {
        return Array.ofUnchecked(prefix).rangeEquals(0, Array.ofUnchecked(whole), 0, prefix.length());
    }
}
