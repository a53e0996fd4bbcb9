// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.internal.validation.NullCountValidator;
import dev.quiver.core.internal.validation.TrustedDictionaries;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import dev.quiver.core.validation.ValidationLevel;
import java.util.Objects;

/**
 * An immutable Arrow array: typed, allocation-free access over {@link ArrayData}. Subclasses exist per
 * physical layout ({@link Int32Array}, {@link VarBinaryArray}, {@link ListArray}, ...); {@link #of}
 * picks the right one. Equality is logical: two arrays are equal when their types, lengths, null slots
 * and values are, whatever their offsets, padding or bytes under nulls.
 *
 * <p>Construction follows one rule for every array class: {@code of(data)} checks the data's structure
 * (and, on a typed class such as {@link Int64Array#of}, that the data's type is one the class holds),
 * while {@code ofUnchecked(data)} checks nothing, for data Quiver built or validated already.
 * {@link #validate(ValidationLevel)} checks an array at any level afterwards.
 */
public abstract class Array {
    private static final int TO_STRING_LIMIT = 100;

    /** The data this array reads. */
    protected final ArrayData data;

    /**
     * An array over {@code data}, unchecked: the typed classes' {@code of} and {@code ofUnchecked}
     * factories are the ways in.
     *
     * @param data the array's data
     */
    protected Array(ArrayData data) {
        this.data = data;
    }

    /**
     * Checks the data's structure ({@link ValidationLevel#STRUCTURE}) and wraps it in its typed class: the
     * form for data that does not come from Quiver's own builders or readers.
     *
     * @param data the data, of any type
     * @return the array of the class that holds the data's type
     * @throws ValidationException if the data's buffers or children do not fit its type and length
     */
    public static Array of(ArrayData data) {
        data.validate(ValidationLevel.STRUCTURE);
        return ofUnchecked(data);
    }

    /**
     * Wraps data in its typed class without any check: for data known to be structurally valid, such as
     * what a builder made or a reader validated. Reading structurally invalid data through the result may
     * throw from the memory API or return wrong values.
     *
     * @param data structurally valid data, of any type
     * @return the array of the class that holds the data's type
     */
    public static Array ofUnchecked(ArrayData data) {
        ArrowType type = data.type();
        return switch (type) {
            case ArrowType.Null t -> NullArray.ofUnchecked(data);
            case ArrowType.Bool t -> BooleanArray.ofUnchecked(data);
            case ArrowType.Int t -> switch (t.bitWidth()) {
                case 8 -> t.signed() ? Int8Array.ofUnchecked(data) : UInt8Array.ofUnchecked(data);
                case 16 -> t.signed() ? Int16Array.ofUnchecked(data) : UInt16Array.ofUnchecked(data);
                case 32 -> t.signed() ? Int32Array.ofUnchecked(data) : UInt32Array.ofUnchecked(data);
                default -> t.signed() ? Int64Array.ofUnchecked(data) : UInt64Array.ofUnchecked(data);
            };
            case ArrowType.FloatingPoint t -> switch (t.precision()) {
                case HALF -> Float16Array.ofUnchecked(data);
                case SINGLE -> Float32Array.ofUnchecked(data);
                case DOUBLE -> Float64Array.ofUnchecked(data);
            };
            case ArrowType.Date t -> DateArray.ofUnchecked(data);
            case ArrowType.Time t -> TimeArray.ofUnchecked(data);
            case ArrowType.Timestamp t -> TimestampArray.ofUnchecked(data);
            case ArrowType.Duration t -> DurationArray.ofUnchecked(data);
            case ArrowType.Interval t -> t.unit() == IntervalUnit.YEAR_MONTH ? IntervalYearMonthArray.ofUnchecked(data)
                    : t.unit() == IntervalUnit.DAY_TIME ? IntervalDayTimeArray.ofUnchecked(data)
                    : IntervalMonthDayNanoArray.ofUnchecked(data);
            case ArrowType.Decimal t -> DecimalArray.ofUnchecked(data);
            case ArrowType.FixedSizeBinary t -> FixedSizeBinaryArray.ofUnchecked(data);
            case ArrowType.Binary t -> VarBinaryArray.ofUnchecked(data);
            case ArrowType.Utf8 t -> VarBinaryArray.ofUnchecked(data);
            case ArrowType.LargeBinary t -> VarBinaryArray.ofUnchecked(data);
            case ArrowType.LargeUtf8 t -> VarBinaryArray.ofUnchecked(data);
            case ArrowType.BinaryView t -> BinaryViewArray.ofUnchecked(data);
            case ArrowType.Utf8View t -> BinaryViewArray.ofUnchecked(data);
            case ArrowType.List t -> ListArray.ofUnchecked(data);
            case ArrowType.LargeList t -> ListArray.ofUnchecked(data);
            case ArrowType.ListView t -> ListViewArray.ofUnchecked(data);
            case ArrowType.LargeListView t -> ListViewArray.ofUnchecked(data);
            case ArrowType.FixedSizeList t -> FixedSizeListArray.ofUnchecked(data);
            case ArrowType.Struct t -> StructArray.ofUnchecked(data);
            case ArrowType.Map t -> MapArray.ofUnchecked(data);
            case ArrowType.Union t -> UnionArray.ofUnchecked(data);
            case ArrowType.RunEndEncoded t -> RunEndEncodedArray.ofUnchecked(data);
            case ArrowType.Dictionary t -> DictionaryArray.ofUnchecked(data);
            case ArrowType.Extension t -> ExtensionArray.ofUnchecked(data);
        };
    }

    /**
     * {@link #of} for a typed class: checks the structure, then that the data's type is one
     * {@code expected} holds (the class {@link #of} picks for it).
     */
    static <T extends Array> T checkedAs(ArrayData data, Class<T> expected) {
        Array array = of(data);
        if (!expected.isInstance(array)) {
            throw new ValidationException(Rules.ARRAY_TYPE, -1, expected.getSimpleName()
                    + " does not hold data of type " + data.type() + " (an array of that type is a "
                    + array.getClass().getSimpleName() + ")");
        }
        return expected.cast(array);
    }

    /**
     * The generic form of this array, shared (not copied).
     *
     * @return the data this array reads
     */
    public ArrayData data() {
        return data;
    }

    /**
     * The array's type.
     *
     * @return the type of the data, an extension type included
     */
    public ArrowType type() {
        return data.type();
    }

    /**
     * The number of slots.
     *
     * @return the logical length
     */
    public long length() {
        return data.length();
    }

    /**
     * Where slot 0 lies in the buffers, in slots: not 0 for a slice.
     *
     * @return the offset into the buffers
     */
    public long offset() {
        return data.offset();
    }

    /**
     * The physical null count of this array's own validity (see {@link ArrayData#nullCount()}).
     *
     * @return the number of null slots in the validity bitmap
     */
    public long nullCount() {
        return data.nullCount();
    }

    /**
     * Whether slot {@code i} is null; unions and run-end encoded arrays answer logically (from the
     * selected child, from the run's value). A dictionary slot is null when its index is: a valid index
     * may point at a null dictionary value, which {@link #getObject} returns as null.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return whether the slot is null
     */
    public boolean isNull(long i) {
        return !data.isValid(i);
    }

    /**
     * Whether slot {@code i} holds a value: the opposite of {@link #isNull}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return whether the slot is not null
     */
    public final boolean isValid(long i) {
        return !isNull(i);
    }

    /**
     * A zero-copy view of {@code length} slots from {@code offset}, of this array's class.
     *
     * @param offset the first slot of the view
     * @param length the number of slots
     * @return the view, sharing this array's memory
     * @throws IndexOutOfBoundsException if the range is not inside this array
     */
    public Array slice(long offset, long length) {
        return ofUnchecked(data.slice(offset, length));
    }

    /**
     * The value at slot {@code i} as a plain Java object, or null: Integer/Long/BigInteger for integers
     * (by width; uint64 as BigInteger) and the integer-stored temporal types, Float/Double, BigDecimal,
     * Boolean, byte[] for binary, String for utf8, List for lists, a LinkedHashMap for structs, a list of
     * Map.Entry for maps, the selected child's value for unions, the decoded value for dictionaries and
     * run-end encoded data, {@link IntervalDayTime} and {@link IntervalMonthDayNano} for those intervals.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the value, or null for a null slot
     */
    public abstract Object getObject(long i);

    /**
     * Whether the valid slot {@code i} of this array holds the same value as the valid slot {@code j} of
     * {@code other}, which has this array's class and an equal type.
     *
     * @param i a valid slot of this array
     * @param other an array of this array's class and type
     * @param j a valid slot of {@code other}
     * @return whether the two values are equal
     */
    protected abstract boolean valueEquals(long i, Array other, long j);

    /**
     * Checks this array against the rules of the format, as far as {@code level} asks: nothing at
     * {@link ValidationLevel#NONE}; buffer counts and sizes, children and offsets at the ends at
     * {@link ValidationLevel#STRUCTURE}; every value at {@link ValidationLevel#FULL} (offsets, UTF-8,
     * views, union type ids, run ends, dictionary indices, map keys and the recorded null counts).
     * Decimal precision is not a rule of the format: see {@link DecimalArray#validatePrecision()}.
     *
     * @param level how much to check
     * @throws ValidationException naming the first broken rule and, where it applies, the slot
     */
    public final void validate(ValidationLevel level) {
        switch (Objects.requireNonNull(level, "level")) {
            case NONE -> {
            }
            case STRUCTURE -> data.validate(ValidationLevel.STRUCTURE);
            case FULL -> {
                data.validate(ValidationLevel.STRUCTURE);
                validateValues();
            }
        }
    }

    /**
     * The shorthand for {@link #validate(ValidationLevel) validate(ValidationLevel.FULL)}: every rule of
     * the format, the level untrusted input needs.
     *
     * @throws ValidationException naming the first broken rule and, where it applies, the slot
     */
    public final void validateFull() {
        validate(ValidationLevel.FULL);
    }

    /** The checks of {@link ValidationLevel#FULL} beyond the structure, which has been checked. */
    final void validateValues() {
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
     * after structural validation passed; nested arrays also check their children. Nothing by default.
     *
     * @throws ValidationException naming the first broken rule and the slot
     */
    protected void validateContent() {
    }

    /**
     * Whether slots {@code [i, i+n)} of this array equal slots {@code [j, j+n)} of {@code other}: the
     * same class and type, nulls in the same slots and equal values elsewhere.
     *
     * @param i the first slot of this array
     * @param other the array to compare with
     * @param j the first slot of {@code other}
     * @param n the number of slots
     * @return whether the ranges are equal
     */
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

    /** Types equal for array comparison: equal but for dictionary ids, which only pair IPC dictionaries with fields. */
    static boolean typesMatch(ArrowType a, ArrowType b) {
        return Types.equalIgnoringDictionaryIds(a, b);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Array other && length() == other.length() && rangeEquals(0, other, 0, length());
    }

    @Override
    public int hashCode() {
        return Types.withoutDictionaryIds(type()).hashCode() * 31 + Long.hashCode(length());
    }

    /**
     * How slot {@code i} prints in {@link #toString()}: strings quoted, binary as hex.
     *
     * @param i a valid slot
     * @return the value's text
     */
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

    /**
     * The storage type of this array's type (extension types unwrapped).
     *
     * @return the type whose layout the data has
     */
    protected ArrowType storageType() {
        return Types.storage(type());
    }
}
