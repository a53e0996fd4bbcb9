// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;

/**
 * A column's values read a mini-batch at a time into primitive arrays: integers (and bools, dates,
 * times, timestamps, durations) as {@code long}, floats as {@code double}, validity as {@code boolean}.
 * One switch per mini-batch, then tight loops; the aggregators work on these arrays.
 */
final class NumericValues {
    static final int MINI_BATCH = 1024;

    /** How values are read. */
    enum Kind {
        /** Signed integers and the temporal types, as {@code long}. */
        SIGNED,
        /** Unsigned integers, as {@code long} (uint64 bits as they are). */
        UNSIGNED,
        /** Floating point, as {@code double}. */
        FLOAT,
        /** Booleans, as {@code long} 0 or 1. */
        BOOL,
        /** Any other type: only validity is read (count, count_distinct). */
        OTHER
    }

    final long[] longs = new long[MINI_BATCH];
    final double[] doubles = new double[MINI_BATCH];
    final boolean[] valid = new boolean[MINI_BATCH];
    final Kind kind;
    final int width;
    final ArrowType type;

    NumericValues(ArrowType type, String kernel) {
        this.type = type;
        ArrowType storage = Types.storage(type);
        switch (storage) {
            case ArrowType.Int i -> {
                kind = i.signed() ? Kind.SIGNED : Kind.UNSIGNED;
                width = i.bitWidth() / 8;
            }
            case ArrowType.FloatingPoint f -> {
                if (f.precision().bitWidth() == 16) {
                    throw new ComputeException(kernel + ": half-float columns are not supported; cast to float32 first");
                }
                kind = Kind.FLOAT;
                width = f.precision().bitWidth() / 8;
            }
            case ArrowType.Bool b -> {
                kind = Kind.BOOL;
                width = 0;
            }
            case ArrowType.Date d -> {
                kind = Kind.SIGNED;
                width = d.unit() == dev.quiver.core.type.DateUnit.DAY ? 4 : 8;
            }
            case ArrowType.Time t -> {
                kind = Kind.SIGNED;
                width = t.bitWidth() / 8;
            }
            case ArrowType.Timestamp t -> {
                kind = Kind.SIGNED;
                width = 8;
            }
            case ArrowType.Duration d -> {
                kind = Kind.SIGNED;
                width = 8;
            }
            default -> {
                kind = Kind.OTHER;
                width = 0;
            }
        }
    }

    /**
     * Checks that the values are read as numbers, bools or temporal values.
     *
     * @throws ComputeException naming the kernel and type otherwise
     */
    void requireReadable(String kernel) {
        if (kind == Kind.OTHER) {
            throw new ComputeException(kernel + ": columns of type " + type + " are not supported");
        }
    }

    /** Whether the type is a number (not a bool or a temporal type): what sum, mean and variance take. */
    boolean isNumber() {
        ArrowType storage = Types.storage(type);
        return storage instanceof ArrowType.Int || storage instanceof ArrowType.FloatingPoint;
    }

    /**
     * Reads rows {@code [from, from + n)} of {@code a} ({@code n <= MINI_BATCH}) into {@link #longs} or
     * {@link #doubles} and {@link #valid}.
     */
    void read(ArrayData a, long from, int n) {
        long base = a.offset() + from;
        if (a.validity() == null || a.nullCount() == 0) {
            java.util.Arrays.fill(valid, 0, n, true);
        } else {
            MemorySegment v = a.validity().segment();
            for (int r = 0; r < n; r++) {
                valid[r] = Bitmaps.get(v, base + r);
            }
        }
        if (kind == Kind.OTHER) {
            return;
        }
        MemorySegment s = a.buffer(1).segment();
        switch (kind) {
            case OTHER -> {
            }
            case FLOAT -> {
                if (width == 8) {
                    for (int r = 0; r < n; r++) {
                        doubles[r] = s.get(LittleEndian.DOUBLE, (base + r) * 8);
                    }
                } else {
                    for (int r = 0; r < n; r++) {
                        doubles[r] = s.get(LittleEndian.FLOAT, (base + r) * 4);
                    }
                }
            }
            case BOOL -> {
                for (int r = 0; r < n; r++) {
                    longs[r] = Bitmaps.get(s, base + r) ? 1 : 0;
                }
            }
            case SIGNED -> {
                switch (width) {
                    case 1 -> {
                        for (int r = 0; r < n; r++) {
                            longs[r] = s.get(LittleEndian.BYTE, base + r);
                        }
                    }
                    case 2 -> {
                        for (int r = 0; r < n; r++) {
                            longs[r] = s.get(LittleEndian.SHORT, (base + r) * 2);
                        }
                    }
                    case 4 -> {
                        for (int r = 0; r < n; r++) {
                            longs[r] = s.get(LittleEndian.INT, (base + r) * 4);
                        }
                    }
                    default -> {
                        for (int r = 0; r < n; r++) {
                            longs[r] = s.get(LittleEndian.LONG, (base + r) * 8);
                        }
                    }
                }
            }
            case UNSIGNED -> {
                switch (width) {
                    case 1 -> {
                        for (int r = 0; r < n; r++) {
                            longs[r] = s.get(LittleEndian.BYTE, base + r) & 0xFFL;
                        }
                    }
                    case 2 -> {
                        for (int r = 0; r < n; r++) {
                            longs[r] = s.get(LittleEndian.SHORT, (base + r) * 2) & 0xFFFFL;
                        }
                    }
                    case 4 -> {
                        for (int r = 0; r < n; r++) {
                            longs[r] = s.get(LittleEndian.INT, (base + r) * 4) & 0xFFFF_FFFFL;
                        }
                    }
                    default -> {
                        for (int r = 0; r < n; r++) {
                            longs[r] = s.get(LittleEndian.LONG, (base + r) * 8);
                        }
                    }
                }
            }
        }
    }

    /** Value {@code r} of the last read as a double (uint64 read as unsigned). */
    double asDouble(int r) {
        return switch (kind) {
            case FLOAT -> doubles[r];
            case UNSIGNED -> width == 8 && longs[r] < 0 ? (double) (longs[r] >>> 1) * 2.0 + (longs[r] & 1) : longs[r];
            default -> longs[r];
        };
    }
}
