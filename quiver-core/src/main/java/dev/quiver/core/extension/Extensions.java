// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.BinaryViewArray;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.InvalidTypeException;

/** Helpers shared by the typed views of the canonical extension arrays. */
final class Extensions {
    private Extensions() {
    }

    static ExtensionArray extensionArray(Array array, String name) {
        if (!(array instanceof ExtensionArray ext) || !ext.type().name().equals(name)) {
            throw new InvalidTypeException("not an array of " + name + ": " + array.type());
        }
        return ext;
    }

    static boolean isBinary(ArrowType type) {
        return type instanceof ArrowType.Binary || type instanceof ArrowType.LargeBinary
                || type instanceof ArrowType.BinaryView;
    }

    static byte[] bytes(Array binary, long i) {
        return binary instanceof VarBinaryArray v ? v.getBytes(i) : ((BinaryViewArray) binary).getBytes(i);
    }
}
