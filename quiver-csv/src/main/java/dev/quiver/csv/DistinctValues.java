// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.Arrays;

/**
 * Distinct byte strings in order of first appearance, found by their bytes (open addressing, no object
 * per value): the values of a dictionary being built.
 */
final class DistinctValues {
    private byte[] pool = new byte[1024];
    private int poolLength;
    private int[] offsets = new int[65];
    private int count;
    private int[] table = new int[128];

    DistinctValues() {
        Arrays.fill(table, -1);
    }

    /** How many distinct values there are. */
    int count() {
        return count;
    }

    /** The index of the value {@code b[s..e)}, added after the others when it is new. */
    int indexOf(byte[] b, int s, int e) {
        int mask = table.length - 1;
        int slot = hash(b, s, e) & mask;
        while (true) {
            int index = table[slot];
            if (index < 0) {
                index = add(b, s, e);
                table[slot] = index;
                if (count * 2 > table.length) {
                    rehash();
                }
                return index;
            }
            if (Arrays.equals(pool, offsets[index], offsets[index + 1], b, s, e)) {
                return index;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The values, in order, as an array of {@code type} (utf8 or binary) from {@code allocator}. */
    ArrayData build(ArrowType type, BufferAllocator allocator) {
        VarBinaryBuilder values = new VarBinaryBuilder(type, allocator);
        for (int index = 0; index < count; index++) {
            values.append(pool, offsets[index], offsets[index + 1] - offsets[index]);
        }
        return values.build().data();
    }

    private static int hash(byte[] b, int s, int e) {
        int h = 0x9E3779B9;
        for (int i = s; i < e; i++) {
            h = 31 * h + b[i];
        }
        return h ^ (h >>> 16);
    }

    private int add(byte[] b, int s, int e) {
        int n = e - s;
        if (poolLength + n > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(poolLength + n, pool.length * 2));
        }
        System.arraycopy(b, s, pool, poolLength, n);
        poolLength += n;
        if (count + 2 > offsets.length) {
            offsets = Arrays.copyOf(offsets, offsets.length * 2);
        }
        offsets[++count] = poolLength;
        return count - 1;
    }

    private void rehash() {
        table = new int[table.length * 2];
        Arrays.fill(table, -1);
        int mask = table.length - 1;
        for (int index = 0; index < count; index++) {
            int slot = hash(pool, offsets[index], offsets[index + 1]) & mask;
            while (table[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = index;
        }
    }
}
