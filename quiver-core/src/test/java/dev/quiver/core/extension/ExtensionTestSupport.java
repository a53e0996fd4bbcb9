// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds small extension arrays from generic values for the tests of this package. */
final class ExtensionTestSupport {
    static final BufferAllocator ALLOC = BufferAllocator.managed();

    private ExtensionTestSupport() {
    }

    static Array build(ArrowType storage, Object... rows) {
        ArrayBuilder b = ArrayBuilder.of(storage, ALLOC);
        for (Object r : rows) {
            b.appendObject(r);
        }
        return b.build();
    }

    static ExtensionArray extension(ArrowType.Extension type, Object... rows) {
        return (ExtensionArray) Array.of(build(type.storageType(), rows).data().withType(type));
    }

    /** A map of alternating names and values (values may be null). */
    static Map<String, Object> row(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int k = 0; k < kv.length; k += 2) {
            m.put((String) kv[k], kv[k + 1]);
        }
        return m;
    }

    static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int k = 0; k < b.length; k++) {
            out[k] = (byte) b[k];
        }
        return out;
    }
}
