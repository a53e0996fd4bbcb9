// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Types;
import java.util.Arrays;
import java.util.List;

/**
 * Count, sum, min and max of one value column per group, in growable primitive arrays indexed by group
 * id. Updated a mini-batch at a time from the value column's memory; one virtual call per mini-batch.
 */
abstract sealed class ValueAggregator permits IntAggregator, FloatAggregator {
    protected final Field field;
    /** Non-null values per group. */
    protected long[] counts = new long[16];

    ValueAggregator(Field field) {
        this.field = field;
    }

    /** The aggregator of a numeric value column. */
    static ValueAggregator of(Field field) {
        ArrowType type = Types.storage(field.type());
        return switch (type) {
            case ArrowType.Int t -> new IntAggregator(field, t);
            case ArrowType.FloatingPoint t -> new FloatAggregator(field, t);
            default -> throw new UnsupportedColumnTypeException(field.type(), "cannot aggregate column " + field.name()
                    + " of type " + field.type() + ": count, sum, min and max take integer and floating-point columns");
        };
    }

    /** Makes room for group ids below {@code groups}. */
    void ensureGroups(int groups) {
        if (groups > counts.length) {
            int capacity = Math.max(groups, counts.length * 2);
            counts = Arrays.copyOf(counts, capacity);
            grow(capacity);
        }
    }

    /** Grows the other per-group arrays to {@code capacity}. */
    protected abstract void grow(int capacity);

    /** Adds value {@code rows[r]} of {@code column} to group {@code groupIds[r]}, for {@code r < n}. */
    abstract void update(ColumnView column, long[] rows, int n, int[] groupIds);

    /**
     * Sets group {@code to} (room made) to the aggregates of group {@code g} of {@code from}, an
     * aggregator of the same field.
     */
    abstract void copyGroup(ValueAggregator from, int g, int to);

    /** The output fields: count, sum, min, max. */
    abstract List<Field> outputFields();

    /** The output columns for groups {@code [0, groups)}: count, sum, min, max. */
    abstract List<ArrayData> finish(int groups, BufferAllocator allocator);

    /** The count column. */
    protected ArrayData countColumn(int groups, BufferAllocator allocator) {
        return ResultColumns.longs(ArrowType.INT64, counts, null, groups, allocator);
    }

    protected Field countField() {
        return Field.notNull(field.name() + "_count", ArrowType.INT64);
    }
}
