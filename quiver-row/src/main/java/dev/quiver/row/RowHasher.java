package dev.quiver.row;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.LE;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;

/**
 * 64-bit hashes of keys. The hash of a row is a function of its encoded bytes: since padding is zero and
 * null slots hold a fixed filler, equal keys (null equal to null) encode to identical bytes and hash
 * equal, whichever table or batch they come from. Columns are hashed by encoding them first.
 *
 * <p>The function, for a row of {@code L} bytes: {@code h = SEED + L * P5}; then for each 8-byte
 * little-endian word {@code w} of the row (the last one zero-extended when {@code L} is not a multiple of
 * 8), then likewise for each word of its null mask: {@code h = rotl(h + w * P2, 31) * P1} (the xxHash64
 * round); finally the MurmurHash3 64-bit finalizer. P1, P2 and P5 are the xxHash64 primes. All bits are
 * mixed, so any bits of the hash can index a hash table. Not a cryptographic hash.
 */
public final class RowHasher {
    private static final long SEED = 0x2545F4914F6CDD1DL;
    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P5 = 0x27D4EB2F165667C5L;

    private final RowTableEncoder encoder;
    private final RowTable scratch;

    /** A hasher of columns of the types of {@code metadata} (hashing rows needs no instance). */
    public RowHasher(RowTableMetadata metadata) {
        Objects.requireNonNull(metadata, "metadata");
        this.encoder = new RowTableEncoder(metadata);
        this.scratch = new RowTable(metadata);
    }

    /** The hash of row {@code r} of {@code table}. */
    public static long hashRow(RowTable table, long r) {
        if (r < 0 || r >= table.length()) {
            throw new IndexOutOfBoundsException("row " + r + " of a table of " + table.length() + " rows");
        }
        return hashRowUnchecked(table, r);
    }

    /** The hashes of rows {@code [from, from + count)} of {@code table}, into {@code out[0..count)}. */
    public static void hashRows(RowTable table, long from, int count, long[] out) {
        if (from < 0 || count < 0 || from > table.length() - count) {
            throw new IndexOutOfBoundsException("rows [" + from + ", " + from + "+" + count + ") of " + table.length());
        }
        RowTableMetadata md = table.metadata();
        MemorySegment rows = table.rowSegment();
        MemorySegment masks = table.maskSegment();
        int maskBytes = md.nullMaskBytesPerRow();
        if (md.isFixedLength() && (md.fixedLength() & 7) == 0 && maskBytes <= 8) {
            long size = md.fixedLength();
            for (int j = 0; j < count; j++) {
                long r = from + j;
                long h = SEED + size * P5;
                long at = r * size;
                for (long i = 0; i < size; i += 8) {
                    h = round(h, rows.get(LE.LONG, at + i));
                }
                out[j] = finish(round(h, smallMask(masks, r, maskBytes)));
            }
        } else if (!md.isFixedLength() && maskBytes <= 8) {
            MemorySegment offsets = table.fixedSegment();
            for (int j = 0; j < count; j++) {
                long r = from + j;
                long at = offsets.get(LE.LONG, r * 8);
                long size = offsets.get(LE.LONG, r * 8 + 8) - at;
                long h = hashBytes(SEED + size * P5, rows, at, size);
                out[j] = finish(round(h, smallMask(masks, r, maskBytes)));
            }
        } else {
            for (int j = 0; j < count; j++) {
                out[j] = hashRowUnchecked(table, from + j);
            }
        }
    }

    /** Hashes of rows {@code [from, from + count)} of {@code columns}, equal to the hashes of their rows. */
    public void hashColumns(List<ArrayData> columns, long from, int count, long[] out) {
        scratch.clear();
        encoder.appendRange(columns, from, count, scratch);
        hashRows(scratch, 0, count, out);
    }

    /** Hashes of rows {@code selection[j]} ({@code j < count}) of {@code columns}. */
    public void hashColumnsSelected(List<ArrayData> columns, int[] selection, int count, long[] out) {
        scratch.clear();
        encoder.appendSelected(columns, selection, count, scratch);
        hashRows(scratch, 0, count, out);
    }

    /**
     * Hashes {@code n} rows of known positions: row {@code r} is at {@code starts[r]} in {@code rows} and has
     * {@code sizes[r]} bytes ({@code fixedSize} when {@code sizes} is null); masks of at most 8 bytes.
     */
    static void hashRows(MemorySegment rows, long[] starts, long[] sizes, long fixedSize, MemorySegment masks,
            int maskBytes, int n, long[] out) {
        for (int r = 0; r < n; r++) {
            long size = sizes == null ? fixedSize : sizes[r];
            long h = hashBytes(SEED + size * P5, rows, starts[r], size);
            out[r] = finish(round(h, smallMask(masks, r, maskBytes)));
        }
    }

    static long hashRowUnchecked(RowTable table, long r) {
        int maskBytes = table.metadata().nullMaskBytesPerRow();
        long size = table.rowLength(r);
        long h = SEED + size * P5;
        h = hashBytes(h, table.rowSegment(), table.rowOffset(r), size);
        h = maskBytes <= 8 ? round(h, smallMask(table.maskSegment(), r, maskBytes))
                : hashBytes(h, table.maskSegment(), r * maskBytes, maskBytes);
        return finish(h);
    }

    private static long hashBytes(long h, MemorySegment s, long at, long len) {
        long i = 0;
        for (; i + 8 <= len; i += 8) {
            h = round(h, s.get(LE.LONG, at + i));
        }
        if (i < len) {
            long w = 0;
            for (int b = 0; i < len; i++, b += 8) {
                w |= (s.get(LE.BYTE, at + i) & 0xFFL) << b;
            }
            h = round(h, w);
        }
        return h;
    }

    /** The mask of row {@code r} as one zero-extended word (masks of 1, 2, 4 or 8 bytes). */
    static long smallMask(MemorySegment masks, long r, int maskBytes) {
        return switch (maskBytes) {
            case 1 -> masks.get(LE.BYTE, r) & 0xFFL;
            case 2 -> masks.get(LE.SHORT, r * 2) & 0xFFFFL;
            case 4 -> masks.get(LE.INT, r * 4) & 0xFFFF_FFFFL;
            default -> masks.get(LE.LONG, r * 8);
        };
    }

    static long round(long h, long w) {
        return Long.rotateLeft(h + w * P2, 31) * P1;
    }

    static long finish(long h) {
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        return h ^ (h >>> 33);
    }
}
