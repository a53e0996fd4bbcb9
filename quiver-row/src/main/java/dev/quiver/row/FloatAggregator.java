// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * Count, sum, min and max of a floating-point column. The sum is float64; min and max have the input
 * type and skip NaN (as C's {@code fmin}/{@code fmax}): they are NaN only when every value is NaN.
 * Zeros of either sign compare equal, so min and max keep the first zero seen.
 */
final class FloatAggregator extends ValueAggregator {
    private final ArrowType.FloatingPoint type;
    private final double[] chunk = new double[RowTableEncoder.MINI_BATCH];
    private double[] sums = new double[16];
    private double[] mins = new double[16];
    private double[] maxs = new double[16];

    FloatAggregator(Field field, ArrowType.FloatingPoint type) {
        super(field);
        this.type = type;
        Arrays.fill(mins, Double.NaN);
        Arrays.fill(maxs, Double.NaN);
    }

    @Override
    protected void grow(int capacity) {
        int old = sums.length;
        sums = Arrays.copyOf(sums, capacity);
        mins = Arrays.copyOf(mins, capacity);
        maxs = Arrays.copyOf(maxs, capacity);
        Arrays.fill(mins, old, capacity, Double.NaN);
        Arrays.fill(maxs, old, capacity, Double.NaN);
    }

    @Override
    void update(ColumnView column, long[] rows, int n, int[] groupIds) {
        load(column, rows, n);
        double[] v = chunk;
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

    private void add(int g, double value) {
        counts[g]++;
        sums[g] += value;
        double min = mins[g];
        if (value < min || min != min) {
            mins[g] = value;
        }
        double max = maxs[g];
        if (value > max || max != max) {
            maxs[g] = value;
        }
    }

    private void load(ColumnView column, long[] rows, int n) {
        MemorySegment s = column.values;
        long at = column.offset;
        double[] v = chunk;
        switch (type.precision()) {
            case HALF -> {
                for (int r = 0; r < n; r++) {
                    v[r] = HalfFloat.toFloat(s.get(LittleEndian.SHORT, (at + rows[r]) * 2));
                }
            }
            case SINGLE -> {
                for (int r = 0; r < n; r++) {
                    v[r] = s.get(LittleEndian.FLOAT, (at + rows[r]) * 4);
                }
            }
            case DOUBLE -> {
                for (int r = 0; r < n; r++) {
                    v[r] = s.get(LittleEndian.DOUBLE, (at + rows[r]) * 8);
                }
            }
        }
    }

    @Override
    void copyGroup(ValueAggregator from, int g, int to) {
        FloatAggregator other = (FloatAggregator) from;
        counts[to] = other.counts[g];
        sums[to] = other.sums[g];
        mins[to] = other.mins[g];
        maxs[to] = other.maxs[g];
    }

    @Override
    List<Field> outputFields() {
        return List.of(countField(), Field.nullable(field.name() + "_sum", ArrowType.FLOAT64),
                Field.nullable(field.name() + "_min", field.type()), Field.nullable(field.name() + "_max", field.type()));
    }

    @Override
    List<ArrayData> finish(int groups, BufferAllocator allocator) {
        return List.of(countColumn(groups, allocator),
                ResultColumns.doubles(ArrowType.FLOAT64, sums, counts, groups, allocator),
                ResultColumns.doubles(field.type(), mins, counts, groups, allocator),
                ResultColumns.doubles(field.type(), maxs, counts, groups, allocator));
    }
}
