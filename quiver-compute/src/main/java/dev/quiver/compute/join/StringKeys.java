// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Bits;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * The hash table of a join on one binary or utf8 key column (32- or 64-bit offsets), hashed and compared straight
 * from the Arrow buffers: no row-table encoding on either side. An open-addressing table of {@code long}s holds the
 * top 32 bits of a key's hash as a tag and its group; each group keeps its key's first 16 bytes (zero-padded) and
 * length, so that a key of up to 16 bytes is compared without touching the build column, and a longer one compares
 * its remaining bytes against the build column. Memory: in proportion to the distinct build keys.
 */
final class StringKeys implements JoinKeys {
    private static final long K0 = 0x9E3779B97F4A7C15L;
    private static final long K1 = 0xC2B2AE3D27D4EB4FL;
    /** Longs per group in {@link #groups}: the key's first 8 bytes, the next 8, its hash, its length and row. */
    private static final int STRIDE = 4;

    private final ArrayData build;
    private final Column buildColumn;
    private final boolean large;
    private long[] slots = new long[16];
    private int mask = 15;
    private long[] groups = new long[STRIDE * 8];
    private int groupCount;

    /**
     * Whether the join's keys suit this table: one key column of a binary or utf8 type.
     *
     * @param keyTypes the key columns' types
     * @return whether there is one key, of a binary or utf8 storage type
     */
    static boolean accepts(List<ArrowType> keyTypes) {
        if (keyTypes.size() != 1) {
            return false;
        }
        ArrowType t = Types.storage(keyTypes.get(0));
        return t instanceof ArrowType.Utf8 || t instanceof ArrowType.Binary || t instanceof ArrowType.LargeUtf8
                || t instanceof ArrowType.LargeBinary;
    }

    /**
     * Groups the build side's keys, in row order (a key's group is numbered when it first appears).
     *
     * @param key the build side's key column
     * @param n its rows
     * @param ids receives the group of each build row, -1 where the key is null
     */
    StringKeys(ArrayData key, int n, int[] ids) {
        this.build = key;
        this.large = isLarge(key);
        this.buildColumn = new Column(key);
        Column c = buildColumn;
        for (int r = 0; r < n; r++) {
            if (c.isNull(r)) {
                ids[r] = -1;
                continue;
            }
            long start = c.start(r);
            int len = c.length(r, start);
            long w0 = c.word(start, len, 0);
            long w1 = c.word(start, len, 8);
            long h = len <= 16 ? hash(w0, w1, len) : hashLong(c.data, start, len);
            int g = find(h, w0, w1, len, c.data, start);
            ids[r] = g >= 0 ? g : insert(h, w0, w1, len, r);
        }
    }

    @Override
    public int groupCount() {
        return groupCount;
    }

    @Override
    public Finder probe() {
        return (keys, from, count, ids) -> {
            ArrayData key = keys.get(0);
            if (isLarge(key) != large) {
                throw new ComputeException("the probe key's type " + key.type() + " has other offsets than the build key's "
                        + build.type());
            }
            Column c = new Column(key);
            MemorySegment validity = key.validity() == null || key.nullCount() == 0 ? null : key.validity().segment();
            for (int w = 0; w < count; w += 64) {
                int k = Math.min(64, count - w);
                long valid = Bits.word(validity, key.offset() + from + w, k);
                if (large) {
                    for (int j = w; j < w + k; j++) {
                        ids[j] = (valid >>> (j - w) & 1) == 0 ? -1 : findRow(c, from + j);
                    }
                } else {
                    findSmallOffsets(c, valid, from, w, k, ids);
                }
            }
        };
    }

    /**
     * Finds rows {@code from + w .. from + w + k} of a column with 32-bit offsets (one 64-row word of
     * {@code valid}): each value of up to 16 bytes read as two words straight from the data buffer, with one
     * offset read per row (the previous row's end is this row's start).
     */
    private void findSmallOffsets(Column c, long valid, int from, int w, int k, int[] ids) {
        MemorySegment offsets = c.offsets;
        MemorySegment data = c.data;
        long dataSize = c.dataSize;
        long at = (c.base + from + w) * 4;
        long start = offsets.get(LittleEndian.INT, at);
        for (int j = w; j < w + k; j++) {
            at += 4;
            long end = offsets.get(LittleEndian.INT, at);
            long len = end - start;
            if ((valid >>> (j - w) & 1) == 0) {
                ids[j] = -1;
            } else if (start >= 0 && len >= 0 && len <= 16 && start + 16 <= dataSize) {
                long a = data.get(LittleEndian.LONG, start);
                long b = data.get(LittleEndian.LONG, start + 8);
                int n = (int) len;
                long w0 = n >= 8 ? a : a & ~(-1L << (8 * n));
                long w1 = n >= 16 ? b : n <= 8 ? 0 : b & ~(-1L << (8 * (n - 8)));
                ids[j] = find(hash(w0, w1, n), w0, w1, n, data, start);
            } else {
                ids[j] = findRow(c, from + j);
            }
            start = end;
        }
    }

    /** The group of row {@code r}'s key (not null), or -1. */
    private int findRow(Column c, int r) {
        long start = c.start(r);
        int len = c.length(r, start);
        long w0 = c.word(start, len, 0);
        long w1 = c.word(start, len, 8);
        long h = len <= 16 ? hash(w0, w1, len) : hashLong(c.data, start, len);
        return find(h, w0, w1, len, c.data, start);
    }

    @Override
    public void close() {
        slots = null;
        groups = null;
    }

    /** The group of a key, or -1. */
    private int find(long h, long w0, long w1, int len, MemorySegment data, long start) {
        long[] s = slots;
        long[] gs = groups;
        int tag = (int) (h >>> 32);
        int slot = (int) h & mask;
        long entry;
        while ((entry = s[slot]) != 0) {
            if ((int) (entry >>> 32) == tag) {
                int g = (int) entry - 1;
                int at = g * STRIDE;
                if (gs[at] == w0 && gs[at + 1] == w1 && (int) (gs[at + 3] >>> 32) == len
                        && (len <= 16 || tailEquals(data, start, len, (int) gs[at + 3]))) {
                    return g;
                }
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /** Whether bytes 16.. of a key equal those of the build row's key (both of {@code len} bytes). */
    private boolean tailEquals(MemorySegment data, long start, int len, int row) {
        long bs = buildColumn.start(row);
        return MemorySegment.mismatch(data, start + 16, start + len, buildColumn.data, bs + 16, bs + len) < 0;
    }

    private int insert(long h, long w0, long w1, int len, int row) {
        int g = groupCount++;
        if ((g + 1) * STRIDE > groups.length) {
            groups = Arrays.copyOf(groups, groups.length * 2);
        }
        int at = g * STRIDE;
        groups[at] = w0;
        groups[at + 1] = w1;
        groups[at + 2] = h;
        groups[at + 3] = (long) len << 32 | row;
        if (groupCount * 2L > slots.length) {
            rehash(slots.length * 2);
        } else {
            place(slots, mask, h, g);
        }
        return g;
    }

    private void rehash(int capacity) {
        long[] fresh = new long[capacity];
        int m = capacity - 1;
        for (int g = 0; g < groupCount; g++) {
            place(fresh, m, groups[g * STRIDE + 2], g);
        }
        slots = fresh;
        mask = m;
    }

    private static void place(long[] s, int m, long h, int g) {
        int slot = (int) h & m;
        while (s[slot] != 0) {
            slot = (slot + 1) & m;
        }
        s[slot] = (h & 0xFFFF_FFFF_0000_0000L) | (g + 1);
    }

    /** The hash of a key of at most 16 bytes, given as two zero-padded little-endian words and its length. */
    static long hash(long w0, long w1, int len) {
        long h = w0 * K0 ^ Long.rotateLeft(w1 * K1, 31) ^ len;
        return mix(h);
    }

    /** The hash of a key longer than 16 bytes. */
    static long hashLong(MemorySegment data, long start, int len) {
        long h = len;
        long end = start + len;
        long at = start;
        for (; at + 8 <= end; at += 8) {
            h = Long.rotateLeft(h ^ data.get(LittleEndian.LONG, at) * K0, 29) * K1;
        }
        long tail = 0;
        for (int k = 0; at + k < end; k++) {
            tail |= (data.get(LittleEndian.BYTE, at + k) & 0xFFL) << (8 * k);
        }
        return mix(h ^ tail * K0);
    }

    /** Murmur3's 64-bit finalizer: every input bit reaches the top and the bottom bits. */
    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        return h ^ h >>> 33;
    }

    private static boolean isLarge(ArrayData key) {
        ArrowType t = Types.storage(key.type());
        return t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.LargeBinary;
    }

    /** One binary column's buffers, read row by row. */
    private static final class Column {
        final MemorySegment data;
        final MemorySegment offsets;
        final long base;
        final long dataSize;
        private final MemorySegment validity;
        private final boolean large;

        Column(ArrayData a) {
            this.large = isLarge(a);
            this.offsets = a.buffer(1).segment();
            this.data = a.buffer(2) == null ? MemorySegment.NULL : a.buffer(2).segment();
            this.validity = a.validity() == null || a.nullCount() == 0 ? null : a.validity().segment();
            this.base = a.offset();
            this.dataSize = data.byteSize();
        }

        boolean isNull(int r) {
            return validity != null && !Bitmaps.get(validity, base + r);
        }

        long start(int r) {
            return large ? offsets.get(LittleEndian.LONG, (base + r) * 8) : offsets.get(LittleEndian.INT, (base + r) * 4);
        }

        /** The length of row {@code r}'s value starting at {@code start}. */
        int length(int r, long start) {
            long end = large ? offsets.get(LittleEndian.LONG, (base + r + 1) * 8)
                    : offsets.get(LittleEndian.INT, (base + r + 1) * 4);
            long len = end - start;
            if (len < 0 || len > Integer.MAX_VALUE) {
                throw new ComputeException("a join key's value at row " + r + " has offsets " + start + " .. " + end);
            }
            return (int) len;
        }

        /** Bytes {@code [skip, skip + 8)} of a value as a little-endian word, zero past the value's end. */
        long word(long start, int len, int skip) {
            int n = len - skip;
            if (n <= 0) {
                return 0;
            }
            long at = start + skip;
            if (at + 8 <= dataSize) {
                long w = data.get(LittleEndian.LONG, at);
                return n >= 8 ? w : w & (-1L >>> (64 - 8 * n));
            }
            long w = 0;
            for (int k = 0; k < Math.min(n, 8); k++) {
                w |= (data.get(LittleEndian.BYTE, at + k) & 0xFFL) << (8 * k);
            }
            return w;
        }
    }
}
