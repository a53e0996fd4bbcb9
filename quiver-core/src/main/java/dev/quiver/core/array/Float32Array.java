package dev.quiver.core.array;

/** SKELETON: to be implemented. */
public final class Float32Array extends FixedWidthArray {
    public Float32Array(ArrayData data) {
        super(data, 4);
    }

    @Override
    public Object getObject(long i) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
