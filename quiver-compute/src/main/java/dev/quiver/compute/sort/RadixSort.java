// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

/**
 * A stable least-significant-digit radix sort of unsigned 64-bit keys carrying an int payload; digits where every
 * key agrees are skipped, so narrow ranges take one or two passes.
 */
final class RadixSort {
    private RadixSort() {
    }

    /** Sorts {@code keys[0..n)} ascending as unsigned values, moving {@code vals} along; stable. */
    static void sort(long[] keys, int[] vals, int n) {
        if (n < 2) {
            return;
        }
        int bits = n < 1 << 16 ? 8 : 16;
        int buckets = 1 << bits;
        int passes = 64 / bits;
        int[][] counts = new int[passes][buckets];
        long mask = buckets - 1;
        long sorted = 0;
        long prev = keys[0];
        for (int i = 0; i < n; i++) {
            long k = keys[i];
            sorted |= Long.compareUnsigned(k, prev) < 0 ? 1 : 0;
            prev = k;
            for (int p = 0; p < passes; p++) {
                counts[p][(int) (k >>> (p * bits) & mask)]++;
            }
        }
        if (sorted == 0) {
            return;
        }
        long[] k2 = new long[n];
        int[] v2 = new int[n];
        long[] srcK = keys;
        int[] srcV = vals;
        long[] dstK = k2;
        int[] dstV = v2;
        for (int p = 0; p < passes; p++) {
            int[] c = counts[p];
            int shift = p * bits;
            if (c[(int) (srcK[0] >>> shift & mask)] == n) {
                continue;
            }
            int sum = 0;
            for (int b = 0; b < buckets; b++) {
                int t = c[b];
                c[b] = sum;
                sum += t;
            }
            for (int i = 0; i < n; i++) {
                long k = srcK[i];
                int at = c[(int) (k >>> shift & mask)]++;
                dstK[at] = k;
                dstV[at] = srcV[i];
            }
            long[] tk = srcK;
            srcK = dstK;
            dstK = tk;
            int[] tv = srcV;
            srcV = dstV;
            dstV = tv;
        }
        if (srcK != keys) {
            System.arraycopy(srcK, 0, keys, 0, n);
            System.arraycopy(srcV, 0, vals, 0, n);
        }
    }
}
