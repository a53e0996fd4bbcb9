// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * The split block bloom filter of BloomFilter.md: blocks of eight 32-bit words; a hash picks a block with its
 * high 32 bits and sets one bit per word from its low 32 bits times the spec's eight salts.
 */
public final class SplitBlockBloomFilter {
    private static final int[] SALT = {0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b,
            0x9efc4947, 0x5c6bfb31};
    /** The smallest filter, one block. */
    public static final int MIN_BYTES = 32;
    /** The largest filter Quiver writes (Arrow C++'s bound). */
    public static final int MAX_BYTES = 128 * 1024 * 1024;

    private final int[] words;
    private final int blocks;

    /**
     * An empty filter.
     *
     * @param bytes its size, a power of two from {@link #MIN_BYTES} to {@link #MAX_BYTES}
     */
    public SplitBlockBloomFilter(int bytes) {
        words = new int[bytes / 4];
        blocks = bytes / 32;
    }

    /**
     * The size for {@code ndv} distinct values at false positive probability {@code fpp}: the spec's
     * {@code -8 * ndv / ln(1 - fpp^(1/8))} bits, rounded up to a power of two and bounded.
     *
     * @param ndv the expected number of distinct values
     * @param fpp the false positive probability, in (0, 1)
     * @return the size in bytes
     */
    public static int optimalBytes(long ndv, double fpp) {
        double bits = -8.0 * ndv / Math.log(1 - Math.pow(fpp, 1.0 / 8));
        long bytes = (long) Math.ceil(bits / 8);
        if (bytes >= MAX_BYTES) {
            return MAX_BYTES;
        }
        long size = MIN_BYTES;
        while (size < bytes) {
            size <<= 1;
        }
        return (int) size;
    }

    /**
     * Adds a hash.
     *
     * @param hash the XXH64 of a value's plain encoding
     */
    public void insert(long hash) {
        int base = (int) (((hash >>> 32) * blocks) >>> 32) * 8;
        int key = (int) hash;
        for (int i = 0; i < 8; i++) {
            words[base + i] |= 1 << ((key * SALT[i]) >>> 27);
        }
    }

    /**
     * Whether a hash may have been added (false: it certainly was not).
     *
     * @param hash the XXH64 of a value's plain encoding
     * @return whether every bit of the hash is set
     */
    public boolean mightContain(long hash) {
        int base = (int) (((hash >>> 32) * blocks) >>> 32) * 8;
        int key = (int) hash;
        for (int i = 0; i < 8; i++) {
            if ((words[base + i] & (1 << ((key * SALT[i]) >>> 27))) == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The size of the bitset.
     *
     * @return the bytes {@link #writeTo} appends
     */
    public int byteSize() {
        return words.length * 4;
    }

    /**
     * Appends the bitset, words little-endian.
     *
     * @param out where the bitset goes
     */
    public void writeTo(ByteSink out) {
        out.reserve(byteSize());
        MemorySegment dst = out.segment();
        int at = out.size();
        for (int i = 0; i < words.length; i++) {
            dst.set(LittleEndian.INT, at + 4L * i, words[i]);
        }
        out.setSize(at + byteSize());
    }
}
