// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;

/**
 * What a row table needs to know of one column (Arrow C++ {@code KeyColumnMetadata}).
 *
 * @param isFixedLength whether the value has one width (false for binary and utf8)
 * @param fixedLength the value's byte width; 0 for bool and null (a bool takes one byte in a row); 4 for
 *     binary and utf8 (the width of their end slot)
 * @param isNullType whether the column is of the null type (one reserved byte, never written)
 */
public record ColumnMetadata(boolean isFixedLength, int fixedLength, boolean isNullType) {
    static final ColumnMetadata BOOL = new ColumnMetadata(true, 0, false);
    static final ColumnMetadata NULL = new ColumnMetadata(true, 0, true);
    static final ColumnMetadata VAR = new ColumnMetadata(false, 4, false);

    /**
     * The metadata of a column type. Extension types count as their storage type; a dictionary-encoded
     * column stores only its index, so it counts as its index type.
     *
     * @param type the column's type
     * @return how a row holds a value of {@code type}
     * @throws UnsupportedColumnTypeException for types a row table cannot hold
     */
    public static ColumnMetadata of(ArrowType type) {
        ArrowType storage = Types.storage(type);
        return switch (storage) {
            case ArrowType.Null t -> NULL;
            case ArrowType.Bool t -> BOOL;
            case ArrowType.Int t -> fixed(t.bitWidth() / 8);
            case ArrowType.FloatingPoint t -> fixed(t.precision().bitWidth() / 8);
            case ArrowType.Date t -> fixed(t.bitWidth() / 8);
            case ArrowType.Time t -> fixed(t.bitWidth() / 8);
            case ArrowType.Timestamp t -> fixed(8);
            case ArrowType.Duration t -> fixed(8);
            case ArrowType.Interval t -> fixed(t.unit().bitWidth() / 8);
            case ArrowType.Decimal t -> fixed(t.bitWidth() / 8);
            case ArrowType.FixedSizeBinary t -> fixed(t.byteWidth());
            case ArrowType.Dictionary t -> fixed(t.indexType().bitWidth() / 8);
            case ArrowType.Binary t -> VAR;
            case ArrowType.Utf8 t -> VAR;
            case ArrowType.LargeBinary t -> throw refuse(type, "its 64-bit offsets do not fit the 32-bit end slots"
                    + " of a row; use binary or utf8");
            case ArrowType.LargeUtf8 t -> throw refuse(type, "its 64-bit offsets do not fit the 32-bit end slots"
                    + " of a row; use binary or utf8");
            default -> throw refuse(type, "only fixed-width, bool, null, binary and utf8 columns (and dictionary"
                    + " or extension types over them) can be encoded");
        };
    }

    private static ColumnMetadata fixed(int width) {
        return new ColumnMetadata(true, width, false);
    }

    private static UnsupportedColumnTypeException refuse(ArrowType type, String why) {
        return new UnsupportedColumnTypeException(type, "a row table cannot hold a column of type " + type + ": " + why);
    }

    /**
     * Whether the column is a bool (one byte in a row: 0xFF for true, 0x00 for false).
     *
     * @return true for a bool column
     */
    public boolean isBool() {
        return isFixedLength && fixedLength == 0 && !isNullType;
    }

    /**
     * The bytes the column takes in the fixed part of a row: 1 for bool and null, 4 for an end slot.
     *
     * @return the width of the column's slot in the fixed part of a row
     */
    public int slotWidth() {
        return fixedLength == 0 ? 1 : fixedLength;
    }

    /** Whether the column sorts with the leading, power-of-two group (every var column does). */
    boolean isPowerOfTwo() {
        return !isFixedLength || (fixedLength & (fixedLength - 1)) == 0;
    }
}
