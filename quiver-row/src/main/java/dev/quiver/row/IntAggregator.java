// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * Count, sum, min and max of an integer column. The sum is int64 for signed and uint64 for unsigned
 * input, wrapping around on overflow (as Arrow's sum does); min and max have the input type.
 */
final class IntAggregator extends ValueAggregator {
    private final ArrowType.Int type;
    /** Added to values before comparing, so that uint64 compares unsigned. */
    private final long bias;
    private final long[] chunk = new long[RowTableEncoder.MINI_BATCH];
    private long[] sums = new long[16];
    private long[] mins = new long[16];
    private long[] maxs = new long[16];

    IntAggregator(Field field, ArrowType.Int type) {
        super(field);
        this.type = type;
        this.bias = !type.signed() && type.bitWidth() == 64 ? Long.MIN_VALUE : 0;
        Arrays.fill(mins, Long.MAX_VALUE);
        Arrays.fill(maxs, Long.MIN_VALUE);
    }

    @Override
    protected void grow(int capacity) {
        int old = sums.length;
        sums = Arrays.copyOf(sums, capacity);
        mins = Arrays.copyOf(mins, capacity);
        maxs = Arrays.copyOf(maxs, capacity);
        Arrays.fill(mins, old, capacity, Long.MAX_VALUE);
        Arrays.fill(maxs, old, capacity, Long.MIN_VALUE);
    }

    @Override
    void update(ColumnView column, long[] rows, int n, int[] groupIds) {
        load(column, rows, n);
        long[] v = chunk;
        if (column.validity == null) {
            for (int r = 0; r < n; r++) {
                add(groupIds[r], v[r]);
            }
        } else {
            for (int r = 0; r < n; r++) {
                if (!column.isNull(rows[r])) {
                    add(groupIds[r], v[r]);
                }
            }
        }
    }

    private void add(int g, long value) {
        counts[g]++;
        sums[g] += value;
        long b = value ^ bias;
        if (b < mins[g]) {
            mins[g] = b;
        }
        if (b > maxs[g]) {
            maxs[g] = b;
        }
    }

    /** Reads values {@code rows[0..n)} into {@link #chunk}, sign- or zero-extended. */
    private void load(ColumnView column, long[] rows, int n) {
        MemorySegment s = column.values;
        long at = column.offset;
        long[] v = chunk;
        boolean signed = type.signed();
        switch (type.bitWidth()) {
            case 8 -> {
                for (int r = 0; r < n; r++) {
                    byte x = s.get(LittleEndian.BYTE, at + rows[r]);
                    v[r] = signed ? x : x & 0xFFL;
                }
            }
            case 16 -> {
                for (int r = 0; r < n; r++) {
                    short x = s.get(LittleEndian.SHORT, (at + rows[r]) * 2);
                    v[r] = signed ? x : x & 0xFFFFL;
                }
            }
            case 32 -> {
                for (int r = 0; r < n; r++) {
                    int x = s.get(LittleEndian.INT, (at + rows[r]) * 4);
                    v[r] = signed ? x : x & 0xFFFF_FFFFL;
                }
            }
            default -> {
                for (int r = 0; r < n; r++) {
                    v[r] = s.get(LittleEndian.LONG, (at + rows[r]) * 8);
                }
            }
        }
    }

    @Override
    void copyGroup(ValueAggregator from, int g, int to) {
        IntAggregator other = (IntAggregator) from;
        counts[to] = other.counts[g];
        sums[to] = other.sums[g];
        mins[to] = other.mins[g];
        maxs[to] = other.maxs[g];
    }

    @Override
    List<Field> outputFields() {
        ArrowType sumType = type.signed() ? ArrowType.INT64 : ArrowType.UINT64;
        return List.of(countField(), Field.nullable(field.name() + "_sum", sumType),
                Field.nullable(field.name() + "_min", field.type()), Field.nullable(field.name() + "_max", field.type()));
    }

    @Override
    List<ArrayData> finish(int groups, BufferAllocator allocator) {
        long[] min = new long[groups];
        long[] max = new long[groups];
        for (int g = 0; g < groups; g++) {
            min[g] = mins[g] ^ bias;
            max[g] = maxs[g] ^ bias;
        }
        ArrowType sumType = type.signed() ? ArrowType.INT64 : ArrowType.UINT64;
        return List.of(countColumn(groups, allocator), ResultColumns.longs(sumType, sums, counts, groups, allocator),
                ResultColumns.longs(field.type(), min, counts, groups, allocator),
                ResultColumns.longs(field.type(), max, counts, groups, allocator));
    }
}
