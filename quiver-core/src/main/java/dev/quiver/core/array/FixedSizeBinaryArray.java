package dev.quiver.core.array;

import dev.quiver.core.type.Types;

/** SKELETON: to be implemented. */
public final class FixedSizeBinaryArray extends FixedWidthArray {
    public FixedSizeBinaryArray(ArrayData data) {
        super(data, ((dev.quiver.core.type.ArrowType.FixedSizeBinary) Types.storage(data.type())).byteWidth());
    }

    @Override
    public Object getObject(long i) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
