// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import dev.quiver.parquet.ParquetException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Dictionary indices of a BYTE_ARRAY column's values taken straight out of the Arrow leaf (32- or 64-bit
 * offsets), without copying the values into the page first. An Arrow dictionary array is mapped through its own
 * dictionary: each of its values is hashed once (per dictionary array), its indices then only looked up. A
 * page's bounds come from the distinct values it uses, each compared once per page.
 */
final class ByteArrayIndexer {
    private final BytesDictionary dictionary;
    private final ValueStatistics order;
    private final boolean large;
    private final String columnName;
    private final boolean unsigned;
    /** Per dictionary entry seen, its first 8 bytes big-endian (zero-padded): most comparisons end there. */
    private long[] prefixes = new long[64];
    private int prefixCount;
    private int[] seen = new int[64];
    private int stamp = 1;
    private int pageMin = -1;
    private int pageMax = -1;
    private int pageValues;
    private long pageBytes;
    private ArrayData mappedDictionary;
    private int[] map = new int[0];

    /**
     * An indexer adding to a dictionary.
     *
     * @param dictionary the chunk's dictionary
     * @param order the statistics whose order compares the values
     * @param unsigned whether the order is unsigned bytes (then prefixes are compared first)
     * @param kind {@link ValueKind#BINARY} or {@link ValueKind#LARGE_BINARY}
     * @param columnName the column's dotted path, for error messages
     */
    ByteArrayIndexer(BytesDictionary dictionary, ValueStatistics order, boolean unsigned, ValueKind kind,
            String columnName) {
        this.dictionary = dictionary;
        this.order = order;
        this.unsigned = unsigned;
        this.large = kind == ValueKind.LARGE_BINARY;
        this.columnName = columnName;
    }

    /**
     * Whether the values of a leaf of {@code kind} can be indexed here: byte arrays with offsets, or a dictionary
     * array of them whose dictionary holds no nulls.
     *
     * @param kind the leaf's value kind
     * @param leaf the leaf array
     * @return true if {@link #append} takes them
     */
    static boolean handles(ValueKind kind, ArrayData leaf) {
        if (kind != ValueKind.BINARY && kind != ValueKind.LARGE_BINARY) {
            return false;
        }
        return !(Types.storage(leaf.type()) instanceof ArrowType.Dictionary) || leaf.dictionary().nullCount() == 0;
    }

    /**
     * Appends the dictionary indices of the values of entries {@code [from, to)}.
     *
     * @param levels the entries
     * @param from the first entry
     * @param to one past the last entry
     * @param indices where the indices go
     */
    void append(Levels levels, int from, int to, IntList indices) {
        ArrayData leaf = levels.leaf();
        if (Types.storage(leaf.type()) instanceof ArrowType.Dictionary d) {
            appendMapped(levels, leaf, d, from, to, indices);
            return;
        }
        MemorySegment offsets = leaf.buffer(1).segment();
        MemorySegment data = leaf.buffer(2).segment();
        long base = leaf.offset();
        int[] positions = levels.positions();
        long first = levels.firstPosition();
        for (int i = from; i < to; i++) {
            long slot = positions == null ? first + i : positions[i];
            if (slot < 0) {
                continue;
            }
            long at = base + slot;
            long start = offset(offsets, at);
            long end = offset(offsets, at + 1);
            int index = dictionary.indexOf(data, start, length(end - start, slot));
            indices.add(index);
            see(index);
            pageBytes += end - start;
        }
    }

    private void appendMapped(Levels levels, ArrayData leaf, ArrowType.Dictionary d, int from, int to,
            IntList indices) {
        ArrayData values = leaf.dictionary();
        int dictionaryLength = Math.toIntExact(values.length());
        if (values != mappedDictionary) {
            mappedDictionary = values;
            if (map.length < dictionaryLength) {
                map = new int[dictionaryLength];
            }
            Arrays.fill(map, 0, dictionaryLength, -1);
        }
        MemorySegment keys = leaf.buffer(1).segment();
        int bits = d.indexType().bitWidth();
        boolean signed = d.indexType().signed();
        long base = leaf.offset();
        int[] positions = levels.positions();
        long first = levels.firstPosition();
        for (int i = from; i < to; i++) {
            long slot = positions == null ? first + i : positions[i];
            if (slot < 0) {
                continue;
            }
            long key = key(keys, base + slot, bits, signed);
            if (key < 0 || key >= dictionaryLength) {
                throw new ParquetException("column " + columnName + ": dictionary index " + key + " at slot " + slot
                        + " is out of range [0, " + dictionaryLength + ")");
            }
            int index = map[(int) key];
            if (index < 0) {
                index = addValue(values, (int) key, slot);
                map[(int) key] = index;
            }
            indices.add(index);
            see(index);
            int[] dictionaryOffsets = dictionary.offsets();
            pageBytes += dictionaryOffsets[index + 1] - dictionaryOffsets[index];
        }
    }

    private int addValue(ArrayData values, int key, long slot) {
        MemorySegment offsets = values.buffer(1).segment();
        long at = values.offset() + key;
        long start = offset(offsets, at);
        long end = offset(offsets, at + 1);
        return dictionary.indexOf(values.buffer(2).segment(), start, length(end - start, slot));
    }

    /** Offset {@code at} of a 32- or 64-bit offsets buffer. */
    private long offset(MemorySegment offsets, long at) {
        return large ? offsets.getAtIndex(LittleEndian.LONG, at) : offsets.getAtIndex(LittleEndian.INT, at);
    }

    private static long key(MemorySegment keys, long at, int bits, boolean signed) {
        return switch (bits) {
            case 8 -> signed ? keys.get(ValueLayout.JAVA_BYTE, at) : keys.get(ValueLayout.JAVA_BYTE, at) & 0xFF;
            case 16 -> signed ? keys.getAtIndex(LittleEndian.SHORT, at)
                    : keys.getAtIndex(LittleEndian.SHORT, at) & 0xFFFF;
            case 32 -> signed ? keys.getAtIndex(LittleEndian.INT, at)
                    : keys.getAtIndex(LittleEndian.INT, at) & 0xFFFFFFFFL;
            default -> keys.getAtIndex(LittleEndian.LONG, at);
        };
    }

    private int length(long length, long slot) {
        if (length < 0 || length > Integer.MAX_VALUE - 16) {
            throw new ParquetException("column " + columnName + ": a byte array of " + length + " bytes at slot "
                    + slot + " cannot be written");
        }
        return (int) length;
    }

    /** Notes a value of the page: its first use in the page is compared with the page's bounds. */
    private void see(int index) {
        pageValues++;
        if (index >= seen.length) {
            seen = Arrays.copyOf(seen, Math.max(index + 1, seen.length * 2));
        }
        if (seen[index] == stamp) {
            return;
        }
        seen[index] = stamp;
        if (pageMin < 0 || compare(index, pageMin) < 0) {
            pageMin = index;
        }
        if (pageMax < 0 || compare(index, pageMax) > 0) {
            pageMax = index;
        }
    }

    private int compare(int a, int b) {
        if (unsigned) {
            int byPrefix = Long.compareUnsigned(prefix(a), prefix(b));
            if (byPrefix != 0) {
                return byPrefix;
            }
        }
        int[] offsets = dictionary.offsets();
        MemorySegment data = dictionary.data();
        return order.compareBytes(data, offsets[a], offsets[a + 1], data, offsets[b], offsets[b + 1]);
    }

    /** Entry {@code index}'s first 8 bytes as an unsigned big-endian number, zero-padded. */
    private long prefix(int index) {
        if (index >= prefixCount) {
            if (index >= prefixes.length) {
                prefixes = Arrays.copyOf(prefixes, Math.max(index + 1, prefixes.length * 2));
            }
            int[] offsets = dictionary.offsets();
            MemorySegment data = dictionary.data();
            for (int i = prefixCount; i <= index; i++) {
                int start = offsets[i];
                int length = Math.min(8, offsets[i + 1] - start);
                long p = 0;
                for (int k = 0; k < length; k++) {
                    p |= (data.get(ValueLayout.JAVA_BYTE, start + k) & 0xFFL) << (56 - 8 * k);
                }
                prefixes[i] = p;
            }
            prefixCount = index + 1;
        }
        return prefixes[index];
    }

    /**
     * The number of values of the page so far.
     *
     * @return the count
     */
    int pageValues() {
        return pageValues;
    }

    /**
     * The bytes of the page's values so far (their unencoded size, without lengths).
     *
     * @return the bytes
     */
    long pageBytes() {
        return pageBytes;
    }

    /**
     * Ends a page: its value count and bounds go into {@code page}, and the next page starts empty.
     *
     * @param page the page's statistics
     */
    void endPage(ValueStatistics page) {
        if (pageValues > 0) {
            page.addBounds(pageValues, value(pageMin), value(pageMax));
        }
        pageValues = 0;
        pageBytes = 0;
        pageMin = -1;
        pageMax = -1;
        if (++stamp == 0) {
            Arrays.fill(seen, 0);
            stamp = 1;
        }
    }

    private byte[] value(int index) {
        int[] offsets = dictionary.offsets();
        return dictionary.data().asSlice(offsets[index], offsets[index + 1] - offsets[index])
                .toArray(ValueLayout.JAVA_BYTE);
    }
}
