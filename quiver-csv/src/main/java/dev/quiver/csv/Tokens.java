// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The fields of the records of one block: where each starts and ends in the block's bytes (the content
 * of a quoted field, without its quotes), row by row. Filled by {@link #tokenize}: one pass over the
 * bytes, no allocation per field.
 */
final class Tokens {
    /** The field was quoted (so it is never null). */
    static final byte QUOTED = 1;
    /** The field holds doubled quotes or escapes, to be removed before use. */
    static final byte ESCAPED = 2;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    /** 0x0E in each byte: bytes below it are CR, LF or other control bytes. */
    private static final long CONTROLS = 0x0E * ONES;

    byte[] bytes;
    int columns;
    int rows;
    int[] starts;
    int[] ends;
    byte[] flags;
    /** Where the tokenized records end. */
    int end;
    /** The line feeds in {@code [from, end)}. */
    long lines;
    /** Whether every byte of {@code [from, end)} is ASCII (so valid UTF-8, with no need to check). */
    boolean ascii;

    Tokens(byte[] bytes, int columns, int expectedFields) {
        this.bytes = bytes;
        this.columns = columns;
        int capacity = Math.max(16, expectedFields);
        this.starts = new int[capacity];
        this.ends = new int[capacity];
        this.flags = new byte[capacity];
    }

    private void grow(int needed) {
        int capacity = Math.max(needed, starts.length + (starts.length >> 1));
        starts = Arrays.copyOf(starts, capacity);
        ends = Arrays.copyOf(ends, capacity);
        flags = Arrays.copyOf(flags, capacity);
    }

    /**
     * Splits the records of {@code [from, to)} into fields, at most {@code maxRows} records (empty lines
     * skipped). With {@code columns} -1 the first record sets the column count. Unless {@code last} (the
     * input ends at {@code to}), a record that {@code to} cuts short is left out: {@link #end} is where it
     * starts, so the next block begins with it.
     *
     * @throws RowError when a record has another count of fields, a quote is not closed (in the last
     *     block), or text follows a closing quote
     */
    static Tokens tokenize(byte[] b, int from, int to, int columns, Dialect d, int maxRows, boolean last) {
        return tokenize(b, from, to, columns, d, maxRows, last, null);
    }

    /**
     * {@link #tokenize(byte[], int, int, int, Dialect, int, boolean)} into the arrays of {@code reuse} (a
     * Tokens no longer used, or null; its arrays grow when too small), so a block's field positions make
     * no new arrays.
     */
    static Tokens tokenize(byte[] b, int from, int to, int columns, Dialect d, int maxRows, boolean last,
            Tokens reuse) {
        int expected = columns < 0 ? 64 : (int) Math.min(1 << 26, (to - from) / 8L);
        Tokens t;
        if (reuse != null) {
            t = reuse;
            t.bytes = b;
            t.columns = columns;
            t.rows = 0;
        } else {
            t = new Tokens(b, columns, expected);
        }
        final byte delim = d.delimiter();
        final byte quote = d.quote();
        final byte escape = d.escape();
        final long delims = (delim & 0xFFL) * ONES;
        int i = from;
        long lines = 0;
        // The OR of every byte (or word) the scan reads: bytes of the records and a few after them.
        long seen = 0;
        int[] starts = t.starts;
        int[] ends = t.ends;
        byte[] flags = t.flags;
        records:
        while (i < to && t.rows < maxRows) {
            byte first = b[i];
            if (first == '\n' || first == '\r') {
                if (first == '\n') {
                    lines++;
                }
                i++;
                continue;
            }
            int recordStart = i;
            long linesAtStart = lines;
            int width = t.columns;
            int base = width < 0 ? 0 : t.rows * width;
            int col = 0;
            while (true) {
                int start;
                int end;
                byte flag = 0;
                if (i < to && b[i] == quote) {
                    flag = QUOTED;
                    int j = i + 1;
                    start = j;
                    while (true) {
                        if (j >= to) {
                            if (!last) {
                                i = recordStart;
                                lines = linesAtStart;
                                break records;
                            }
                            throw new RowError(i, col, "has a quote that is never closed");
                        }
                        byte x = b[j];
                        seen |= x;
                        if (x == '\n') {
                            lines++;
                        }
                        if (x == quote) {
                            if (j + 1 < to && b[j + 1] == quote) {
                                flag |= ESCAPED;
                                j += 2;
                                continue;
                            }
                            break;
                        }
                        if (x == escape && escape != 0) {
                            flag |= ESCAPED;
                            seen |= j + 1 < to ? b[j + 1] : 0;
                            j += 2;
                            continue;
                        }
                        j++;
                    }
                    end = j;
                    i = j + 1;
                    if (i < to && b[i] != delim && b[i] != '\n' && b[i] != '\r') {
                        throw new RowError(i, col, "has text after its closing quote");
                    }
                } else {
                    start = i;
                    // The field's end: the first delimiter, CR or LF, or {@code to}. Eight bytes at a
                    // time, two tests: bytes equal to the delimiter (zero bytes of their XOR) and bytes
                    // below 0x0E (CR, LF and rarer control bytes, which are text); the lowest byte either
                    // test marks is exact (borrows only run upwards from it).
                    while (true) {
                        if (i + 8 <= to) {
                            long w = (long) LONGS.get(b, i);
                            seen |= w;
                            long found = (zeroBytes(w ^ delims) | (w - CONTROLS) & ~w) & HIGH_BITS;
                            if (found != 0) {
                                i += Long.numberOfTrailingZeros(found) >>> 3;
                                byte x = b[i];
                                if (x == delim || x == '\n' || x == '\r') {
                                    break;
                                }
                                i++;
                                continue;
                            }
                            i += 8;
                        } else {
                            while (i < to) {
                                byte x = b[i];
                                seen |= x;
                                if (x == delim || x == '\n' || x == '\r') {
                                    break;
                                }
                                i++;
                            }
                            break;
                        }
                    }
                    end = i;
                }
                if (width >= 0 && col >= width) {
                    throw new RowError(recordStart, -1, "has more than " + width + " fields");
                }
                int k = base + col;
                if (k >= starts.length) {
                    t.grow(k + 1);
                    starts = t.starts;
                    ends = t.ends;
                    flags = t.flags;
                }
                starts[k] = start;
                ends[k] = end;
                flags[k] = flag;
                col++;
                if (i >= to) {
                    if (!last) {
                        i = recordStart;
                        lines = linesAtStart;
                        break records;
                    }
                    break;
                }
                byte x = b[i++];
                if (x == delim) {
                    continue;
                }
                if (x == '\n') {
                    lines++;
                } else if (i < to && b[i] == '\n') {
                    lines++;
                    i++;
                }
                break;
            }
            if (width < 0) {
                t.columns = col;
            } else if (col != width) {
                throw new RowError(recordStart, -1, "has " + col + " field" + (col == 1 ? "" : "s") + " where "
                        + width + " are expected");
            }
            t.rows++;
            if ((long) (t.rows + 1) * t.columns > starts.length) {
                t.grow((int) Math.min(Integer.MAX_VALUE - 8, (long) (t.rows + 1) * t.columns * 3 / 2));
                starts = t.starts;
                ends = t.ends;
                flags = t.flags;
            }
        }
        t.end = i;
        t.lines = lines;
        t.ascii = (seen & HIGH_BITS) == 0;
        return t;
    }

    private static long zeroBytes(long v) {
        return (v - ONES) & ~v & HIGH_BITS;
    }
}
