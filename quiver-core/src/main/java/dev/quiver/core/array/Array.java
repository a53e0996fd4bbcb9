package dev.quiver.core.array;

import dev.quiver.core.internal.validation.NullCountValidator;
import dev.quiver.core.internal.validation.TrustedDictionaries;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.ValidationException;

/**
 * An immutable Arrow array: typed, allocation-free access over {@link ArrayData}. Subclasses exist per
 * physical layout ({@link Int32Array}, {@link VarBinaryArray}, {@link ListArray}, ...); {@link #of}
 * picks the right one. Equality is logical: two arrays are equal when their types, lengths, null slots
 * and values are, whatever their offsets, padding or bytes under nulls.
 */
public abstract class Array {
    private static final int TO_STRING_LIMIT = 100;

    protected final ArrayData data;

    protected Array(ArrayData data) {
        this.data = data;
    }

    /** Checks the data's structure ({@link ArrayData#validate()}) and wraps it in its typed class. */
    public static Array of(ArrayData data) {
        data.validate();
        return wrap(data);
    }

    /** Wraps data that is known to be structurally valid in its typed class, without checks. */
    public static Array wrap(ArrayData data) {
        ArrowType type = data.type();
        return switch (type) {
            case ArrowType.Null t -> new NullArray(data);
            case ArrowType.Bool t -> new BooleanArray(data);
            case ArrowType.Int t -> switch (t.bitWidth()) {
                case 8 -> t.signed() ? new Int8Array(data) : new UInt8Array(data);
                case 16 -> t.signed() ? new Int16Array(data) : new UInt16Array(data);
                case 32 -> t.signed() ? new Int32Array(data) : new UInt32Array(data);
                default -> t.signed() ? new Int64Array(data) : new UInt64Array(data);
            };
            case ArrowType.FloatingPoint t -> switch (t.precision()) {
                case HALF -> new Float16Array(data);
                case SINGLE -> new Float32Array(data);
                case DOUBLE -> new Float64Array(data);
            };
            case ArrowType.Date t -> new DateArray(data);
            case ArrowType.Time t -> new TimeArray(data);
            case ArrowType.Timestamp t -> new TimestampArray(data);
            case ArrowType.Duration t -> new DurationArray(data);
            case ArrowType.Interval t -> t.unit() == IntervalUnit.YEAR_MONTH ? new IntervalYearMonthArray(data)
                    : t.unit() == IntervalUnit.DAY_TIME ? new IntervalDayTimeArray(data)
                    : new IntervalMonthDayNanoArray(data);
            case ArrowType.Decimal t -> new DecimalArray(data);
            case ArrowType.FixedSizeBinary t -> new FixedSizeBinaryArray(data);
            case ArrowType.Binary t -> new VarBinaryArray(data);
            case ArrowType.Utf8 t -> new VarBinaryArray(data);
            case ArrowType.LargeBinary t -> new VarBinaryArray(data);
            case ArrowType.LargeUtf8 t -> new VarBinaryArray(data);
            case ArrowType.BinaryView t -> new BinaryViewArray(data);
            case ArrowType.Utf8View t -> new BinaryViewArray(data);
            case ArrowType.List t -> new ListArray(data);
            case ArrowType.LargeList t -> new ListArray(data);
            case ArrowType.ListView t -> new ListViewArray(data);
            case ArrowType.LargeListView t -> new ListViewArray(data);
            case ArrowType.FixedSizeList t -> new FixedSizeListArray(data);
            case ArrowType.Struct t -> new StructArray(data);
            case ArrowType.Map t -> new MapArray(data);
            case ArrowType.Union t -> new UnionArray(data);
            case ArrowType.RunEndEncoded t -> new RunEndEncodedArray(data);
            case ArrowType.Dictionary t -> new DictionaryArray(data);
            case ArrowType.Extension t -> new ExtensionArray(data);
        };
    }

    public ArrayData data() {
        return data;
    }

    public ArrowType type() {
        return data.type();
    }

    public long length() {
        return data.length();
    }

    public long offset() {
        return data.offset();
    }

    /** The physical null count of this array's own validity (see {@link ArrayData#nullCount()}). */
    public long nullCount() {
        return data.nullCount();
    }

    /**
     * Whether slot {@code i} is null; unions and run-end encoded arrays answer logically (from the
     * selected child, from the run's value). A dictionary slot is null when its index is: a valid index
     * may point at a null dictionary value, which {@link #getObject} returns as null.
     */
    public boolean isNull(long i) {
        return !data.isValid(i);
    }

    public final boolean isValid(long i) {
        return !isNull(i);
    }

    /** A zero-copy view of {@code length} slots from {@code offset}. */
    public Array slice(long offset, long length) {
        return wrap(data.slice(offset, length));
    }

    /**
     * The value at slot {@code i} as a plain Java object, or null: Integer/Long/BigInteger for integers
     * (by width; uint64 as BigInteger) and the integer-stored temporal types, Float/Double, BigDecimal,
     * Boolean, byte[] for binary, String for utf8, List for lists, a LinkedHashMap for structs, a list of
     * Map.Entry for maps, the selected child's value for unions, the decoded value for dictionaries and
     * run-end encoded data, {@link IntervalDayTime} and {@link IntervalMonthDayNano} for those intervals.
     */
    public abstract Object getObject(long i);

    /**
     * Whether the valid slot {@code i} of this array holds the same value as the valid slot {@code j} of
     * {@code other}, which has this array's class and an equal type.
     */
    protected abstract boolean valueEquals(long i, Array other, long j);

    /**
     * Checks every invariant of the spec over the whole data, recorded null counts included; throws
     * {@link ValidationException}.
     */
    public final void validateFull() {
        data.validate();
        NullCountValidator.validate(data);
        validateContent();
    }

    /**
     * {@link #validateFull()} with every dictionary trusted: a dictionary's indices are checked against
     * its length, but its own data is taken as fully validated already. Readers of IPC streams validate
     * a dictionary once, when it arrives, rather than again with every batch that uses it.
     *
     * @throws ValidationException naming the first broken rule outside the dictionaries
     */
    public final void validateFullTrustingDictionaries() {
        ScopedValue.where(TrustedDictionaries.SCOPE, Boolean.TRUE).run(this::validateFull);
    }

    /**
     * The data-dependent checks of this layout (offsets, UTF-8, views, type ids, run ends, indices),
     * after structural validation passed; nested arrays also check their children.
     */
    protected void validateContent() {
    }

    /** Whether slots {@code [i, i+n)} of this array equal slots {@code [j, j+n)} of {@code other}. */
    public boolean rangeEquals(long i, Array other, long j, long n) {
        if (other.getClass() != getClass() || !typesMatch(type(), other.type())) {
            return false;
        }
        for (long k = 0; k < n; k++) {
            boolean nullA = isNull(i + k);
            if (nullA != other.isNull(j + k)) {
                return false;
            }
            if (!nullA && !valueEquals(i + k, other, j + k)) {
                return false;
            }
        }
        return true;
    }

    /** Types equal for array comparison: equal records. */
    static boolean typesMatch(ArrowType a, ArrowType b) {
        return a.equals(b);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Array other && length() == other.length() && rangeEquals(0, other, 0, length());
    }

    @Override
    public int hashCode() {
        return type().hashCode() * 31 + Long.hashCode(length());
    }

    /** How slot {@code i} prints in {@link #toString()}: strings quoted, binary as hex. */
    protected String formatValue(long i) {
        return Values.format(getObject(i));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        long n = Math.min(length(), TO_STRING_LIMIT);
        for (long i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(isNull(i) ? "null" : formatValue(i));
        }
        if (length() > n) {
            sb.append(", ... ").append(length() - n).append(" more");
        }
        return sb.append(']').toString();
    }

    /** The storage type of this array's type (extension types unwrapped). */
    protected ArrowType storageType() {
        return Types.storage(type());
    }
}
