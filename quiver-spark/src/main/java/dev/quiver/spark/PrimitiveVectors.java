// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;

/** The vectors of fixed-width Arrow types: each reads its values buffer (buffer 1) in place. */
final class PrimitiveVectors {
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private PrimitiveVectors() {
    }

    /** A vector whose values are buffer 1 of its array. */
    abstract static class Fixed extends SegmentVector {
        /** The values buffer. */
        protected final MemorySegment values;

        Fixed(DataType type, ArrayData data, String path) {
            super(type, data, path);
            this.values = data.buffer(1).segment();
        }
    }

    /** bool as BOOLEAN: a bitmap. */
    static final class Bool extends Fixed {
        Bool(DataType type, ArrayData data, String path) {
            super(type, data, path);
        }

        @Override
        public boolean getBoolean(int rowId) {
            return Bitmaps.get(values, offset + rowId);
        }
    }

    /** int8 as TINYINT, uint8 as SMALLINT. */
    static final class Int8 extends Fixed {
        private final boolean signed;

        Int8(DataType type, ArrayData data, String path, boolean signed) {
            super(type, data, path);
            this.signed = signed;
        }

        @Override
        public byte getByte(int rowId) {
            return values.get(LittleEndian.BYTE, offset + rowId);
        }

        @Override
        public short getShort(int rowId) {
            byte b = values.get(LittleEndian.BYTE, offset + rowId);
            return signed ? b : (short) (b & 0xFF);
        }
    }

    /** int16 as SMALLINT, uint16 as INT. */
    static final class Int16 extends Fixed {
        private final boolean signed;

        Int16(DataType type, ArrayData data, String path, boolean signed) {
            super(type, data, path);
            this.signed = signed;
        }

        @Override
        public short getShort(int rowId) {
            return values.get(LittleEndian.SHORT, (offset + rowId) * 2);
        }

        @Override
        public int getInt(int rowId) {
            short s = values.get(LittleEndian.SHORT, (offset + rowId) * 2);
            return signed ? s : s & 0xFFFF;
        }
    }

    /** int32 as INT, uint32 as BIGINT, date32 as DATE. */
    static final class Int32 extends Fixed {
        private final boolean signed;

        Int32(DataType type, ArrayData data, String path, boolean signed) {
            super(type, data, path);
            this.signed = signed;
        }

        @Override
        public int getInt(int rowId) {
            return values.get(LittleEndian.INT, (offset + rowId) * 4);
        }

        @Override
        public long getLong(int rowId) {
            int v = values.get(LittleEndian.INT, (offset + rowId) * 4);
            return signed ? v : Integer.toUnsignedLong(v);
        }
    }

    /** int64 as BIGINT; uint64 as DECIMAL(20,0). */
    static final class Int64 extends Fixed {
        Int64(DataType type, ArrayData data, String path) {
            super(type, data, path);
        }

        @Override
        public long getLong(int rowId) {
            return values.get(LittleEndian.LONG, (offset + rowId) * 8);
        }

        @Override
        public Decimal getDecimal(int rowId, int precision, int scale) {
            long bits = values.get(LittleEndian.LONG, (offset + rowId) * 8);
            if (bits >= 0) {
                return Decimal.apply(bits, precision, scale);
            }
            BigInteger unsigned = BigInteger.valueOf(bits >>> 1).shiftLeft(1).or(BigInteger.valueOf(bits & 1));
            return Decimal.apply(new java.math.BigDecimal(unsigned), precision, scale);
        }
    }

    /** float16 and float32 as FLOAT. */
    static final class Float32 extends Fixed {
        private final boolean half;

        Float32(DataType type, ArrayData data, String path, boolean half) {
            super(type, data, path);
            this.half = half;
        }

        @Override
        public float getFloat(int rowId) {
            return half ? HalfFloat.toFloat(values.get(LittleEndian.SHORT, (offset + rowId) * 2))
                    : values.get(LittleEndian.FLOAT, (offset + rowId) * 4);
        }
    }

    /** float64 as DOUBLE. */
    static final class Float64 extends Fixed {
        Float64(DataType type, ArrayData data, String path) {
            super(type, data, path);
        }

        @Override
        public double getDouble(int rowId) {
            return values.get(LittleEndian.DOUBLE, (offset + rowId) * 8);
        }
    }

    /** date64 (milliseconds, whole days by the format's rule) as DATE. */
    static final class Date64 extends Fixed {
        Date64(DataType type, ArrayData data, String path) {
            super(type, data, path);
        }

        @Override
        public int getInt(int rowId) {
            long millis = values.get(LittleEndian.LONG, (offset + rowId) * 8);
            // Schema.fbs: date64 values are evenly divisible by 86400000; any other would change here.
            if (millis % MILLIS_PER_DAY != 0 || Math.abs(millis / MILLIS_PER_DAY) > Integer.MAX_VALUE) {
                throw new QuiverSparkException("column " + path + ", row " + rowId + ": date64 value " + millis
                        + " ms is not a whole day Spark's DATE can hold");
            }
            return (int) (millis / MILLIS_PER_DAY);
        }
    }

    /**
     * A 64-bit count of a time unit (timestamps, durations) as Spark's microseconds: seconds and milliseconds
     * multiplied (an overflow is an error), nanoseconds divided (a value with a fraction of a microsecond is
     * an error, not truncated).
     */
    static final class Micros extends Fixed {
        private final long multiplier;
        private final boolean nanos;

        Micros(DataType type, ArrayData data, String path, TimeUnit unit) {
            super(type, data, path);
            this.nanos = unit == TimeUnit.NANOSECOND;
            this.multiplier = nanos ? 1 : TimeUnit.MICROSECOND.perSecond() / unit.perSecond();
        }

        @Override
        public long getLong(int rowId) {
            long v = values.get(LittleEndian.LONG, (offset + rowId) * 8);
            if (multiplier == 1 && !nanos) {
                return v;
            }
            if (nanos) {
                if (v % 1000 != 0) {
                    throw new QuiverSparkException("column " + path + ", row " + rowId + ": " + v
                            + " ns has a fraction of a microsecond, which Spark cannot hold");
                }
                return v / 1000;
            }
            long micros = v * multiplier;
            if (Math.multiplyHigh(v, multiplier) != (micros >> 63)) {
                throw new QuiverSparkException("column " + path + ", row " + rowId + ": " + v
                        + " overflows Spark's 64-bit microseconds");
            }
            return micros;
        }
    }
}
