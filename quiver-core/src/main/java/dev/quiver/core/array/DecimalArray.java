package dev.quiver.core.array;

import dev.quiver.core.type.Types;

/** SKELETON: to be implemented. */
public final class DecimalArray extends FixedWidthArray {
    public DecimalArray(ArrayData data) {
        super(data, ((dev.quiver.core.type.ArrowType.Decimal) Types.storage(data.type())).bitWidth() / 8);
    }

    @Override
    public Object getObject(long i) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
