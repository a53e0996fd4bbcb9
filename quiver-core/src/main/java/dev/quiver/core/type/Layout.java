// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import java.util.List;

/**
 * The physical layout of a type: its buffers in the order of the spec's buffer listing table, and
 * whether any number of variadic data buffers follow them (binary and utf8 views). Children come from
 * {@link ArrowType#children()}.
 */
public record Layout(List<BufferSpec> buffers, boolean variadicDataBuffers) {
    public Layout {
        buffers = List.copyOf(buffers);
    }

    static Layout of(BufferSpec... buffers) {
        return new Layout(List.of(buffers), false);
    }

    static Layout variadic(BufferSpec... buffers) {
        return new Layout(List.of(buffers), true);
    }

    /** The number of fixed (non-variadic) buffers. */
    public int bufferCount() {
        return buffers.size();
    }

    /** Whether the layout begins with a validity bitmap. */
    public boolean hasValidity() {
        return !buffers.isEmpty() && buffers.get(0).kind() == BufferKind.VALIDITY;
    }
}
