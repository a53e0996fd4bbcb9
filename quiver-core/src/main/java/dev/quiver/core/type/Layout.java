// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import java.util.List;

/**
 * The physical layout of a type: its buffers in the order of the spec's buffer listing table, and
 * whether any number of variadic data buffers follow them (binary and utf8 views). Children come from
 * {@link ArrowType#children()}.
 *
 * @param buffers the fixed buffers in the spec's order, possibly none
 * @param variadicDataBuffers whether any number of data buffers follow the fixed ones
 */
public record Layout(List<BufferSpec> buffers, boolean variadicDataBuffers) {
    /**
     * Copies the buffers into an unmodifiable list.
     *
     * @throws NullPointerException if {@code buffers} or one of them is null
     */
    public Layout {
        buffers = List.copyOf(buffers);
    }

    static Layout of(BufferSpec... buffers) {
        return new Layout(List.of(buffers), false);
    }

    static Layout variadic(BufferSpec... buffers) {
        return new Layout(List.of(buffers), true);
    }

    /**
     * The number of fixed (non-variadic) buffers.
     *
     * @return the size of {@link #buffers()}
     */
    public int bufferCount() {
        return buffers.size();
    }

    /**
     * Whether the layout begins with a validity bitmap.
     *
     * @return false for the types without one (null, unions, run-end encoded)
     */
    public boolean hasValidity() {
        return !buffers.isEmpty() && buffers.get(0).kind() == BufferKind.VALIDITY;
    }
}
