// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * 64-bit hashes of keys, equal for equal keys (null equal to null) whether the key is still in columns
 * or already encoded in a row: both are hashed from the key's values, a column at a time, so columns need
 * no encoding first (Arrow C++ also hashes keys column-wise, with its own function).
 *
 * <p>The function: {@code h = SEED}; then, for each column in physical order (the row's order), skipping
 * null-type columns, one or more xxHash64 rounds {@code h = rotl(h + w * P2, 31) * P1} over 64-bit words
 * {@code w}: a null value gives the single word {@code NULL_WORD}; a bool 0xFF or 0x00; a fixed value of
 * up to 8 bytes its bytes zero-extended (little-endian); a wider one its 8-byte words, the last
 * zero-extended; a binary or utf8 value its length, then its bytes as words. Finally the MurmurHash3
 * 64-bit finalizer. P1 and P2 are the xxHash64 primes. All 64 bits are mixed, so any bits can index a
 * hash table. Not a cryptographic hash.
 */
public final class RowHasher {
    static final long SEED = 0x2545F4914F6CDD1DL;
    static final long P1 = 0x9E3779B185EBCA87L;
    static final long P2 = 0xC2B2AE3D27D4EB4FL;
    static final long NULL_WORD = 0x6A09E667F3BCC908L;
    private static final int MINI_BATCH = RowTableEncoder.MINI_BATCH;

    private final RowTableMetadata metadata;
    private final long[] rows = new long[MINI_BATCH];
    private final long[] hashes = new long[MINI_BATCH];

    /**
     * A hasher of columns and rows of {@code metadata}. It holds scratch space: use one per thread.
     *
     * @param metadata the layout of the rows, and the types of the columns hashed
     * @throws NullPointerException if {@code metadata} is null
     */
    public RowHasher(RowTableMetadata metadata) {
        this.metadata = Objects.requireNonNull(metadata, "metadata");
    }

    /**
     * The hash of row {@code r} of {@code table}.
     *
     * @param table the table
     * @param r the index of a row of the table
     * @return the hash of the row's key
     * @throws IndexOutOfBoundsException if {@code r} is not the index of a row
     */
    public static long hashRow(RowTable table, long r) {
        long[] out = new long[1];
        hashRows(table, r, 1, out);
        return out[0];
    }

    /**
     * The hashes of rows {@code [from, from + count)} of {@code table}, into {@code out[0..count)}.
     *
     * @param table the table
     * @param from the index of the first row to hash
     * @param count the number of rows to hash
     * @param out receives the hashes, at least {@code count} long
     * @throws IndexOutOfBoundsException if the range is not within the table
     */
    public static void hashRows(RowTable table, long from, int count, long[] out) {
        if (from < 0 || count < 0 || from > table.length() - count) {
            throw new IndexOutOfBoundsException("rows [" + from + ", " + from + "+" + count + ") of " + table.length());
        }
        long[] starts = new long[Math.min(count, MINI_BATCH)];
        long[] chunk = new long[starts.length];
        for (int done = 0; done < count; done += MINI_BATCH) {
            int n = Math.min(MINI_BATCH, count - done);
            for (int j = 0; j < n; j++) {
                starts[j] = table.offsetOf(from + done + j);
            }
            hashTableRows(table, from + done, starts, n, chunk);
            System.arraycopy(chunk, 0, out, done, n);
        }
    }

    /**
     * Hashes of rows {@code [from, from + count)} of {@code columns}, equal to the hashes of their rows.
     *
     * @param columns one column per type of the metadata, in logical order, all of one length
     * @param from the index of the first row to hash
     * @param count the number of rows to hash
     * @param out receives the hashes in {@code out[0..count)}
     * @throws dev.quiver.core.QuiverException if the columns do not match the metadata's types, count or
     *     one length
     * @throws IndexOutOfBoundsException if the range is not within the columns
     */
    public void hashColumns(List<ArrayData> columns, long from, int count, long[] out) {
        ColumnView[] views = ColumnView.of(metadata, columns);
        long length = views.length == 0 ? count : views[0].length;
        if (from < 0 || count < 0 || from > length - count) {
            throw new IndexOutOfBoundsException("rows [" + from + ", " + from + "+" + count + ") of " + length);
        }
        for (int done = 0; done < count; done += MINI_BATCH) {
            int n = Math.min(MINI_BATCH, count - done);
            for (int j = 0; j < n; j++) {
                rows[j] = from + done + j;
            }
            hashViews(views, rows, n, hashes);
            System.arraycopy(hashes, 0, out, done, n);
        }
    }

    /**
     * Hashes of rows {@code selection[j]} ({@code j < count}) of {@code columns}, equal to the hashes of
     * their rows.
     *
     * @param columns one column per type of the metadata, in logical order, all of one length
     * @param selection the indexes of the rows to hash
     * @param count the number of entries of {@code selection} used
     * @param out receives the hashes in {@code out[0..count)}
     * @throws dev.quiver.core.QuiverException if the columns do not match the metadata's types, count or
     *     one length
     * @throws IndexOutOfBoundsException if a selected index is not a row of the columns
     */
    public void hashColumnsSelected(List<ArrayData> columns, int[] selection, int count, long[] out) {
        ColumnView[] views = ColumnView.of(metadata, columns);
        long length = views.length == 0 ? Long.MAX_VALUE : views[0].length;
        for (int done = 0; done < count; done += MINI_BATCH) {
            int n = Math.min(MINI_BATCH, count - done);
            for (int j = 0; j < n; j++) {
                int row = selection[done + j];
                if (row < 0 || row >= length) {
                    throw new IndexOutOfBoundsException("selected row " + row + " of " + length);
                }
                rows[j] = row;
            }
            hashViews(views, rows, n, hashes);
            System.arraycopy(hashes, 0, out, done, n);
        }
    }

    /** Hashes rows {@code rows[0..n)} ({@code n <= MINI_BATCH}) of checked column views into {@code out}. */
    void hashViews(ColumnView[] views, long[] rows, int n, long[] out) {
        Arrays.fill(out, 0, n, SEED);
        for (int p = 0; p < views.length; p++) {
            ColumnView v = views[metadata.encodedFieldOrder(p)];
            switch (v.kind) {
                case ColumnView.BOOL -> {
                    for (int r = 0; r < n; r++) {
                        long i = v.offset + rows[r];
                        long w = v.isNull(rows[r]) ? NULL_WORD
                                : (v.values.get(LittleEndian.BYTE, i >>> 3) >>> (i & 7) & 1) == 0 ? 0 : 0xFF;
                        out[r] = round(out[r], w);
                    }
                }
                case ColumnView.FIXED -> hashFixedColumn(v, rows, n, out);
                case ColumnView.VAR -> hashVarColumn(v, rows, n, out);
                default -> {
                }
            }
        }
        for (int r = 0; r < n; r++) {
            out[r] = finish(out[r]);
        }
    }

    private static void hashFixedColumn(ColumnView v, long[] rows, int n, long[] out) {
        MemorySegment values = v.values;
        long so = v.offset;
        int w = v.width;
        boolean nulls = v.validity != null;
        for (int r = 0; r < n; r++) {
            long at = (so + rows[r]) * w;
            out[r] = nulls && v.isNull(rows[r]) ? round(out[r], NULL_WORD) : hashValue(out[r], values, at, w);
        }
    }

    private static void hashVarColumn(ColumnView v, long[] rows, int n, long[] out) {
        MemorySegment offsets = v.values;
        MemorySegment data = v.data;
        MemorySegment validity = v.validity;
        long dataSize = data.byteSize();
        long so = v.offset;
        for (int r = 0; r < n; r++) {
            long i = so + rows[r];
            boolean isNull = validity != null && (validity.get(LittleEndian.BYTE, i >>> 3) & (1 << (i & 7))) == 0;
            long pair = offsets.get(LittleEndian.LONG, i * 4);
            long start = pair & 0xFFFF_FFFFL;
            long len = isNull ? 0 : (pair >>> 32) - start;
            long h = len <= 16 && start + 16 <= dataSize ? hashShort(out[r], data, start, len)
                    : hashBytes(round(out[r], len), data, start, len);
            out[r] = isNull ? round(out[r], NULL_WORD) : h;
        }
    }

    /**
     * {@link #hashBytes} of a length and then {@code len <= 16} bytes at {@code at}, with 16 bytes readable
     * there: both words are read and mixed, and the length picks the result, without a branch on it.
     */
    private static long hashShort(long h, MemorySegment s, long at, long len) {
        long h0 = round(h, len);
        long h1 = round(h0, s.get(LittleEndian.LONG, at) & wordMask(len));
        long h2 = round(h1, s.get(LittleEndian.LONG, at + 8) & wordMask(len - 8));
        return len == 0 ? h0 : len <= 8 ? h1 : h2;
    }

    /** The mask of the first {@code n} bytes of a word: none for {@code n <= 0}, all for {@code n >= 8}. */
    static long wordMask(long n) {
        return n >= 8 ? -1L : ~(-1L << (8 * Math.max(n, 0)));
    }

    /** Hashes rows of {@code table} starting at {@code starts[0..n)} (row {@code first + j} at {@code starts[j]}). */
    static void hashTableRows(RowTable table, long first, long[] starts, int n, long[] out) {
        RowTableMetadata md = table.metadata();
        MemorySegment bytes = table.rowSegment();
        MemorySegment masks = table.maskSegment();
        int maskBytes = md.nullMaskBytesPerRow();
        Arrays.fill(out, 0, n, SEED);
        int k = 0;
        for (int p = 0; p < md.columnCount(); p++) {
            ColumnMetadata col = md.column(md.encodedFieldOrder(p));
            long at = md.encodedFieldOffset(p);
            long maskByte = p >>> 3;
            int bit = 1 << (p & 7);
            int var = col.isFixedLength() ? -1 : k++;
            if (col.isNullType()) {
                continue;
            }
            for (int j = 0; j < n; j++) {
                if ((masks.get(LittleEndian.BYTE, (first + j) * maskBytes + maskByte) & bit) != 0) {
                    out[j] = round(out[j], NULL_WORD);
                } else if (var < 0) {
                    out[j] = hashValue(out[j], bytes, starts[j] + at, col.slotWidth());
                } else {
                    long row = starts[j];
                    long end = Integer.toUnsignedLong(bytes.get(LittleEndian.INT, row + md.varbinaryEndArrayOffset() + 4L * var));
                    long start = var == 0 ? md.fixedLength() : RowTableMetadata.roundUp(Integer.toUnsignedLong(
                            bytes.get(LittleEndian.INT, row + md.varbinaryEndArrayOffset() + 4L * var - 4)), md.stringAlignment());
                    out[j] = hashBytes(round(out[j], end - start), bytes, row + start, end - start);
                }
            }
        }
        for (int j = 0; j < n; j++) {
            out[j] = finish(out[j]);
        }
    }

    /** Mixes a fixed value of {@code w} bytes at {@code at}: one word when it has up to 8 bytes. */
    private static long hashValue(long h, MemorySegment s, long at, int w) {
        return switch (w) {
            case 1 -> round(h, s.get(LittleEndian.BYTE, at) & 0xFFL);
            case 2 -> round(h, s.get(LittleEndian.SHORT, at) & 0xFFFFL);
            case 4 -> round(h, s.get(LittleEndian.INT, at) & 0xFFFF_FFFFL);
            case 8 -> round(h, s.get(LittleEndian.LONG, at));
            default -> hashBytes(h, s, at, w);
        };
    }

    private static long hashBytes(long h, MemorySegment s, long at, long len) {
        long i = 0;
        for (; i + 8 <= len; i += 8) {
            h = round(h, s.get(LittleEndian.LONG, at + i));
        }
        if (i < len) {
            h = round(h, tail(s, at + i, len - i));
        }
        return h;
    }

    /** The last {@code rem} (1 to 7) bytes at {@code at}, zero-extended: one load when there is room. */
    static long tail(MemorySegment s, long at, long rem) {
        if (at + 8 <= s.byteSize()) {
            return s.get(LittleEndian.LONG, at) & (-1L >>> (64 - 8 * rem));
        }
        long w = 0;
        for (int i = 0; i < rem; i++) {
            w |= (s.get(LittleEndian.BYTE, at + i) & 0xFFL) << (8 * i);
        }
        return w;
    }

    /** The mask of row {@code r} as one zero-extended word (masks of 1, 2, 4 or 8 bytes). */
    static long smallMask(MemorySegment masks, long r, int maskBytes) {
        return switch (maskBytes) {
            case 1 -> masks.get(LittleEndian.BYTE, r) & 0xFFL;
            case 2 -> masks.get(LittleEndian.SHORT, r * 2) & 0xFFFFL;
            case 4 -> masks.get(LittleEndian.INT, r * 4) & 0xFFFF_FFFFL;
            default -> masks.get(LittleEndian.LONG, r * 8);
        };
    }

    private static long round(long h, long w) {
        return Long.rotateLeft(h + w * P2, 31) * P1;
    }

    /** MurmurHash3's 64-bit finalizer: every input bit affects every output bit. */
    static long finish(long h) {
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        return h ^ (h >>> 33);
    }
}
