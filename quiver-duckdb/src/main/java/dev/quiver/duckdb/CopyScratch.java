// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

/**
 * One scan thread's heap scratch for the direct copies of {@link VectorCopy}: a vector's rows are gathered
 * here with plain array code and written to DuckDB's vector in one bulk copy, so that no row costs a
 * memory-segment access of its own (which a short process runs in C1-compiled or interpreted code).
 */
final class CopyScratch {
    /** The most bytes of string data a vector's rows are gathered from on the heap. */
    static final int MOST_DATA = 1 << 18;
    private static final int ROWS = (int) ScanChunk.VECTOR_SIZE;

    /** A vector's string offsets (one more than its rows). */
    final int[] offsets = new int[ROWS + 1];
    /** A vector's {@code string_t}s, or its booleans as bytes. */
    final byte[] entries = new byte[(int) (ROWS * VectorCopy.STRING_T)];
    /** A vector's validity or boolean bits. */
    final byte[] bits = new byte[ROWS / 8 + 2];
    private byte[] data = new byte[1 << 14];

    /** Room for {@code n} bytes of string data (at most {@link #MOST_DATA}). */
    byte[] data(int n) {
        if (data.length < n) {
            data = new byte[Math.max(n, 2 * data.length)];
        }
        return data;
    }
}
