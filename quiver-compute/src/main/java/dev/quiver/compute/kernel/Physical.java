// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;

/**
 * The physical kind of a fixed-width numeric or temporal type, and reads of one value as a long or a double. Kernels
 * switch on the kind once per value (a loop-invariant switch, no virtual call).
 */
public final class Physical {
    /** Signed 8-bit integer. */
    public static final int I8 = 1;
    /** Signed 16-bit integer. */
    public static final int I16 = 2;
    /** Signed 32-bit integer (also date32, time32). */
    public static final int I32 = 3;
    /** Signed 64-bit integer (also date64, time64, timestamp, duration). */
    public static final int I64 = 4;
    /** Unsigned 8-bit integer. */
    public static final int U8 = 5;
    /** Unsigned 16-bit integer. */
    public static final int U16 = 6;
    /** Unsigned 32-bit integer. */
    public static final int U32 = 7;
    /** Unsigned 64-bit integer. */
    public static final int U64 = 8;
    /** Half float. */
    public static final int F16 = 9;
    /** Single float. */
    public static final int F32 = 10;
    /** Double float. */
    public static final int F64 = 11;
    /** Not one of the above. */
    public static final int OTHER = 0;

    private Physical() {
    }

    /**
     * The kind of a type (extension types by their storage).
     *
     * @param type the type
     * @return one of the constants; {@link #OTHER} for non-numeric, non-temporal types
     */
    public static int kind(ArrowType type) {
        return switch (Types.storage(type)) {
            case ArrowType.Int t -> switch (t.bitWidth()) {
                case 8 -> t.signed() ? I8 : U8;
                case 16 -> t.signed() ? I16 : U16;
                case 32 -> t.signed() ? I32 : U32;
                default -> t.signed() ? I64 : U64;
            };
            case ArrowType.FloatingPoint t -> switch (t.precision()) {
                case HALF -> F16;
                case SINGLE -> F32;
                case DOUBLE -> F64;
            };
            case ArrowType.Date t -> t.unit() == dev.quiver.core.type.DateUnit.DAY ? I32 : I64;
            case ArrowType.Time t -> t.bitWidth() == 32 ? I32 : I64;
            case ArrowType.Timestamp t -> I64;
            case ArrowType.Duration t -> I64;
            default -> OTHER;
        };
    }

    /**
     * Whether a kind is a floating-point one.
     *
     * @param kind a kind
     * @return true for F16, F32, F64
     */
    public static boolean isFloat(int kind) {
        return kind >= F16;
    }

    /**
     * Whether a kind is an integer one.
     *
     * @param kind a kind
     * @return true for the signed and unsigned integers
     */
    public static boolean isInteger(int kind) {
        return kind >= I8 && kind <= U64;
    }

    /**
     * The byte width of a kind.
     *
     * @param kind a kind other than {@link #OTHER}
     * @return 1, 2, 4 or 8
     */
    public static int width(int kind) {
        return switch (kind) {
            case I8, U8 -> 1;
            case I16, U16, F16 -> 2;
            case I32, U32, F32 -> 4;
            default -> 8;
        };
    }

    /**
     * Reads value {@code i} as a long (an unsigned 64-bit value keeps its bits; floats are truncated).
     *
     * @param s the values segment
     * @param kind the kind
     * @param i the slot (offset included)
     * @return the value
     */
    public static long readLong(MemorySegment s, int kind, long i) {
        return switch (kind) {
            case I8 -> s.get(LittleEndian.BYTE, i);
            case I16 -> s.get(LittleEndian.SHORT, i * 2);
            case I32 -> s.get(LittleEndian.INT, i * 4);
            case U8 -> s.get(LittleEndian.BYTE, i) & 0xFFL;
            case U16 -> s.get(LittleEndian.SHORT, i * 2) & 0xFFFFL;
            case U32 -> s.get(LittleEndian.INT, i * 4) & 0xFFFFFFFFL;
            case F16 -> (long) HalfFloat.toFloat(s.get(LittleEndian.SHORT, i * 2));
            case F32 -> (long) s.get(LittleEndian.FLOAT, i * 4);
            case F64 -> (long) s.get(LittleEndian.DOUBLE, i * 8);
            default -> s.get(LittleEndian.LONG, i * 8);
        };
    }

    /**
     * Reads value {@code i} as a double (an unsigned 64-bit value as its unsigned magnitude).
     *
     * @param s the values segment
     * @param kind the kind
     * @param i the slot (offset included)
     * @return the value
     */
    public static double readDouble(MemorySegment s, int kind, long i) {
        return switch (kind) {
            case F16 -> HalfFloat.toFloat(s.get(LittleEndian.SHORT, i * 2));
            case F32 -> s.get(LittleEndian.FLOAT, i * 4);
            case F64 -> s.get(LittleEndian.DOUBLE, i * 8);
            case U64 -> unsignedToDouble(s.get(LittleEndian.LONG, i * 8));
            default -> readLong(s, kind, i);
        };
    }

    /**
     * Writes value {@code i} from a long (truncating to the kind's width; floats get the converted value).
     *
     * @param s the values segment
     * @param kind the kind
     * @param i the slot
     * @param v the value
     */
    public static void writeLong(MemorySegment s, int kind, long i, long v) {
        switch (kind) {
            case I8, U8 -> s.set(LittleEndian.BYTE, i, (byte) v);
            case I16, U16 -> s.set(LittleEndian.SHORT, i * 2, (short) v);
            case I32, U32 -> s.set(LittleEndian.INT, i * 4, (int) v);
            case F16 -> s.set(LittleEndian.SHORT, i * 2, HalfFloat.fromFloat(v));
            case F32 -> s.set(LittleEndian.FLOAT, i * 4, v);
            case F64 -> s.set(LittleEndian.DOUBLE, i * 8, v);
            default -> s.set(LittleEndian.LONG, i * 8, v);
        }
    }

    /**
     * Writes value {@code i} from a double (integers get the value cast to long).
     *
     * @param s the values segment
     * @param kind the kind
     * @param i the slot
     * @param v the value
     */
    public static void writeDouble(MemorySegment s, int kind, long i, double v) {
        switch (kind) {
            case F16 -> s.set(LittleEndian.SHORT, i * 2, HalfFloat.fromFloat((float) v));
            case F32 -> s.set(LittleEndian.FLOAT, i * 4, (float) v);
            case F64 -> s.set(LittleEndian.DOUBLE, i * 8, v);
            default -> writeLong(s, kind, i, (long) v);
        }
    }

    /**
     * An unsigned 64-bit value as a double.
     *
     * @param bits the value's bits
     * @return its unsigned magnitude, rounded to a double
     */
    public static double unsignedToDouble(long bits) {
        double d = (double) (bits >>> 1) * 2.0;
        return d + (bits & 1);
    }
}
