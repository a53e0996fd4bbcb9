package dev.quiver.core.array;

/** SKELETON: to be implemented. */
public final class IntervalDayTimeArray extends FixedWidthArray {
    public IntervalDayTimeArray(ArrayData data) {
        super(data, 8);
    }

    @Override
    public Object getObject(long i) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
