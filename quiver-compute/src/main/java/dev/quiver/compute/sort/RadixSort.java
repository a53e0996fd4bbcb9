// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import dev.quiver.compute.kernel.Parallel;

/**
 * A stable least-significant-digit radix sort of unsigned 64-bit keys carrying an int payload; digits where every
 * key agrees are skipped, so narrow ranges take one or two passes. With several threads each pass counts and
 * scatters contiguous blocks in parallel, the blocks' outputs placed in block order (so it stays stable).
 */
final class RadixSort {
    private static final int PARALLEL_MIN = 1 << 18;

    private RadixSort() {
    }

    /** Sorts {@code keys[0..n)} ascending as unsigned values, moving {@code vals} along; stable. */
    static void sort(long[] keys, int[] vals, int n, int threads) {
        if (n < 2 || isSorted(keys, n)) {
            return;
        }
        int bits = n < 1 << 16 ? 8 : 16;
        int buckets = 1 << bits;
        int passes = 64 / bits;
        int blocks = n < PARALLEL_MIN ? 1 : Math.max(1, threads);
        long mask = buckets - 1;
        // counts[block][pass * buckets + digit]
        int[][] counts = new int[blocks][passes * buckets];
        Parallel.run(blocks, threads, b -> {
            int[] c = counts[b];
            for (int i = start(n, blocks, b), end = start(n, blocks, b + 1); i < end; i++) {
                long k = keys[i];
                for (int p = 0; p < passes; p++) {
                    c[p * buckets + (int) (k >>> (p * bits) & mask)]++;
                }
            }
        });
        long[] k2 = new long[n];
        int[] v2 = new int[n];
        long[][] srcK = {keys};
        int[][] srcV = {vals};
        long[][] dstK = {k2};
        int[][] dstV = {v2};
        for (int p = 0; p < passes; p++) {
            int base = p * buckets;
            int first = (int) (srcK[0][0] >>> (p * bits) & mask);
            int total = 0;
            for (int[] c : counts) {
                total += c[base + first];
            }
            if (total == n) {
                continue;
            }
            int shift = p * bits;
            long[] sk = srcK[0];
            if (blocks > 1 && p > 0) {
                // The earlier passes moved keys between blocks: count this digit again, block by block.
                Parallel.run(blocks, threads, b -> {
                    int[] c = counts[b];
                    java.util.Arrays.fill(c, base, base + buckets, 0);
                    for (int i = start(n, blocks, b), end = start(n, blocks, b + 1); i < end; i++) {
                        c[base + (int) (sk[i] >>> shift & mask)]++;
                    }
                });
            }
            // Exclusive prefix over (digit, block): block b's digit d starts after every smaller digit and
            // after the earlier blocks' d.
            int sum = 0;
            for (int d = 0; d < buckets; d++) {
                for (int[] c : counts) {
                    int t = c[base + d];
                    c[base + d] = sum;
                    sum += t;
                }
            }
            int[] sv = srcV[0];
            long[] dk = dstK[0];
            int[] dv = dstV[0];
            Parallel.run(blocks, threads, b -> {
                int[] c = counts[b];
                for (int i = start(n, blocks, b), end = start(n, blocks, b + 1); i < end; i++) {
                    long k = sk[i];
                    int at = c[base + (int) (k >>> shift & mask)]++;
                    dk[at] = k;
                    dv[at] = sv[i];
                }
            });
            srcK[0] = dk;
            dstK[0] = sk;
            srcV[0] = dv;
            dstV[0] = sv;
        }
        if (srcK[0] != keys) {
            System.arraycopy(srcK[0], 0, keys, 0, n);
            System.arraycopy(srcV[0], 0, vals, 0, n);
        }
    }

    private static boolean isSorted(long[] keys, int n) {
        for (int i = 1; i < n; i++) {
            if (Long.compareUnsigned(keys[i - 1], keys[i]) > 0) {
                return false;
            }
        }
        return true;
    }

    private static int start(int n, int blocks, int b) {
        return (int) ((long) n * b / blocks);
    }
}
