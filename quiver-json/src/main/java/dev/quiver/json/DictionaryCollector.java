// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Types;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Finds the dictionaries to write: those given, else those the batches' dictionary-encoded columns
 * carry (nested ones included). The format holds one dictionary per id, so a column whose dictionary
 * differs from the one already found for its id is refused.
 */
final class DictionaryCollector {
    private final Map<Long, ArrayData> found = new TreeMap<>();
    /** Dictionaries found equal to the one found for their id (to which each maps), compared once. */
    private final Map<ArrayData, ArrayData> sameAsFound = new IdentityHashMap<>();
    private final BatchComparator comparator = new BatchComparator();

    DictionaryCollector(Map<Long, ArrayData> given) {
        found.putAll(given);
    }

    /** Visits the dictionaries given, and the values of each (which may hold dictionaries of their own). */
    void visitGiven() {
        for (ArrayData dictionary : List.copyOf(found.values())) {
            visitDictionaryValues(dictionary);
        }
    }

    /** Visits the dictionary-encoded columns of a batch; {@code place} names the batch. */
    void visit(RecordBatch batch, String place) {
        for (int c = 0; c < batch.columns().size(); c++) {
            Field field = batch.schema().field(c);
            visit(field, batch.column(c).data(), place + ", column " + field.name());
        }
    }

    /**
     * The dictionaries found so far by id, in id order.
     *
     * @return the live map
     */
    Map<Long, ArrayData> found() {
        return found;
    }

    private void visit(Field field, ArrayData data, String place) {
        ArrowType type = Types.storage(field.type());
        if (type instanceof ArrowType.Dictionary) {
            Long id = field.dictionaryId();
            if (id == null) {
                throw JsonFormatException.at(place, "dictionary-encoded field without a dictionary id");
            }
            ArrayData dictionary = data.dictionary();
            ArrayData known = found.putIfAbsent(id, dictionary);
            if (known == null) {
                visitDictionaryValues(dictionary);
            } else if (known != dictionary && sameAsFound.get(dictionary) != known) {
                if (comparator.compareArrays(known, dictionary, place).isPresent()) {
                    throw JsonFormatException.at(place, "dictionary " + id + " differs from the one of an earlier"
                            + " column or batch; the JSON format holds one dictionary per id");
                }
                sameAsFound.put(dictionary, known);
            }
            return;
        }
        List<Field> children = type.children();
        for (int i = 0; i < children.size(); i++) {
            visit(children.get(i), data.child(i), place + "." + children.get(i).name());
        }
    }

    /** Dictionaries nested in the values of a dictionary (whose type's child fields carry the ids). */
    private void visitDictionaryValues(ArrayData dictionary) {
        List<Field> children = Types.storage(dictionary.type()).children();
        for (int i = 0; i < children.size(); i++) {
            visit(children.get(i), dictionary.child(i), "dictionary values " + children.get(i).name());
        }
    }
}
