// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DecimalArray;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;

/**
 * decimal32, decimal64, decimal128 and decimal256 (of at most 38 digits) as Spark's DECIMAL: values of up to
 * 18 digits as an unscaled long, wider ones through their big integer.
 */
final class DecimalVector extends SegmentVector {
    private static final int MAX_LONG_DIGITS = 18;
    private final DecimalArray array;
    private final boolean compact;

    DecimalVector(DataType type, ArrayData data, String path) {
        super(type, data, path);
        this.array = DecimalArray.ofUnchecked(data);
        this.compact = array.decimalType().precision() <= MAX_LONG_DIGITS;
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
        if (compact) {
            return Decimal.apply(array.getUnscaledLong(rowId), precision, scale);
        }
        return Decimal.apply(array.getBigDecimal(rowId), precision, scale);
    }
}
