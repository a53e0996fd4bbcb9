// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Values;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Precision;

/**
 * Builds arrays of floats of any precision. Values are given as {@code double} and rounded to the
 * type's precision (to nearest, ties to even).
 */
public final class FloatBuilder extends FixedWidthBuilder<FloatBuilder> {
    private final ArrowType.FloatingPoint type;

    public FloatBuilder(ArrowType.FloatingPoint type, BufferAllocator allocator) {
        super(type, type.precision().bitWidth() / 8, allocator);
        this.type = type;
    }

    /** Appends a value, rounded to the type's precision. */
    public FloatBuilder append(double value) {
        switch (type.precision()) {
            // Rounding via float stays correct: 24 bits >= 2 * 11 + 2 makes double rounding innocuous.
            case HALF -> values.appendShort(HalfFloat.fromFloat((float) value));
            case SINGLE -> values.appendFloat((float) value);
            case DOUBLE -> values.appendDouble(value);
        }
        return valueAppended();
    }

    /** Appends the raw binary16 bits of a half precision value (float16 only). */
    public FloatBuilder appendHalfBits(short bits) {
        if (type.precision() != Precision.HALF) {
            throw new IllegalStateException("raw half bits appended to a " + type + " builder");
        }
        values.appendShort(bits);
        return valueAppended();
    }

    @Override
    public FloatBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case Number n -> append(n.doubleValue());
            default -> throw new IllegalArgumentException("not a number: " + value);
        };
    }

}
