// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import java.lang.foreign.MemorySegment;

/**
 * How the values of one column of a scan go straight from Arrow buffers into DuckDB's output vector,
 * written here without DuckDB's Arrow conversion: fixed-width values DuckDB stores as Arrow does (integers,
 * floating point, dates, times and timestamps of the same unit) by one bulk copy, booleans unpacked from
 * bits to bytes, validity bits copied into DuckDB's validity words, strings ({@code utf8} and
 * {@code binary}, and {@code utf8} dictionaries) as DuckDB's 16-byte {@code string_t}: inlined up to 12
 * bytes, longer ones through {@code duckdb_vector_assign_string_element_len} (which copies them into the
 * vector's own memory). Every offset and dictionary index is checked against its buffer before use: a
 * value out of bounds is a {@link DuckDbException}, never a read out of bounds. A column of any other type
 * (or another DuckDB type) has no direct copy: {@link #of} gives null and the scan converts it with
 * DuckDB's Arrow conversion.
 */
final class VectorCopy {
    /** DuckDB's type ids ({@code DUCKDB_TYPE}) that a direct copy writes. */
    static final int BOOLEAN = 1;
    static final int TINYINT = 2;
    static final int SMALLINT = 3;
    static final int INTEGER = 4;
    static final int BIGINT = 5;
    static final int UTINYINT = 6;
    static final int USMALLINT = 7;
    static final int UINTEGER = 8;
    static final int UBIGINT = 9;
    static final int FLOAT = 10;
    static final int DOUBLE = 11;
    static final int TIMESTAMP = 12;
    static final int DATE = 13;
    static final int TIME = 14;
    static final int VARCHAR = 17;
    static final int BLOB = 18;
    static final int TIMESTAMP_S = 20;
    static final int TIMESTAMP_MS = 21;
    static final int TIMESTAMP_NS = 22;
    static final int TIMESTAMP_TZ = 31;
    /** The size of DuckDB's {@code string_t}; up to {@link #INLINED} bytes are stored in it. */
    static final long STRING_T = 16;
    static final int INLINED = 12;

    /** How a column is copied. */
    enum Kind { FIXED, BOOL, STRING, DICTIONARY_STRING }

    final Kind kind;
    /** The byte width of FIXED values (and of dictionary indices). */
    final int width;

    private VectorCopy(Kind kind, int width) {
        this.kind = kind;
        this.width = width;
    }

    /**
     * The direct copy of an Arrow type into a DuckDB type, or null where there is none (DuckDB's Arrow
     * conversion then converts the column).
     */
    static VectorCopy of(ArrowType arrow, int duckType) {
        return switch (arrow) {
            case ArrowType.Int t -> duckType == intType(t) ? new VectorCopy(Kind.FIXED, t.bitWidth() / 8) : null;
            case ArrowType.FloatingPoint t -> switch (t.precision()) {
                case SINGLE -> duckType == FLOAT ? new VectorCopy(Kind.FIXED, 4) : null;
                case DOUBLE -> duckType == DOUBLE ? new VectorCopy(Kind.FIXED, 8) : null;
                default -> null;
            };
            case ArrowType.Bool t -> duckType == BOOLEAN ? new VectorCopy(Kind.BOOL, 1) : null;
            case ArrowType.Date t -> t.unit() == DateUnit.DAY && duckType == DATE
                    ? new VectorCopy(Kind.FIXED, 4) : null;
            case ArrowType.Time t -> t.unit() == TimeUnit.MICROSECOND && t.bitWidth() == 64
                    && duckType == TIME ? new VectorCopy(Kind.FIXED, 8) : null;
            case ArrowType.Timestamp t -> duckType == timestampType(t) ? new VectorCopy(Kind.FIXED, 8) : null;
            case ArrowType.Utf8 t -> duckType == VARCHAR ? new VectorCopy(Kind.STRING, 4) : null;
            case ArrowType.Binary t -> duckType == BLOB ? new VectorCopy(Kind.STRING, 4) : null;
            case ArrowType.Dictionary t -> t.valueType() instanceof ArrowType.Utf8 && t.indexType().signed()
                    && duckType == VARCHAR ? new VectorCopy(Kind.DICTIONARY_STRING, t.indexType().bitWidth() / 8)
                    : null;
            default -> null;
        };
    }

    private static int intType(ArrowType.Int t) {
        return switch (t.bitWidth()) {
            case 8 -> t.signed() ? TINYINT : UTINYINT;
            case 16 -> t.signed() ? SMALLINT : USMALLINT;
            case 32 -> t.signed() ? INTEGER : UINTEGER;
            case 64 -> t.signed() ? BIGINT : UBIGINT;
            default -> -1;
        };
    }

    private static int timestampType(ArrowType.Timestamp t) {
        if (t.timezone() != null) {
            return t.unit() == TimeUnit.MICROSECOND ? TIMESTAMP_TZ : -1;
        }
        return switch (t.unit()) {
            case SECOND -> TIMESTAMP_S;
            case MILLISECOND -> TIMESTAMP_MS;
            case MICROSECOND -> TIMESTAMP;
            case NANOSECOND -> TIMESTAMP_NS;
        };
    }

    /**
     * Writes rows {@code from} to {@code from + n} of {@code data} into {@code vector}'s first {@code n} rows.
     *
     * @param dictionary the dictionary's entries ({@link DictionaryEntries}) for a dictionary column
     * @param scratch the scan thread's heap scratch
     * @throws DuckDbException for an offset or index out of its buffer's bounds
     */
    void copy(DuckDbApi api, ArrayData data, long from, int n, MemorySegment vector, DictionaryEntries dictionary,
            CopyScratch scratch) throws Throwable {
        MemorySegment out = ((MemorySegment) api.vectorGetData().invokeExact(vector));
        long at = data.offset() + from;
        validity(api, data, at, n, vector);
        switch (kind) {
            case FIXED -> MemorySegment.copy(data.buffer(1).segment(), at * width, out.reinterpret(n * (long) width), 0,
                    n * (long) width);
            case BOOL -> unpack(data.buffer(1).segment(), at, out.reinterpret(n), n, scratch);
            case STRING -> strings(api, data, at, n, out.reinterpret(n * STRING_T), vector, scratch);
            case DICTIONARY_STRING -> dictionary.write(api, data, width, at, n, out.reinterpret(n * STRING_T),
                    vector);
        }
    }

    /**
     * Arrow's validity bits into DuckDB's validity words (all valid where Arrow has no bitmap or no nulls);
     * written first, as a dictionary's null values then clear their rows' bits.
     */
    private static void validity(DuckDbApi api, ArrayData data, long at, int n, MemorySegment vector)
            throws Throwable {
        ArrowBuffer bits = data.validity();
        if (bits == null || data.nullCount() == 0) {
            MemorySegment mask = (MemorySegment) api.vectorGetValidity().invokeExact(vector);
            if (mask.address() != 0) {
                Bitmaps.fill(mask.reinterpret(words(n) * 8L), 0, n, true);
            }
            return;
        }
        api.vectorEnsureValidityWritable().invokeExact(vector);
        MemorySegment mask = ((MemorySegment) api.vectorGetValidity().invokeExact(vector)).reinterpret(words(n) * 8L);
        Bitmaps.copy(bits.segment(), at, mask, 0, n);
    }

    static long words(int n) {
        return (n + 63L) / 64;
    }

    /** Bits to bytes of 0 and 1, gathered on the heap. */
    private static void unpack(MemorySegment bits, long at, MemorySegment out, int n, CopyScratch scratch) {
        long firstByte = at >>> 3;
        int shift = (int) (at & 7);
        int length = (int) (((at + n + 7) >>> 3) - firstByte);
        byte[] packed = scratch.bits;
        byte[] bytes = scratch.entries;
        MemorySegment.copy(bits, JAVA_BYTE, firstByte, packed, 0, length);
        for (int i = 0; i < n; i++) {
            int bit = shift + i;
            bytes[i] = (byte) ((packed[bit >>> 3] >>> (bit & 7)) & 1);
        }
        MemorySegment.copy(bytes, 0, out, JAVA_BYTE, 0, n);
    }

    /**
     * Variable-size values with 32-bit offsets, as {@code string_t}s: offsets checked and the short values'
     * entries made on the heap and copied at once (when the rows' data is at most
     * {@link CopyScratch#MOST_DATA} bytes), then the longer values assigned.
     */
    private static void strings(DuckDbApi api, ArrayData data, long at, int n, MemorySegment out,
            MemorySegment vector, CopyScratch scratch) throws Throwable {
        MemorySegment bytes = data.buffer(2) == null ? MemorySegment.NULL : data.buffer(2).segment();
        long size = bytes.byteSize();
        int[] ends = scratch.offsets;
        MemorySegment.copy(data.buffer(1).segment(), JAVA_INT_UNALIGNED, at * 4, ends, 0, n + 1);
        int first = ends[0];
        int last = ends[n];
        boolean ordered = first >= 0 && last <= size;
        for (int i = 0; i < n && ordered; i++) {
            ordered = ends[i + 1] >= ends[i];
        }
        if (!ordered) {
            for (int i = 0; i < n; i++) {
                int start = ends[i];
                int end = ends[i + 1];
                if (start < 0 || end < start || end > size) {
                    throw new DuckDbException("a value's offsets " + start + " to " + end + " lie outside the "
                            + size + " bytes of its column's data (row " + (at + i - data.offset()) + ")");
                }
            }
        }
        if (last - first > CopyScratch.MOST_DATA) {
            for (int i = 0; i < n; i++) {
                write(api, bytes, ends[i], ends[i + 1] - ends[i], out, i, vector);
            }
            return;
        }
        byte[] values = scratch.data(last - first);
        MemorySegment.copy(bytes, JAVA_BYTE, first, values, 0, last - first);
        byte[] entries = scratch.entries;
        boolean longer = false;
        for (int i = 0; i < n; i++) {
            int length = ends[i + 1] - ends[i];
            int t = i * (int) STRING_T;
            int copied = 0;
            if (length <= INLINED) {
                entries[t] = (byte) length;
                System.arraycopy(values, ends[i] - first, entries, t + 4, length);
                copied = length;
            } else {
                entries[t] = 0;
                longer = true;
            }
            entries[t + 1] = 0;
            entries[t + 2] = 0;
            entries[t + 3] = 0;
            for (int j = t + 4 + copied; j < t + (int) STRING_T; j++) {
                entries[j] = 0;
            }
        }
        MemorySegment.copy(entries, 0, out, JAVA_BYTE, 0, n * (int) STRING_T);
        if (longer) {
            for (int i = 0; i < n; i++) {
                int length = ends[i + 1] - ends[i];
                if (length > INLINED) {
                    write(api, bytes, ends[i], length, out, i, vector);
                }
            }
        }
    }

    /** One {@code string_t}: inlined (zero-padded, as DuckDB compares it) or assigned. */
    static void write(DuckDbApi api, MemorySegment bytes, long start, int length, MemorySegment out, int i,
            MemorySegment vector) throws Throwable {
        long t = i * STRING_T;
        if (length <= INLINED) {
            out.set(JAVA_LONG_UNALIGNED, t, 0L);
            out.set(JAVA_LONG_UNALIGNED, t + 8, 0L);
            out.set(JAVA_INT_UNALIGNED, t, length);
            MemorySegment.copy(bytes, start, out, t + 4, length);
        } else {
            api.vectorAssignStringElementLen().invokeExact(vector, (long) i, bytes.asSlice(start, length),
                    (long) length);
        }
    }

    /** A dictionary index of {@code width} bytes. */
    static long index(MemorySegment indices, int width, long row) {
        return switch (width) {
            case 1 -> indices.get(JAVA_BYTE, row);
            case 2 -> indices.get(JAVA_SHORT_UNALIGNED, row * 2);
            case 4 -> indices.get(JAVA_INT_UNALIGNED, row * 4);
            default -> indices.get(JAVA_LONG_UNALIGNED, row * 8);
        };
    }
}
