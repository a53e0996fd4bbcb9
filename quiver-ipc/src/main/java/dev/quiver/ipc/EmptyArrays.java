// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.BufferKind;
import dev.quiver.core.type.BufferSpec;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Types;
import java.util.ArrayList;
import java.util.List;

/** Empty array data of any type (for a dictionary not sent yet because every index is null). */
final class EmptyArrays {
    private EmptyArrays() {
    }

    static ArrayData of(ArrowType type) {
        List<ArrowBuffer> buffers = new ArrayList<>();
        for (BufferSpec spec : type.layout().buffers()) {
            buffers.add(spec.kind() == BufferKind.VALIDITY ? null : ArrowBuffer.EMPTY);
        }
        List<ArrayData> children = new ArrayList<>();
        ArrayData dictionary = null;
        if (Types.storage(type) instanceof ArrowType.Dictionary d) {
            dictionary = of(d.valueType());
        } else {
            for (Field child : Types.storage(type).children()) {
                children.add(of(child.type()));
            }
        }
        return new ArrayData(type, 0, 0, 0, buffers, children, dictionary);
    }
}
