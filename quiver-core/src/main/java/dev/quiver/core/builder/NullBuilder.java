// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.NullArray;
import dev.quiver.core.type.ArrowType;
import java.util.List;

/** Builds arrays of the null type: only a length. */
public final class NullBuilder implements ArrayBuilder {
    private long length;

    /** An empty builder. */
    public NullBuilder() {
    }

    @Override
    public ArrowType type() {
        return ArrowType.NULL;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public NullBuilder appendNull() {
        length++;
        return this;
    }

    /** Appends {@code n} nulls. */
    public NullBuilder appendNulls(long n) {
        length += n;
        return this;
    }

    @Override
    public NullBuilder appendObject(Object value) {
        if (value != null) {
            throw new IllegalArgumentException("a null array holds only nulls, not " + value);
        }
        return appendNull();
    }

    @Override
    public NullArray build() {
        ArrayData data = new ArrayData(ArrowType.NULL, length, 0, length, List.of(), List.of(), null);
        length = 0;
        return NullArray.ofUnchecked(data);
    }

    /**
     * An empty builder of the null type.
     *
     * @return the builder
     */
    public static NullBuilder of() {
        return new NullBuilder();
    }
}
