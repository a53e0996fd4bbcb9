// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.hash.KeyGrouper;
import dev.quiver.compute.kernel.Parallel;
import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.row.RowHasher;
import dev.quiver.row.RowTableMetadata;
import java.util.List;

/**
 * The build side's key groups. A small build side, or one thread, has one {@link KeyGrouper}. A large one on several
 * threads is partitioned by the top bits of each key's hash: the rows are hashed in parallel blocks, scattered to
 * their partitions (in row order), and every partition grouped by its own grouper at once on the threads; the
 * groups of partition {@code p} are numbered from {@code groupBase[p]}. A probe hashes its rows once, splits them by
 * partition and finds each partition's rows in its grouper. Memory stays in proportion to the build side (the
 * groupers hold each distinct key once; the row hashes and partition lists live only while building).
 */
final class BuildKeys implements JoinKeys {
    /** Build sides at least this long are partitioned when several threads are asked for. */
    static final int PARTITIONED_ROWS = 1 << 16;
    private static final int BLOCK = 1 << 16;

    private final RowTableMetadata metadata;
    private final KeyGrouper[] parts;
    private final int shift;
    private final int[] groupBase;

    /**
     * Groups the build side's keys.
     *
     * @param keyTypes the key columns' types
     * @param keys the build side's key columns
     * @param n the build side's rows
     * @param threads the threads to use
     * @param allocator where the encoded keys live
     * @param ids receives the group id of each build row, {@code n} long
     */
    BuildKeys(List<ArrowType> keyTypes, List<ArrayData> keys, int n, int threads, BufferAllocator allocator,
            int[] ids) {
        int p = threads > 1 && n >= PARTITIONED_ROWS ? Integer.highestOneBit(Math.min(64, 8 * threads) * 2 - 1) : 1;
        this.parts = new KeyGrouper[p];
        for (int k = 0; k < p; k++) {
            parts[k] = new KeyGrouper(keyTypes, allocator);
        }
        try {
            this.metadata = RowTableMetadata.of(keyTypes);
        } catch (QuiverException e) {
            throw new ComputeException("key columns of types " + keyTypes + " cannot be grouped: " + e.getMessage(), e);
        }
        this.shift = 64 - Integer.numberOfTrailingZeros(p);
        this.groupBase = new int[p + 1];
        if (p == 1) {
            parts[0].assign(keys, 0, n, ids);
            groupBase[1] = parts[0].groupCount();
        } else {
            buildPartitioned(keys, n, threads, ids);
        }
    }

    private int partition(long hash) {
        return (int) (hash >>> shift);
    }

    private void buildPartitioned(List<ArrayData> keys, int n, int threads, int[] ids) {
        int p = parts.length;
        int blocks = (n + BLOCK - 1) / BLOCK;
        long[] hashes = new long[n];
        int[][] counts = new int[blocks][p];
        Parallel.run(blocks, threads, b -> {
            int from = b * BLOCK;
            int count = Math.min(BLOCK, n - from);
            long[] h = new long[count];
            try {
                new RowHasher(metadata).hashColumns(keys, from, count, h);
            } catch (QuiverException e) {
                throw new ComputeException("key columns: " + e.getMessage(), e);
            }
            System.arraycopy(h, 0, hashes, from, count);
            for (long x : h) {
                counts[b][partition(x)]++;
            }
        });
        int[][] rows = new int[p][];
        long[][] rowHashes = new long[p][];
        int[][] at = new int[blocks][p];
        for (int k = 0; k < p; k++) {
            int total = 0;
            for (int b = 0; b < blocks; b++) {
                at[b][k] = total;
                total += counts[b][k];
            }
            rows[k] = new int[total];
            rowHashes[k] = new long[total];
        }
        Parallel.run(blocks, threads, b -> {
            int[] pos = at[b];
            int to = Math.min(n, (b + 1) * BLOCK);
            for (int r = b * BLOCK; r < to; r++) {
                long h = hashes[r];
                int k = partition(h);
                rows[k][pos[k]] = r;
                rowHashes[k][pos[k]++] = h;
            }
        });
        int[][] local = new int[p][];
        Parallel.run(p, threads, k -> {
            local[k] = new int[rows[k].length];
            parts[k].assignSelected(keys, rows[k], rowHashes[k], rows[k].length, local[k]);
            rowHashes[k] = null;
        });
        for (int k = 0; k < p; k++) {
            groupBase[k + 1] = groupBase[k] + parts[k].groupCount();
        }
        Parallel.run(p, threads, k -> {
            int base = groupBase[k];
            int[] rk = rows[k];
            int[] lk = local[k];
            for (int j = 0; j < rk.length; j++) {
                ids[rk[j]] = base + lk[j];
            }
        });
    }

    @Override
    public int groupCount() {
        return groupBase[parts.length];
    }

    @Override
    public Probe probe() {
        return new Probe();
    }

    @Override
    public void close() {
        for (KeyGrouper g : parts) {
            g.close();
        }
    }

    /** Finds the groups of probe rows; holds one thread's scratch space. */
    final class Probe implements Finder {
        private final KeyGrouper.Lookup[] lookups = new KeyGrouper.Lookup[parts.length];
        private final RowHasher hasher = parts.length == 1 ? null : new RowHasher(metadata);
        private long[] hashes = new long[0];
        private int[][] rows = new int[parts.length][0];
        private long[][] rowHashes = new long[parts.length][0];
        private int[] counts = new int[parts.length];
        private int[] found = new int[0];

        private Probe() {
            for (int k = 0; k < parts.length; k++) {
                lookups[k] = parts[k].lookup();
            }
        }

        @Override
        public void find(List<ArrayData> keys, int from, int count, int[] ids) {
            if (parts.length == 1) {
                lookups[0].find(keys, from, count, ids);
                return;
            }
            if (hashes.length < count) {
                hashes = new long[count];
                found = new int[count];
            }
            try {
                hasher.hashColumns(keys, from, count, hashes);
            } catch (QuiverException e) {
                throw new ComputeException("key columns: " + e.getMessage(), e);
            }
            java.util.Arrays.fill(counts, 0);
            for (int r = 0; r < count; r++) {
                counts[partition(hashes[r])]++;
            }
            for (int k = 0; k < parts.length; k++) {
                if (rows[k].length < counts[k]) {
                    rows[k] = new int[Math.max(counts[k], rows[k].length * 2)];
                    rowHashes[k] = new long[rows[k].length];
                }
                counts[k] = 0;
            }
            for (int r = 0; r < count; r++) {
                long h = hashes[r];
                int k = partition(h);
                rows[k][counts[k]] = from + r;
                rowHashes[k][counts[k]++] = h;
            }
            for (int k = 0; k < parts.length; k++) {
                int c = counts[k];
                if (c == 0) {
                    continue;
                }
                lookups[k].findSelected(keys, rows[k], rowHashes[k], c, found);
                int base = groupBase[k];
                int[] rk = rows[k];
                for (int j = 0; j < c; j++) {
                    int g = found[j];
                    ids[rk[j] - from] = g < 0 ? -1 : base + g;
                }
            }
        }

        @Override
        public void close() {
            for (KeyGrouper.Lookup l : lookups) {
                l.close();
            }
        }
    }
}
