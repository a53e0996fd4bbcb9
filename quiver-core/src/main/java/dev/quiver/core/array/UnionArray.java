package dev.quiver.core.array;

/** SKELETON: to be implemented. */
public final class UnionArray extends Array {
    public UnionArray(ArrayData data) {
        super(data);
    }

    @Override
    public Object getObject(long i) {
        throw new UnsupportedOperationException("not implemented yet");
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
