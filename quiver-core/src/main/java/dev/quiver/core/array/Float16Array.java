package dev.quiver.core.array;

/** SKELETON: to be implemented. */
public final class Float16Array extends FixedWidthArray {
    public Float16Array(ArrayData data) {
        super(data, 2);
    }

    @Override
    public Object getObject(long i) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
