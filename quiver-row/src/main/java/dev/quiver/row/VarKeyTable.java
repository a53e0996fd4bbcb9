// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The distinct keys of a group-by on one binary or utf8 column, looked up straight from the column's
 * offsets and bytes, without encoding rows: an open-addressing table (linear probing, load at most 1/2;
 * each {@code long} slot holds the high 32 bits of the key's hash and the group id + 1, 0 marking an
 * empty slot) over a store of the keys. A key's first 16 bytes are kept as two zero-padded words per
 * group next to its length, so a key of up to 16 bytes compares as three numbers; bytes
 * past 16 go to a byte store. A null key is the key of length -1 with no bytes, so nulls need no branch.
 *
 * <p>The hash is this class's own (the table never meets {@link RowHasher}'s): for a key of up to 16
 * bytes one 128-bit product of its two words ({@link #shortHash}); for a longer one the two words and the
 * length mixed by two multiplications, 8-byte rounds, then the MurmurHash3 finalizer.
 */
final class VarKeyTable {
    /** The most slots: the largest power of two a Java array holds. */
    private static final int MAX_SLOTS = 1 << 30;
    /** The most groups: {@link #keys} holds four longs per group in one Java array. */
    private static final int MAX_GROUPS = (Integer.MAX_VALUE - 8) / 4;
    private static final long K0 = 0x9E3779B185EBCA87L;
    private static final long K1 = 0xC2B2AE3D27D4EB4FL;
    private static final long K2 = 0x165667B19E3779F9L;

    /** The masks of the two words of a key of {@code l} bytes (0 to 16) at {@code 2l} and {@code 2l + 1}. */
    private static final long[] MASKS = new long[34];
    /** The hash of the null key. */
    private static final long NULL_HASH = shortHash(0, 0, -1);

    static {
        for (int l = 0; l <= 16; l++) {
            MASKS[2 * l] = RowHasher.wordMask(l);
            MASKS[2 * l + 1] = RowHasher.wordMask(l - 8);
        }
    }

    private long[] slots = new long[1024];
    private int slotMask = slots.length - 1;
    /**
     * Group {@code g}'s key at {@code 4g}: its words 0 and 1, its length, and where its bytes 16 and on
     * start in {@link #rest} (a longer key's): what a probe compares lies in one cache line.
     */
    private long[] keys = new long[64];
    private long[] groupHashes = new long[16];
    private MemorySegment rest = MemorySegment.ofArray(new byte[1024]);
    private long restSize;
    private int groupCount;
    private final long[] w0s = new long[RowTableEncoder.MINI_BATCH];
    private final long[] w1s = new long[RowTableEncoder.MINI_BATCH];
    private final long[] lens = new long[RowTableEncoder.MINI_BATCH];
    private final long[] hs = new long[RowTableEncoder.MINI_BATCH];
    private final long[] starts = new long[RowTableEncoder.MINI_BATCH];

    /** The number of distinct keys so far. */
    int groupCount() {
        return groupCount;
    }

    /**
     * The hashes of rows {@code [from, from + n)} ({@code n <= MINI_BATCH}) of a binary or utf8 view into
     * {@code out}: those {@link #assign} looks the keys up with.
     */
    void hash(ColumnView v, long from, int n, long[] out) {
        readKeys(v, null, from, n);
        System.arraycopy(hs, 0, out, 0, n);
    }

    /**
     * Writes the group id of rows {@code rows[0..n)} ({@code n <= MINI_BATCH}) of a binary or utf8 view
     * to {@code ids[0..n)}, adding the keys not seen before; returns how many were added, and puts the row
     * of each added key in {@code added}, in group order.
     */
    int assign(ColumnView v, long[] rows, int n, int[] ids, long[] added) {
        readKeys(v, rows, 0, n);
        return probe(v.data, rows, 0, n, ids, added);
    }

    /**
     * {@link #assign} of rows {@code [from, from + n)}: the same as {@link #readKeys} then {@link #probe}, in
     * one method, which the JIT compiles to a faster loop (about 10% on a utf8 key).
     */
    int assignRange(ColumnView v, long from, int n, int[] ids, long[] added) {
        MemorySegment offsets = v.values;
        MemorySegment data = v.data;
        MemorySegment validity = v.validity;
        long dataSize = data.byteSize();
        long base = v.offset + from;
        long[] w0s = this.w0s;
        long[] w1s = this.w1s;
        long[] lens = this.lens;
        long[] hs = this.hs;
        for (int r = 0; r < n; r++) {
            long pair = offsets.get(LittleEndian.LONG, (base + r) * 4);
            long start = pair & 0xFFFF_FFFFL;
            long len = (pair >>> 32) - start;
            long w0;
            long w1;
            if (Long.compareUnsigned(len, 16) <= 0 && start + 16 <= dataSize) {
                int m = 2 * (int) len;
                w0 = data.get(LittleEndian.LONG, start) & MASKS[m];
                w1 = data.get(LittleEndian.LONG, start + 8) & MASKS[m + 1];
            } else {
                w0 = word(data, start, len);
                w1 = word(data, start + 8, len - 8);
            }
            w0s[r] = w0;
            w1s[r] = w1;
            lens[r] = len;
            hs[r] = len <= 16 ? shortHash(w0, w1, len) : hash(data, start, len, w0, w1);
        }
        if (validity != null) {
            markNulls(validity, base, n);
        }
        int fresh = 0;
        long[] table = slots;
        int mask = slotMask;
        long[] keys = this.keys;
        for (int r = 0; r < n; r++) {
            long h = hs[r];
            long w0 = w0s[r];
            long w1 = w1s[r];
            long len = lens[r];
            int tag = (int) (h >>> 32);
            int slot = (int) h & mask;
            int g;
            while (true) {
                long entry = table[slot];
                if (entry == 0) {
                    long start = offsets.get(LittleEndian.INT, (base + r) * 4) & 0xFFFF_FFFFL;
                    g = insert(slot, h, data, start, len, w0, w1);
                    added[fresh++] = from + r;
                    table = slots;
                    mask = slotMask;
                    keys = this.keys;
                    break;
                }
                int c = (int) entry - 1;
                if ((int) (entry >>> 32) == tag && keys[4 * c + 2] == len && keys[4 * c] == w0 && keys[4 * c + 1] == w1
                        && (len <= 16 || restEqual(data, offsets.get(LittleEndian.INT, (base + r) * 4) & 0xFFFF_FFFFL, len, c))) {
                    g = c;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            ids[r] = g;
        }
        return fresh;
    }

    /**
     * Reads the keys of rows {@code [from, from + n)}, or {@code rows[0..n)} when {@code rows} is not null,
     * into {@link #starts}, {@link #lens} (-1 for null), {@link #w0s}, {@link #w1s} and their hashes into
     * {@link #hs}: straight through the column, so that the probes that follow do not wait for these loads.
     * (Two copies of one loop: the contiguous one reads 56 validity bits at a time.)
     */
    private void readKeys(ColumnView v, long[] rows, long from, int n) {
        MemorySegment offsets = v.values;
        MemorySegment data = v.data;
        MemorySegment validity = v.validity;
        long dataSize = data.byteSize();
        long base = v.offset + from;
        long[] w0s = this.w0s;
        long[] w1s = this.w1s;
        long[] lens = this.lens;
        long[] starts = this.starts;
        long[] hs = this.hs;
        if (rows != null) {
            for (int r = 0; r < n; r++) {
                long i = base + rows[r];
                long pair = offsets.get(LittleEndian.LONG, i * 4);
                long start = pair & 0xFFFF_FFFFL;
                boolean valid = validity == null || (validity.get(LittleEndian.BYTE, i >>> 3) & (1 << (i & 7))) != 0;
                long len = valid ? (pair >>> 32) - start : -1;
                long w0;
                long w1;
                if (Long.compareUnsigned(len, 16) <= 0 && start + 16 <= dataSize) {
                    int m = 2 * (int) len;
                    w0 = data.get(LittleEndian.LONG, start) & MASKS[m];
                    w1 = data.get(LittleEndian.LONG, start + 8) & MASKS[m + 1];
                } else {
                    w0 = word(data, start, len);
                    w1 = word(data, start + 8, len - 8);
                }
                w0s[r] = w0;
                w1s[r] = w1;
                lens[r] = len;
                starts[r] = start;
                hs[r] = len <= 16 ? shortHash(w0, w1, len) : hash(data, start, len, w0, w1);
            }
            return;
        }
        for (int r = 0; r < n; r++) {
            long pair = offsets.get(LittleEndian.LONG, (base + r) * 4);
            long start = pair & 0xFFFF_FFFFL;
            long len = (pair >>> 32) - start;
            long w0;
            long w1;
            if (Long.compareUnsigned(len, 16) <= 0 && start + 16 <= dataSize) {
                int m = 2 * (int) len;
                w0 = data.get(LittleEndian.LONG, start) & MASKS[m];
                w1 = data.get(LittleEndian.LONG, start + 8) & MASKS[m + 1];
            } else {
                w0 = word(data, start, len);
                w1 = word(data, start + 8, len - 8);
            }
            w0s[r] = w0;
            w1s[r] = w1;
            lens[r] = len;
            starts[r] = start;
            hs[r] = len <= 16 ? shortHash(w0, w1, len) : hash(data, start, len, w0, w1);
        }
        if (validity != null) {
            markNulls(validity, base, n);
        }
    }

    /**
     * Looks up (or adds) the keys {@link #readKeys} read, of rows {@code rows[0..n)} (or {@code from + r});
     * returns the number of keys added, their rows in {@code added}.
     */
    private int probe(MemorySegment data, long[] rows, long from, int n, int[] ids, long[] added) {
        long[] hashes = hs;
        int fresh = 0;
        long[] table = slots;
        int mask = slotMask;
        long[] keys = this.keys;
        for (int r = 0; r < n; r++) {
            long h = hashes[r];
            long w0 = w0s[r];
            long w1 = w1s[r];
            long len = lens[r];
            int tag = (int) (h >>> 32);
            int slot = (int) h & mask;
            int g;
            while (true) {
                long entry = table[slot];
                if (entry == 0) {
                    g = insert(slot, h, data, starts[r], len, w0, w1);
                    added[fresh++] = rows == null ? from + r : rows[r];
                    table = slots;
                    mask = slotMask;
                    keys = this.keys;
                    break;
                }
                int c = (int) entry - 1;
                if ((int) (entry >>> 32) == tag && keys[4 * c + 2] == len && keys[4 * c] == w0 && keys[4 * c + 1] == w1
                        && (len <= 16 || restEqual(data, starts[r], len, c))) {
                    g = c;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            ids[r] = g;
        }
        return fresh;
    }

    /**
     * Makes the rows of {@code [0, n)} whose validity bit (from bit {@code base} on) is clear null keys: length
     * -1, no bytes, {@link #NULL_HASH}. The read passes take every row's length from the offsets, with no
     * branch or load for validity, and this pass visits only the null rows.
     */
    private void markNulls(MemorySegment validity, long base, int n) {
        for (int r0 = 0; r0 < n; r0 += 56) {
            long nulls = ~validBits(validity, base + r0) & (-1L >>> (64 - Math.min(56, n - r0)));
            for (; nulls != 0; nulls &= nulls - 1) {
                int r = r0 + Long.numberOfTrailingZeros(nulls);
                w0s[r] = 0;
                w1s[r] = 0;
                lens[r] = -1;
                hs[r] = NULL_HASH;
            }
        }
    }

    /** At least 56 validity bits from bit {@code bit} on, bit 0 first; bits past the bitmap are zero. */
    private static long validBits(MemorySegment validity, long bit) {
        long at = bit >>> 3;
        long size = validity.byteSize();
        long word;
        if (at + 8 <= size) {
            word = validity.get(LittleEndian.LONG, at);
        } else {
            word = 0;
            for (long b = at; b < size; b++) {
                word |= (validity.get(LittleEndian.BYTE, b) & 0xFFL) << (8 * (b - at));
            }
        }
        return word >>> (bit & 7);
    }

    /** The {@code len} (at most 8 used; none when {@code len <= 0}) bytes at {@code at}, zero-padded. */
    private static long word(MemorySegment data, long at, long len) {
        if (len <= 0) {
            return 0;
        }
        if (at + 8 <= data.byteSize()) {
            return data.get(LittleEndian.LONG, at) & RowHasher.wordMask(len);
        }
        return RowHasher.tail(data, at, Math.min(len, 8));
    }

    /**
     * The hash of a key of at most 16 bytes (or the null key, length -1) from its two zero-padded words:
     * one 64 × 64 → 128-bit multiplication of the words (each xored with a constant, the length added),
     * its two halves xored, so both the slot (low bits) and the tag (high 32 bits) depend on every bit.
     */
    private static long shortHash(long w0, long w1, long len) {
        long a = w0 ^ K0;
        long b = (w1 ^ K1) + len;
        return Math.multiplyHigh(a, b) ^ (a * b);
    }

    private static long mix(long w0, long w1, long len) {
        return (w0 * K0) ^ Long.rotateLeft(w1 * K1, 32) ^ (len * K2);
    }

    /** The hash of a key of {@code len} bytes at {@code start} whose first two words are given. */
    private static long hash(MemorySegment data, long start, long len, long w0, long w1) {
        long h = mix(w0, w1, len);
        if (len > 16) {
            long i = 16;
            for (; i + 8 <= len; i += 8) {
                h = Long.rotateLeft(h + data.get(LittleEndian.LONG, start + i) * K1, 31) * K0;
            }
            if (i < len) {
                h = Long.rotateLeft(h + RowHasher.tail(data, start + i, len - i) * K1, 31) * K0;
            }
        }
        return RowHasher.finish(h);
    }

    private boolean restEqual(MemorySegment data, long start, long len, int g) {
        long at = keys[4 * g + 3];
        return MemorySegment.mismatch(data, start + 16, start + len, rest, at, at + len - 16) == -1;
    }

    /** Adds a key as a new group at {@code slot}; returns its id. */
    private int insert(int slot, long hash, MemorySegment data, long start, long len, long w0, long w1) {
        int g = groupCount;
        if (g == MAX_SLOTS - 1) {
            throw new QuiverException("a group-by holds fewer than " + MAX_SLOTS + " groups");
        }
        if (g == groupHashes.length) {
            if (g == MAX_GROUPS) {
                throw new QuiverException("a group-by on one binary or utf8 key holds fewer than " + MAX_GROUPS
                        + " groups");
            }
            int grown = (int) Math.min(2L * g, MAX_GROUPS);
            keys = Arrays.copyOf(keys, 4 * grown);
            groupHashes = Arrays.copyOf(groupHashes, grown);
        }
        keys[4 * g] = w0;
        keys[4 * g + 1] = w1;
        keys[4 * g + 2] = len;
        groupHashes[g] = hash;
        if (len > 16) {
            long more = len - 16;
            if (restSize + more > rest.byteSize()) {
                long capacity = Math.max(restSize + more, 2 * rest.byteSize());
                if (capacity > Integer.MAX_VALUE - 8) {
                    throw new QuiverException("a group-by's keys past their first 16 bytes exceed 2 GiB");
                }
                byte[] grown = new byte[(int) capacity];
                MemorySegment.copy(rest, 0, MemorySegment.ofArray(grown), 0, restSize);
                rest = MemorySegment.ofArray(grown);
            }
            MemorySegment.copy(data, start + 16, rest, restSize, more);
            keys[4 * g + 3] = restSize;
            restSize += more;
        }
        slots[slot] = (hash & 0xFFFF_FFFF_0000_0000L) | (g + 1);
        groupCount = g + 1;
        if (groupCount * 2L > slots.length && slots.length < MAX_SLOTS) {
            rehash(slots.length * 2);
        }
        return g;
    }

    private void rehash(int capacity) {
        slots = KeyIndex.slotsFor(groupHashes, groupCount, capacity);
        slotMask = capacity - 1;
    }
}
