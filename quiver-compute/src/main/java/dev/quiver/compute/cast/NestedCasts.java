// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.selection.Selection;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.builder.DictionaryBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * Casts of nested and dictionary values: lists and structs child by child (offsets and validity kept), dictionaries
 * decoded by taking the dictionary at the indices, and values encoded into a dictionary of their distinct values.
 */
final class NestedCasts {
    private NestedCasts() {
    }

    static Array list(Array a, ArrowType target, CastOptions options) {
        ArrowType.List fromList = a.type() instanceof ArrowType.List l ? l : null;
        ArrowType.LargeList fromLarge = a.type() instanceof ArrowType.LargeList l ? l : null;
        Field targetField = target instanceof ArrowType.List l ? l.valueField()
                : ((ArrowType.LargeList) target).valueField();
        boolean sameWidth = (fromList != null) == (target instanceof ArrowType.List);
        if (!sameWidth) {
            throw new ComputeException("cast from " + a.type() + " to " + target
                    + " is not supported (list offsets of another width)");
        }
        ArrayData data = a.data();
        Array child = Array.ofUnchecked(data.child(0));
        Array cast = Cast.to(child, targetField.type(), options);
        return Array.ofUnchecked(new ArrayData(target, data.length(), data.offset(), data.nullCount(),
                data.buffers(), List.of(cast.data()), null));
    }

    static Array struct(Array a, ArrowType.Struct target, CastOptions options) {
        ArrayData data = a.data();
        List<Field> fields = target.fields();
        if (fields.size() != data.children().size()) {
            throw new ComputeException("cast from " + a.type() + " to " + target + ": the structs have "
                    + data.children().size() + " and " + fields.size() + " fields");
        }
        List<ArrayData> children = new ArrayList<>(fields.size());
        for (int k = 0; k < fields.size(); k++) {
            children.add(Cast.to(Array.ofUnchecked(data.child(k)), fields.get(k).type(), options).data());
        }
        return Array.ofUnchecked(new ArrayData(target, data.length(), data.offset(), data.nullCount(),
                data.buffers(), children, null));
    }

    static Array decode(DictionaryArray a) {
        return Selection.take(a.dictionary(), a.indices());
    }

    static Array encode(Array a, ArrowType.Dictionary target) {
        DictionaryBuilder builder = DictionaryBuilder.of(target, Outputs.allocator());
        try {
            for (long i = 0; i < a.length(); i++) {
                builder.appendObject(a.getObject(i));
            }
        } catch (RuntimeException e) {
            throw new ComputeException("cast to " + target + ": " + e.getMessage(), e);
        }
        return builder.build();
    }
}
