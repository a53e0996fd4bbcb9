// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;

/**
 * decimal32, decimal64, decimal128 and decimal256 (of at most 38 digits) as Spark's DECIMAL: values of up to
 * 18 digits read as an unscaled long straight from the buffer (the wider words must be its sign), wider ones
 * through their big integer. A value with more digits than its type's precision is an error, not a Spark
 * decimal that breaks its own type.
 */
final class DecimalVector extends SegmentVector {
    private static final int MAX_LONG_DIGITS = 18;
    private final DecimalArray array;
    private final MemorySegment values;
    private final int width;
    private final long bound;

    DecimalVector(DataType type, ArrayData data, String path) {
        super(type, data, path);
        this.array = DecimalArray.ofUnchecked(data);
        this.values = data.buffer(1).segment();
        this.width = array.decimalType().bitWidth() / 8;
        int precision = array.decimalType().precision();
        this.bound = precision <= MAX_LONG_DIGITS ? pow10(precision) : 0;
    }

    private static long pow10(int digits) {
        long p = 1;
        for (int k = 0; k < digits; k++) {
            p *= 10;
        }
        return p;
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
        if (bound == 0) {
            return Decimal.apply(array.getBigDecimal(rowId), precision, scale);
        }
        long at = (offset + rowId) * width;
        long unscaled = switch (width) {
            case 4 -> values.get(LittleEndian.INT, at);
            case 8 -> values.get(LittleEndian.LONG, at);
            default -> {
                long low = values.get(LittleEndian.LONG, at);
                for (int w = 8; w < width; w += 8) {
                    if (values.get(LittleEndian.LONG, at + w) != low >> 63) {
                        throw tooWide(rowId);
                    }
                }
                yield low;
            }
        };
        if (unscaled >= bound || unscaled <= -bound) {
            throw tooWide(rowId);
        }
        return Decimal.createUnsafe(unscaled, precision, scale);
    }

    private QuiverSparkException tooWide(int rowId) {
        return new QuiverSparkException("column " + path + ", row " + rowId + ": a decimal of more digits than its "
                + "type's precision " + array.decimalType().precision());
    }
}
