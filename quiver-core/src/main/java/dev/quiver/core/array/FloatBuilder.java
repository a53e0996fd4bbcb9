package dev.quiver.core.array;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Precision;
import java.util.Arrays;
import java.util.List;

/**
 * Builds arrays of floats of any precision. Values are given as {@code double} and rounded to the
 * type's precision (to nearest, ties to even).
 */
public final class FloatBuilder implements ArrayBuilder {
    private final ArrowType.FloatingPoint type;
    private final GrowableBuffer values;
    private final ValidityBuilder validity;

    public FloatBuilder(ArrowType.FloatingPoint type, BufferAllocator allocator) {
        this.type = type;
        this.values = new GrowableBuffer(allocator);
        this.validity = new ValidityBuilder(allocator);
    }

    @Override
    public ArrowType type() {
        return type;
    }

    @Override
    public long length() {
        return validity.length();
    }

    /** Appends a value, rounded to the type's precision. */
    public FloatBuilder append(double value) {
        switch (type.precision()) {
            // Rounding via float stays correct: 24 bits >= 2 * 11 + 2 makes double rounding innocuous.
            case HALF -> values.appendShort(HalfFloat.fromFloat((float) value));
            case SINGLE -> values.appendFloat((float) value);
            case DOUBLE -> values.appendDouble(value);
        }
        validity.append(true);
        return this;
    }

    /** Appends the raw binary16 bits of a half precision value (float16 only). */
    public FloatBuilder appendHalfBits(short bits) {
        if (type.precision() != Precision.HALF) {
            throw new IllegalStateException("raw half bits appended to a " + type + " builder");
        }
        values.appendShort(bits);
        validity.append(true);
        return this;
    }

    @Override
    public FloatBuilder appendNull() {
        values.appendZeros(type.precision().bitWidth() / 8);
        validity.append(false);
        return this;
    }

    @Override
    public FloatBuilder appendObject(Object value) {
        return switch (value) {
            case null -> appendNull();
            case Number n -> append(n.doubleValue());
            default -> throw new IllegalArgumentException("not a number: " + value);
        };
    }

    @Override
    public Array build() {
        long length = validity.length();
        long nulls = validity.unsetCount();
        ArrayData data = new ArrayData(type, length, 0, nulls,
                Arrays.asList(validity.finishValidity(), values.finish()), List.of(), null);
        return Array.wrap(data);
    }
}
