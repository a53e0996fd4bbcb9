// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.ChunkedArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/** Applying an array kernel to every chunk of a chunked array, and reading fixed-width values of an array. */
public final class Chunks {
    private Chunks() {
    }

    /**
     * Applies a kernel to each chunk, the chunks on up to {@code threads} threads.
     *
     * @param input the chunked array
     * @param outputType the type of the kernel's output (used when there is no chunk)
     * @param kernel the kernel applied to one chunk
     * @param threads the most threads to use
     * @return the chunked array of the outputs, in chunk order
     */
    public static ChunkedArray map(ChunkedArray input, ArrowType outputType, UnaryOperator<Array> kernel,
            int threads) {
        List<Array> chunks = input.chunks();
        Array[] out = new Array[chunks.size()];
        Parallel.run(out.length, threads, k -> out[k] = kernel.apply(chunks.get(k)));
        ArrowType type = out.length == 0 ? outputType : out[0].type();
        return new ChunkedArray(type, new ArrayList<>(Arrays.asList(out)));
    }

    /**
     * The values buffer (buffer 1) of a fixed-width or boolean array; read it at {@code array.offset()}.
     *
     * @param array the array
     * @return the segment of its values, empty when the buffer is absent
     */
    public static MemorySegment values(Array array) {
        ArrowBuffer b = array.data().buffer(1);
        return b == null ? ArrowBuffer.EMPTY.segment() : b.segment();
    }
}
