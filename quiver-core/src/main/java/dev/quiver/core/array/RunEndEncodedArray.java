// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;

/**
 * Run-end encoded data: no buffers of its own, a run ends child (int16, int32 or int64: the logical
 * position where each run ends, positive and strictly increasing) and a values child (the value of each
 * run). The logical length and offset are this array's; logical slot {@code i} lies at position
 * {@code offset() + i} of the run ends' coordinates, so slicing only changes the offset. Random access
 * is a binary search over the run ends.
 */
public final class RunEndEncodedArray extends Array {
    private final Array runEnds;
    private final Array values;
    private final MemorySegment ends;
    private final long endsOffset;
    private final int endWidth;

    private RunEndEncodedArray(ArrayData data) {
        super(data);
        ArrayData endsData = data.child(0);
        this.runEnds = Array.ofUnchecked(endsData);
        this.values = Array.ofUnchecked(data.child(1));
        ArrowBuffer buffer = endsData.buffer(1);
        this.ends = (buffer == null ? ArrowBuffer.EMPTY : buffer).segment();
        this.endsOffset = endsData.offset();
        this.endWidth = ((ArrowType.Int) ((ArrowType.RunEndEncoded) storageType()).runEnds().type()).bitWidth() / 8;
    }

    /**
     * Checks the data's structure and that its type is run_end_encoded, and wraps it: the form for data that
     * does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not run_end_encoded (rule {@link Rules#ARRAY_TYPE})
     */
    public static RunEndEncodedArray of(ArrayData data) {
        return checkedAs(data, RunEndEncodedArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type run_end_encoded,
     * such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type run_end_encoded
     * @return the array over {@code data}
     */
    public static RunEndEncodedArray ofUnchecked(ArrayData data) {
        return new RunEndEncodedArray(data);
    }

    /**
     * The run ends child, whole (not sliced with this array).
     *
     * @return the run ends, an int16, int32 or int64 array
     */
    public Array runEnds() {
        return runEnds;
    }

    /**
     * The values child, whole: value {@code k} is the value of run {@code k}.
     *
     * @return the values child
     */
    public Array values() {
        return values;
    }

    /**
     * The number of runs in the run ends child (all of them, not only those this slice touches).
     *
     * @return the length of the run ends child
     */
    public long runCount() {
        return runEnds.length();
    }

    /**
     * The end of run {@code k}: the logical position (in unsliced coordinates) after its last slot.
     *
     * @param k the run, from 0 to {@code runCount() - 1}
     * @return the run's end
     */
    public long runEnd(long k) {
        long at = endsOffset + k;
        return switch (endWidth) {
            case 2 -> ends.get(LittleEndian.SHORT, at * 2);
            case 4 -> ends.get(LittleEndian.INT, at * 4);
            default -> ends.get(LittleEndian.LONG, at * 8);
        };
    }

    /**
     * The run (index into {@link #values()}) that holds logical slot {@code i}: a binary search over the run
     * ends.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the run's index
     * @throws IndexOutOfBoundsException if {@code i} is outside this array
     */
    public long physicalIndex(long i) {
        if (i < 0 || i >= data.length()) {
            throw new IndexOutOfBoundsException("slot " + i + " is outside an array of length " + data.length());
        }
        return findRun(data.offset() + i);
    }

    /** The first run whose end is past {@code position}. */
    private long findRun(long position) {
        long lo = 0;
        long hi = runEnds.length();
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (runEnd(mid) <= position) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The run that holds this array's first slot (0 when it is empty).
     *
     * @return the run's index
     */
    public long physicalOffset() {
        return data.length() == 0 ? 0 : findRun(data.offset());
    }

    /**
     * The number of runs this array's slots touch.
     *
     * @return the number of runs, 0 when the array is empty
     */
    public long physicalLength() {
        if (data.length() == 0) {
            return 0;
        }
        return findRun(data.offset() + data.length() - 1) - findRun(data.offset()) + 1;
    }

    /** Null when the value of the slot's run is null (there is no validity bitmap of its own). */
    @Override
    public boolean isNull(long i) {
        return values.isNull(physicalIndex(i));
    }

    /** The value of the run that holds slot {@code i}. */
    @Override
    public Object getObject(long i) {
        return values.getObject(physicalIndex(i));
    }

    @Override
    protected String formatValue(long i) {
        return values.formatValue(physicalIndex(i));
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        RunEndEncodedArray o = (RunEndEncodedArray) other;
        return values.valueEquals(physicalIndex(i), o.values, o.physicalIndex(j));
    }

    /** Every run end positive and greater than the previous one; then the values' checks. */
    @Override
    protected void validateContent() {
        long n = runEnds.length();
        long previous = 0;
        for (long k = 0; k < n; k++) {
            long end = runEnd(k);
            if (end <= previous) {
                throw new ValidationException(Rules.RUN_ENDS, k, "run end " + end + (k == 0 ? " is not positive"
                        : " does not exceed the previous run end " + previous));
            }
            previous = end;
        }
        values.validateContent();
    }

    @Override
    public RunEndEncodedArray slice(long offset, long length) {
        return new RunEndEncodedArray(data.slice(offset, length));
    }
}
