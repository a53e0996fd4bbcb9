// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Values;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Types;
import java.math.BigInteger;

/**
 * Builds arrays of integers of any width and sign, and of the types stored as integers: dates, times,
 * timestamps, durations and interval[year_month]. Values are given as {@code long} and stored in the
 * type's width (truncated: the caller keeps values in range).
 */
public final class IntBuilder extends FixedWidthBuilder<IntBuilder> {
    private final int byteWidth;

    public IntBuilder(ArrowType type, BufferAllocator allocator) {
        super(type, widthOf(Types.storage(type)), allocator);
        this.byteWidth = widthOf(Types.storage(type));
    }

    private static int widthOf(ArrowType type) {
        return switch (type) {
            case ArrowType.Int t -> t.bitWidth() / 8;
            case ArrowType.Date t -> t.bitWidth() / 8;
            case ArrowType.Time t -> t.bitWidth() / 8;
            case ArrowType.Timestamp t -> 8;
            case ArrowType.Duration t -> 8;
            case ArrowType.Interval t when t.unit() == IntervalUnit.YEAR_MONTH -> 4;
            default -> throw new IllegalArgumentException(type + " is not stored as integers");
        };
    }

    public IntBuilder append(long value) {
        switch (byteWidth) {
            case 1 -> values.appendByte((byte) value);
            case 2 -> values.appendShort((short) value);
            case 4 -> values.appendInt((int) value);
            default -> values.appendLong(value);
        }
        return valueAppended();
    }

    @Override
    public IntBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case BigInteger b -> append(b.longValue());
            case Number n -> append(n.longValue());
            default -> throw new IllegalArgumentException("not an integer: " + value);
        };
    }
}
