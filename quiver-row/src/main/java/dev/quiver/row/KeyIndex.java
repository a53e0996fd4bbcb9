// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.BufferAllocator;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * The distinct keys of a group-by: their encoded rows (a {@link RowTable}, in order of first appearance)
 * and an open-addressing hash table over them (linear probing, load at most 1/4; each {@code long} slot
 * holds the high 32 bits of the key's hash and the group id + 1, 0 marking an empty slot).
 *
 * <p>Per mini-batch: hash the key columns; follow each probe sequence to the first slot with the same
 * tag (a candidate) or to an empty one; check the candidates against the key columns, a column at a time;
 * encode only the rows left over (new keys, or a tag collision) and look them up again by comparing
 * encoded rows, inserting new keys as they come, so that several rows of one new key find the group the
 * first one inserted.
 */
final class KeyIndex implements AutoCloseable {
    private static final int MINI_BATCH = RowTableEncoder.MINI_BATCH;
    /** The most slots: the largest power of two a Java array holds. */
    private static final int MAX_SLOTS = 1 << 30;

    private final RowTableMetadata metadata;
    private final RowTableEncoder encoder;
    private final RowHasher hasher;
    private final RowComparator comparator;
    private final RowTable scratch;
    private final RowTable groups;
    private final long[] rows = new long[MINI_BATCH];
    private final long[] hashes = new long[MINI_BATCH];
    private final long[] candidates = new long[MINI_BATCH];
    private final long[] candidateStarts = new long[MINI_BATCH];
    private final boolean[] matched = new boolean[MINI_BATCH];
    private final long[] pendingRows = new long[MINI_BATCH];
    private final int[] pendingIndex = new int[MINI_BATCH];
    private long[] groupHashes = new long[16];
    /** Where each group's row starts in the group table, its size and its null mask (masks up to 8 bytes). */
    private long[] groupAt = new long[16];
    private long[] groupSize = new long[16];
    private long[] groupMask = new long[16];
    private long[] slots = new long[1024];
    private int slotMask = slots.length - 1;
    private int groupCount;
    /** The lookup of a key of one binary or utf8 column, which needs no encoding; else null. */
    private final VarKeyTable varKeys;

    KeyIndex(RowTableMetadata metadata, BufferAllocator allocator) {
        this.metadata = metadata;
        this.varKeys = metadata.columnCount() == 1 && !metadata.column(0).isFixedLength() ? new VarKeyTable() : null;
        this.encoder = new RowTableEncoder(metadata);
        this.hasher = new RowHasher(metadata);
        this.comparator = new RowComparator(metadata);
        this.scratch = new RowTable(metadata, allocator);
        this.groups = new RowTable(metadata, allocator);
    }

    /** Checks key columns against the key types, binds their dictionaries, and views them. */
    ColumnView[] prepare(List<ArrayData> keys) {
        return encoder.prepare(keys, groups);
    }

    /** The number of distinct keys so far. */
    int groupCount() {
        return groupCount;
    }

    /** The encoded distinct keys, group {@code g} in row {@code g}. */
    RowTable groups() {
        return groups;
    }

    /**
     * Writes the group id of key rows {@code [from, from + n)} ({@code n <= MINI_BATCH}) to
     * {@code ids[0..n)}, adding the keys not seen before.
     */
    void assign(ColumnView[] keys, long from, int n, int[] ids) {
        if (varKeys != null) {
            int fresh = varKeys.assignRange(keys[0], from, n, ids, pendingRows);
            addGroups(keys, fresh);
            return;
        }
        for (int r = 0; r < n; r++) {
            rows[r] = from + r;
        }
        hasher.hashViews(keys, rows, n, hashes);
        assignHashed(keys, n, ids);
    }

    /**
     * The hashes of key rows {@code [from, from + n)} ({@code n <= MINI_BATCH}) into {@code out}: those
     * the keys are looked up with, whatever the call.
     */
    void hash(ColumnView[] keys, long from, int n, long[] out) {
        if (varKeys != null) {
            varKeys.hash(keys[0], from, n, out);
        } else {
            for (int r = 0; r < n; r++) {
                rows[r] = from + r;
            }
            hasher.hashViews(keys, rows, n, out);
        }
    }

    /**
     * Writes the group id of key rows {@code rows[0..n)} ({@code n <= MINI_BATCH}, in increasing order) to
     * {@code ids[0..n)}, adding the keys not seen before.
     */
    void assign(ColumnView[] keys, long[] rows, int n, int[] ids) {
        if (varKeys != null) {
            int fresh = varKeys.assign(keys[0], rows, n, ids, pendingRows);
            addGroups(keys, fresh);
            return;
        }
        System.arraycopy(rows, 0, this.rows, 0, n);
        hasher.hashViews(keys, this.rows, n, hashes);
        assignHashed(keys, n, ids);
    }

    /**
     * Copies group {@code g} of {@code from} (of the same key types) to the end of the group table, as
     * group {@link #groupCount()}: for a result put together from other group-bys; the hash table does
     * not learn the key.
     */
    void appendGroup(KeyIndex from, int g) {
        for (int c = 0; c < metadata.columnCount(); c++) {
            groups.bindDictionary(c, from.groups.dictionary(c));
        }
        groups.appendRowUnchecked(from.groups, g);
        groupCount++;
    }

    /** {@link #assign} of the rows and hashes in {@link #rows} and {@link #hashes}, for keys of several columns. */
    private void assignHashed(ColumnView[] keys, int n, int[] ids) {
        findCandidates(n);
        comparator.matchRows(keys, rows, candidates, candidateStarts, n, groups, matched);
        int pending = 0;
        for (int r = 0; r < n; r++) {
            if (matched[r]) {
                ids[r] = (int) candidates[r];
            } else {
                pendingRows[pending] = rows[r];
                pendingIndex[pending++] = r;
            }
        }
        if (pending > 0) {
            scratch.clear();
            encoder.encodeRows(keys, pendingRows, pending, scratch);
            long[] sizes = metadata.isFixedLength() ? null : encoder.lastRowSizes();
            if (metadata.nullMaskBytesPerRow() <= 8) {
                assignGroups(pending, encoder.lastRowStarts(), sizes, ids);
            } else {
                assignGroupsWideMasks(pending, ids);
            }
        }
    }

    /** Encodes the rows of {@code fresh} new keys of the var-key lookup, {@code pendingRows[0..fresh)}, as groups. */
    private void addGroups(ColumnView[] keys, int fresh) {
        if (fresh > 0) {
            encoder.encodeRows(keys, pendingRows, fresh, groups);
            groupCount = varKeys.groupCount();
        }
    }

    /**
     * For each row, follows its probe sequence to the first slot whose tag matches ({@link #candidates}
     * gets that group, {@link #candidateStarts} where its row starts) or to an empty slot (-1: the key is
     * new, or at least not found yet).
     */
    private void findCandidates(int n) {
        long[] table = slots;
        int mask = slotMask;
        long[] hashes = this.hashes;
        long[] at = groupAt;
        for (int r = 0; r < n; r++) {
            long h = hashes[r];
            int tag = (int) (h >>> 32);
            int slot = (int) h & mask;
            long entry;
            while ((entry = table[slot]) != 0 && (int) (entry >>> 32) != tag) {
                slot = (slot + 1) & mask;
            }
            int g = (int) entry - 1;
            candidates[r] = g;
            candidateStarts[r] = entry == 0 ? 0 : at[g];
        }
    }

    /**
     * Looks up, or inserts, the group of each pending row (into {@code ids}), encoded as scratch row {@code j} (batch row
     * {@code pendingIndex[j]}) at {@code starts[j]} with {@code sizes[j]} bytes (the fixed length when
     * {@code sizes} is null), by comparing encoded rows; rows of the same new key in one mini-batch thus
     * find the group the first of them inserted. The positions, sizes and masks of the groups' rows are
     * kept in arrays, so that a probe reads only row bytes from memory segments.
     */
    private void assignGroups(int n, long[] starts, long[] sizes, int[] ids) {
        int maskBytes = metadata.nullMaskBytesPerRow();
        long fixedLength = metadata.fixedLength();
        MemorySegment sRows = scratch.rowSegment();
        MemorySegment sMasks = scratch.maskSegment();
        MemorySegment gRows = groups.rowSegment();
        long[] hashes = this.hashes;
        long[] table = slots;
        int mask = slotMask;
        long[] at = groupAt;
        long[] size = groupSize;
        long[] masks = groupMask;
        for (int j = 0; j < n; j++) {
            int r = pendingIndex[j];
            long h = hashes[r];
            int tag = (int) (h >>> 32);
            int slot = (int) h & mask;
            long sAt = starts[j];
            long sLen = sizes == null ? fixedLength : sizes[j];
            long sMask = RowHasher.smallMask(sMasks, j, maskBytes);
            while (true) {
                long entry = table[slot];
                if (entry == 0) {
                    int g = insert(j, h, slot, tag);
                    groupMask[g] = sMask;
                    ids[r] = g;
                    gRows = groups.rowSegment();
                    table = slots;
                    mask = slotMask;
                    at = groupAt;
                    size = groupSize;
                    masks = groupMask;
                    break;
                }
                if ((int) (entry >>> 32) == tag) {
                    int g = (int) entry - 1;
                    if (size[g] == sLen && masks[g] == sMask && RowComparator.bytesEqual(sRows, sAt, gRows, at[g], sLen)) {
                        ids[r] = g;
                        break;
                    }
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    /** {@link #assignGroups} for keys of more than 64 columns. */
    private void assignGroupsWideMasks(int n, int[] ids) {
        for (int j = 0; j < n; j++) {
            int r = pendingIndex[j];
            long h = hashes[r];
            int tag = (int) (h >>> 32);
            int slot = (int) h & slotMask;
            while (true) {
                long entry = slots[slot];
                if (entry == 0) {
                    ids[r] = insert(j, h, slot, tag);
                    break;
                }
                if ((int) (entry >>> 32) == tag && RowComparator.rowsEqualUnchecked(scratch, j, groups, (int) entry - 1)) {
                    ids[r] = (int) entry - 1;
                    break;
                }
                slot = (slot + 1) & slotMask;
            }
        }
    }

    /** Copies scratch row {@code j} to the group table as a new group at {@code slot}; returns its id. */
    private int insert(int j, long hash, int slot, int tag) {
        int g = groupCount;
        if (g == MAX_SLOTS - 1) {
            throw new QuiverException("a group-by holds fewer than " + MAX_SLOTS + " groups");
        }
        groups.appendRowUnchecked(scratch, j);
        if (g == groupHashes.length) {
            groupHashes = Arrays.copyOf(groupHashes, g * 2);
            groupAt = Arrays.copyOf(groupAt, g * 2);
            groupSize = Arrays.copyOf(groupSize, g * 2);
            groupMask = Arrays.copyOf(groupMask, g * 2);
        }
        groupHashes[g] = hash;
        groupAt[g] = groups.rowOffset(g);
        groupSize[g] = groups.rowLength(g);
        slots[slot] = ((long) tag << 32) | (g + 1);
        groupCount = g + 1;
        if (groupCount * 4L > slots.length && slots.length < MAX_SLOTS) {
            rehash(slots.length * 2);
        }
        return g;
    }

    private void rehash(int capacity) {
        slots = slotsFor(groupHashes, groupCount, capacity);
        slotMask = capacity - 1;
    }

    /**
     * An open-addressing table of {@code capacity} slots (a power of two) for groups {@code [0, groupCount)}:
     * each group in the first free slot from its hash's low bits on, as the hash's high 32 bits (the tag)
     * and {@code group + 1} (0 marks an empty slot).
     */
    static long[] slotsFor(long[] groupHashes, int groupCount, int capacity) {
        long[] slots = new long[capacity];
        int mask = capacity - 1;
        for (int g = 0; g < groupCount; g++) {
            long h = groupHashes[g];
            int slot = (int) h & mask;
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = (h & 0xFFFF_FFFF_0000_0000L) | (g + 1);
        }
        return slots;
    }

    /** Releases the row tables. */
    @Override
    public void close() {
        scratch.close();
        groups.close();
    }
}
