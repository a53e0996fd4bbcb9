// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

/**
 * One column chunk decoded: its levels (null where the maximum level is 0) and its non-null values,
 * dense, in the stored representation; or, when kept as a dictionary, the indices and the dictionary.
 */
final class LeafChunk {
    final LeafColumn column;
    byte[] definition;
    byte[] repetition;
    int levelCount;
    FixedValues fixed;
    BinaryValues binary;
    /** Dictionary indices per non-null value, when the chunk is kept dictionary-encoded (else null). */
    int[] indices;
    int indexCount;
    FixedValues dictionaryFixed;
    BinaryValues dictionaryBinary;

    /** Where the level and index arrays come from and go back to. */
    final ScratchBuffers scratch;

    LeafChunk(LeafColumn column, ScratchBuffers scratch) {
        this.column = column;
        this.scratch = scratch;
    }

    int valueCount() {
        return indices != null ? indexCount : fixed != null ? fixed.count : binary.count;
    }

    void addIndices(int[] source, int n) {
        if (indices.length - indexCount < n) {
            int[] grown = scratch.ints((int) Math.min(Integer.MAX_VALUE - 16, Math.max((long) indexCount + n,
                    indices.length * 2L)));
            System.arraycopy(indices, 0, grown, 0, indexCount);
            scratch.give(indices);
            indices = grown;
        }
        System.arraycopy(source, 0, indices, indexCount, n);
        indexCount += n;
    }

    void release() {
        if (definition != null) {
            scratch.give(definition);
            definition = null;
        }
        if (repetition != null) {
            scratch.give(repetition);
            repetition = null;
        }
        if (indices != null) {
            scratch.give(indices);
            indices = null;
        }
        if (fixed != null) {
            fixed.release();
        }
        if (binary != null) {
            binary.release();
        }
        if (dictionaryFixed != null) {
            dictionaryFixed.release();
        }
        if (dictionaryBinary != null) {
            dictionaryBinary.release();
        }
    }
}
