// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.Values;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.SchemaMismatchException;
import dev.quiver.core.type.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * One logical column made of arrays of one type (its chunks), such as a column of a {@link Table} across
 * its record batches. Zero-copy: the chunks are shared, never concatenated. Equality is logical: two
 * chunked arrays with the same values are equal however their chunks are cut.
 */
public final class ChunkedArray implements Iterable<Array> {
    private static final int TO_STRING_LIMIT = 20;

    private final ArrowType type;
    private final List<Array> chunks;
    /** starts[k] is the logical index of chunk k's first value; starts[chunks] is the length. */
    private final long[] starts;

    /**
     * A chunked array of {@code chunks}, which must all have {@code type}.
     *
     * @param type the type of every chunk
     * @param chunks the chunks, possibly none
     * @throws SchemaMismatchException when a chunk has another type
     */
    public ChunkedArray(ArrowType type, List<? extends Array> chunks) {
        this.type = Objects.requireNonNull(type, "type");
        this.chunks = List.copyOf(chunks);
        this.starts = new long[this.chunks.size() + 1];
        for (int k = 0; k < this.chunks.size(); k++) {
            Array chunk = this.chunks.get(k);
            if (!chunk.type().equals(type)) {
                throw new SchemaMismatchException("chunk " + k + " does not match the chunked array's type",
                        "type " + chunk.type() + " vs " + type);
            }
            starts[k + 1] = starts[k] + chunk.length();
        }
    }

    /**
     * The type of every chunk.
     *
     * @return the type
     */
    public ArrowType type() {
        return type;
    }

    /**
     * The chunks, in order.
     *
     * @return an unmodifiable list
     */
    public List<Array> chunks() {
        return chunks;
    }

    /**
     * The number of values over all chunks.
     *
     * @return the length
     */
    public long length() {
        return starts[chunks.size()];
    }

    /**
     * The number of nulls over all chunks.
     *
     * @return the null count
     */
    public long nullCount() {
        long n = 0;
        for (Array chunk : chunks) {
            n += chunk.nullCount();
        }
        return n;
    }

    /**
     * Whether the value at a logical index is null.
     *
     * @param index from 0 to {@link #length()} - 1
     * @return whether it is null
     * @throws IndexOutOfBoundsException when the index is out of range
     */
    public boolean isNull(long index) {
        int k = chunkOf(index);
        return chunks.get(k).isNull(index - starts[k]);
    }

    /**
     * The value at a logical index as a Java object (as {@link Array#getObject(long)} gives it).
     *
     * @param index from 0 to {@link #length()} - 1
     * @return the value, or null
     * @throws IndexOutOfBoundsException when the index is out of range
     */
    public Object getObject(long index) {
        int k = chunkOf(index);
        return chunks.get(k).getObject(index - starts[k]);
    }

    private int chunkOf(long index) {
        Objects.checkIndex(index, length());
        int k = Arrays.binarySearch(starts, 0, chunks.size(), index);
        if (k < 0) {
            return -k - 2;
        }
        while (chunks.get(k).length() == 0) {
            k++;
        }
        return k;
    }

    /**
     * A zero-copy view of {@code length} values from {@code offset}: the overlapping chunks, sliced.
     *
     * @param offset the first logical index
     * @param length the number of values
     * @return the view
     * @throws IndexOutOfBoundsException when the range is not within this array
     */
    public ChunkedArray slice(long offset, long length) {
        Objects.checkFromIndexSize(offset, length, length());
        ArrayList<Array> out = new ArrayList<>();
        long end = offset + length;
        for (int k = 0; k < chunks.size(); k++) {
            long from = Math.max(offset, starts[k]);
            long to = Math.min(end, starts[k + 1]);
            if (from < to) {
                out.add(chunks.get(k).slice(from - starts[k], to - from));
            }
        }
        return new ChunkedArray(type, out);
    }

    /**
     * The chunks, in order.
     *
     * @return an iterator over the chunks
     */
    @Override
    public Iterator<Array> iterator() {
        return chunks.iterator();
    }

    /**
     * Logical equality: the same type, length and values, however the chunks are cut.
     *
     * @param o another object
     * @return whether it is a chunked array with the same values
     */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ChunkedArray other) || !Types.equalIgnoringDictionaryIds(type, other.type)
                || length() != other.length()) {
            return false;
        }
        int a = 0;
        int b = 0;
        long atA = 0;
        long atB = 0;
        while (a < chunks.size() && b < other.chunks.size()) {
            Array x = chunks.get(a);
            Array y = other.chunks.get(b);
            long n = Math.min(x.length() - atA, y.length() - atB);
            if (n > 0 && !x.rangeEquals(atA, y, atB, n)) {
                return false;
            }
            atA += n;
            atB += n;
            if (atA == x.length()) {
                a++;
                atA = 0;
            }
            if (atB == y.length()) {
                b++;
                atB = 0;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Types.withoutDictionaryIds(type).hashCode() * 31 + Long.hashCode(length());
    }

    @Override
    public String toString() {
        return valuesText() + " (" + chunks.size() + (chunks.size() == 1 ? " chunk)" : " chunks)");
    }

    /** The first values as text, {@code [1, null, ... 8 more]}. */
    private String valuesText() {
        StringBuilder sb = new StringBuilder("[");
        long n = Math.min(length(), TO_STRING_LIMIT);
        for (long i = 0; i < n; i++) {
            sb.append(i > 0 ? ", " : "").append(Values.format(getObject(i)));
        }
        if (length() > n) {
            sb.append(", ... ").append(length() - n).append(" more");
        }
        return sb.append(']').toString();
    }
}
