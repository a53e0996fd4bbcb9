package dev.quiver.core.array;

/** SKELETON: to be implemented. */
public final class IntervalMonthDayNanoArray extends FixedWidthArray {
    public IntervalMonthDayNanoArray(ArrayData data) {
        super(data, 16);
    }

    @Override
    public Object getObject(long i) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
