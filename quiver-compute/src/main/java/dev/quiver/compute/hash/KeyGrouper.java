// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.hash;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.row.RowComparator;
import dev.quiver.row.RowDecoder;
import dev.quiver.row.RowHasher;
import dev.quiver.row.RowTable;
import dev.quiver.row.RowTableEncoder;
import dev.quiver.row.RowTableMetadata;
import java.util.Arrays;
import java.util.List;

/**
 * Dense group ids for the rows of one or several key columns, on the row table of {@code quiver-row}: the
 * distinct keys are encoded rows (group {@code g} is row {@code g}, in order of first appearance) and an
 * open-addressing hash table (linear probing, load at most 1/2) maps a key's 64-bit {@link RowHasher} hash
 * to its group. Keys compare as the row table compares them: null equal to null, floats bit for bit.
 *
 * <p>Per mini-batch of 1024 rows: hash the key columns, follow each probe sequence to the first group
 * with the same full hash, check those candidates against the columns a column at a time, and only for
 * the rest (new keys, hash collisions) encode the rows and compare encoded bytes. {@link #assign} adds
 * keys it has not seen; a {@link Lookup} only finds them, and several lookups may run on other threads
 * at once while nothing is assigned.
 *
 * <pre>{@code
 * try (KeyGrouper grouper = new KeyGrouper(List.of(ArrowType.UTF8))) {
 *     int[] ids = new int[(int) names.length()];
 *     grouper.assign(List.of(names.data()), 0, ids.length, ids);   // "a","b","a" -> 0,1,0
 *     List<ArrayData> distinct = grouper.keys();                   // ["a","b"]
 * }
 * }</pre>
 */
public final class KeyGrouper implements AutoCloseable {
    private static final int MINI_BATCH = 1024;
    private static final int MAX_SLOTS = 1 << 30;

    private final RowTableMetadata metadata;
    private final BufferAllocator allocator;
    private final RowTable groups;
    private final Lookup own;
    private long[] slots = new long[1024];
    private int slotMask = slots.length - 1;
    private long[] groupHashes = new long[64];
    private int groupCount;

    /**
     * A grouper of keys of these column types, on the garbage-collected allocator.
     *
     * @param keyTypes the key columns' types, at least one, each one the row table encodes
     * @throws ComputeException if there is no key column or a type cannot be row-encoded
     */
    public KeyGrouper(List<ArrowType> keyTypes) {
        this(keyTypes, BufferAllocator.managed());
    }

    /**
     * A grouper of keys of these column types.
     *
     * @param keyTypes the key columns' types, at least one, each one the row table encodes
     * @param allocator where the encoded keys live
     * @throws ComputeException if there is no key column or a type cannot be row-encoded
     */
    public KeyGrouper(List<ArrowType> keyTypes, BufferAllocator allocator) {
        if (keyTypes.isEmpty()) {
            throw new ComputeException("grouping needs at least one key column");
        }
        try {
            this.metadata = RowTableMetadata.of(keyTypes);
        } catch (QuiverException e) {
            throw new ComputeException("key columns of types " + keyTypes + " cannot be grouped: " + e.getMessage(), e);
        }
        this.allocator = allocator;
        this.groups = new RowTable(metadata, allocator);
        this.own = new Lookup();
    }

    /**
     * The number of distinct keys so far.
     *
     * @return the group count
     */
    public int groupCount() {
        return groupCount;
    }

    /**
     * Writes the group id of rows {@code [from, from + count)} of {@code keys} to {@code ids[0..count)},
     * adding the keys not seen before as new groups (ids in order of first appearance).
     *
     * @param keys one column per key type, in order, all of one length
     * @param from the first row
     * @param count the number of rows
     * @param ids receives the group ids
     * @throws ComputeException if the columns do not match the key types, a dictionary-encoded key has
     *     another dictionary than the rows before, or there would be 2^30 groups or more
     */
    public void assign(List<ArrayData> keys, long from, int count, int[] ids) {
        own.run(keys, from, count, ids, true);
    }

    /**
     * Writes the group id of rows {@code rows[0..count)} of {@code keys} to {@code ids[0..count)}, adding the keys
     * not seen before, given the rows' hashes (as a {@link RowHasher} of these key types computes them: a caller
     * that hashed the rows once, to partition them, need not hash them again).
     *
     * @param keys one column per key type, in order, all of one length
     * @param rows the rows, each in {@code [0, length)}
     * @param hashes the hash of each row of {@code rows}
     * @param count the number of rows
     * @param ids receives the group ids
     * @throws ComputeException as {@link #assign(List, long, int, int[])}, or if a row is outside the columns
     */
    public void assignSelected(List<ArrayData> keys, int[] rows, long[] hashes, int count, int[] ids) {
        own.runSelected(keys, rows, hashes, count, ids, true);
    }

    /**
     * A lookup of keys in this grouper, with its own scratch space: one per thread.
     *
     * @return a new lookup
     */
    public Lookup lookup() {
        return new Lookup();
    }

    /**
     * The distinct keys, group {@code g} in row {@code g}, one array per key column.
     *
     * @return the decoded key columns
     */
    public List<ArrayData> keys() {
        return new RowDecoder(allocator).decode(groups);
    }

    /** Releases the encoded keys. */
    @Override
    public void close() {
        groups.close();
        own.close();
    }

    private int insert(long hash, RowTable scratch, int j, int slot, int[] one) {
        if (groupCount == MAX_SLOTS / 2 - 1) {
            throw new ComputeException("a grouping holds fewer than " + (MAX_SLOTS / 2) + " distinct keys");
        }
        int g = groupCount++;
        one[0] = j;
        groups.appendFrom(scratch, one, 1);
        if (g == groupHashes.length) {
            groupHashes = Arrays.copyOf(groupHashes, g * 2);
        }
        groupHashes[g] = hash;
        slots[slot] = (hash & 0xFFFF_FFFF_0000_0000L) | (g + 1);
        if (groupCount * 2L > slots.length) {
            rehash(slots.length * 2);
        }
        return g;
    }

    private void rehash(int capacity) {
        long[] fresh = new long[capacity];
        int mask = capacity - 1;
        for (int g = 0; g < groupCount; g++) {
            long h = groupHashes[g];
            int slot = (int) h & mask;
            while (fresh[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            fresh[slot] = (h & 0xFFFF_FFFF_0000_0000L) | (g + 1);
        }
        slots = fresh;
        slotMask = mask;
    }

    /** Finds the groups of keys without adding any; holds the scratch space of one thread. */
    public final class Lookup implements AutoCloseable {
        private final RowHasher hasher = new RowHasher(metadata);
        private final RowComparator comparator = new RowComparator(metadata);
        private final RowTableEncoder encoder = new RowTableEncoder(metadata);
        private final RowTable scratch = new RowTable(metadata, allocator);
        private final long[] hashes = new long[MINI_BATCH];
        private final int[] rowIds = new int[MINI_BATCH];
        private final int[] left = new int[MINI_BATCH];
        private final int[] leftAt = new int[MINI_BATCH];
        private final long[] right = new long[MINI_BATCH];
        private final int[] mismatches = new int[MINI_BATCH];
        private final int[] pending = new int[MINI_BATCH];
        private final int[] pendingAt = new int[MINI_BATCH];
        private final int[] one = new int[1];

        private Lookup() {
        }

        /** Releases the scratch space. */
        @Override
        public void close() {
            scratch.close();
        }

        /**
         * Writes the group id of rows {@code [from, from + count)} of {@code keys} to
         * {@code ids[0..count)}, -1 for a key the grouper does not hold.
         *
         * @param keys one column per key type, in order, all of one length
         * @param from the first row
         * @param count the number of rows
         * @param ids receives the group ids
         * @throws ComputeException if the columns do not match the key types, or a dictionary-encoded key
         *     has another dictionary than the grouper's keys
         */
        public void find(List<ArrayData> keys, long from, int count, int[] ids) {
            run(keys, from, count, ids, false);
        }

        /**
         * Writes the group id of rows {@code rows[0..count)} of {@code keys} to {@code ids[0..count)}, -1 for a key
         * the grouper does not hold, given the rows' hashes (see {@link KeyGrouper#assignSelected}).
         *
         * @param keys one column per key type, in order, all of one length
         * @param rows the rows, each in {@code [0, length)}
         * @param hashes the hash of each row of {@code rows}
         * @param count the number of rows
         * @param ids receives the group ids
         * @throws ComputeException as {@link #find(List, long, int, int[])}, or if a row is outside the columns
         */
        public void findSelected(List<ArrayData> keys, int[] rows, long[] hashes, int count, int[] ids) {
            runSelected(keys, rows, hashes, count, ids, false);
        }

        private void runSelected(List<ArrayData> keys, int[] rows, long[] rowHashes, int count, int[] ids,
                boolean add) {
            long length = keys.isEmpty() ? 0 : keys.get(0).length();
            try {
                for (int done = 0; done < count; done += MINI_BATCH) {
                    int n = Math.min(MINI_BATCH, count - done);
                    for (int r = 0; r < n; r++) {
                        int row = rows[done + r];
                        if (row < 0 || row >= length) {
                            throw new ComputeException("row " + row + " of key columns of " + length + " rows");
                        }
                        rowIds[r] = row;
                    }
                    System.arraycopy(rowHashes, done, hashes, 0, n);
                    miniBatch(keys, n, ids, done, add);
                }
            } catch (ComputeException e) {
                throw e;
            } catch (QuiverException e) {
                throw new ComputeException("key columns: " + e.getMessage(), e);
            }
        }

        private void run(List<ArrayData> keys, long from, int count, int[] ids, boolean add) {
            long length = keys.isEmpty() ? 0 : keys.get(0).length();
            if (from < 0 || count < 0 || from > length - count) {
                throw new ComputeException("rows [" + from + ", " + from + "+" + count + ") of key columns of " + length + " rows");
            }
            if (from + count > Integer.MAX_VALUE) {
                throw new ComputeException("key columns of more than " + Integer.MAX_VALUE + " rows: group them in slices");
            }
            try {
                for (int done = 0; done < count; done += MINI_BATCH) {
                    int n = Math.min(MINI_BATCH, count - done);
                    int first = (int) from + done;
                    for (int r = 0; r < n; r++) {
                        rowIds[r] = first + r;
                    }
                    hasher.hashColumns(keys, first, n, hashes);
                    miniBatch(keys, n, ids, done, add);
                }
            } catch (ComputeException e) {
                throw e;
            } catch (QuiverException e) {
                throw new ComputeException("key columns: " + e.getMessage(), e);
            }
        }

        /** Finds (and, adding, inserts) rows {@code rowIds[0..n)} whose hashes are in {@code hashes}. */
        private void miniBatch(List<ArrayData> keys, int n, int[] ids, int at, boolean add) {
            long[] table = slots;
            int mask = slotMask;
            long[] gh = groupHashes;
            int candidates = 0;
            int unresolved = 0;
            for (int r = 0; r < n; r++) {
                long h = hashes[r];
                int tag = (int) (h >>> 32);
                int slot = (int) h & mask;
                long entry;
                while ((entry = table[slot]) != 0 && ((int) (entry >>> 32) != tag || gh[(int) entry - 1] != h)) {
                    slot = (slot + 1) & mask;
                }
                if (entry == 0) {
                    ids[at + r] = -1;
                    pending[unresolved] = rowIds[r];
                    pendingAt[unresolved++] = r;
                } else {
                    ids[at + r] = (int) entry - 1;
                    left[candidates] = rowIds[r];
                    leftAt[candidates] = r;
                    right[candidates++] = (int) entry - 1;
                }
            }
            if (candidates > 0) {
                int bad = comparator.compareColumnsToRows(keys, left, candidates, groups, right, mismatches);
                for (int k = 0; k < bad; k++) {
                    int r = leftAt[mismatches[k]];
                    ids[at + r] = -1;
                    pending[unresolved] = rowIds[r];
                    pendingAt[unresolved++] = r;
                }
            }
            if (unresolved > 0 && (add || groupCount > 0)) {
                resolve(keys, unresolved, ids, at, add);
            }
        }

        /** Looks up (and, adding, inserts) the pending rows by comparing encoded rows, one at a time. */
        private void resolve(List<ArrayData> keys, int unresolved, int[] ids, int at, boolean add) {
            encoder.encodeSelected(keys, pending, unresolved, scratch);
            for (int j = 0; j < unresolved; j++) {
                int r = pendingAt[j];
                long h = hashes[r];
                int tag = (int) (h >>> 32);
                int slot = (int) h & slotMask;
                while (true) {
                    long entry = slots[slot];
                    if (entry == 0) {
                        ids[at + r] = add ? insert(h, scratch, j, slot, one) : -1;
                        break;
                    }
                    int g = (int) entry - 1;
                    if ((int) (entry >>> 32) == tag && groupHashes[g] == h && RowComparator.rowsEqual(scratch, j, groups, g)) {
                        ids[at + r] = g;
                        break;
                    }
                    slot = (slot + 1) & slotMask;
                }
            }
        }
    }
}
