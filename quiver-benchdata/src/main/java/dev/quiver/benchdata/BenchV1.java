// SPDX-License-Identifier: Apache-2.0
package dev.quiver.benchdata;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The benchmark table {@code bench-v1} (docs/bench-v1.md): every value is a function of the row
 * index, so any Arrow implementation can generate the same data. Batches are written straight into
 * their buffers. The {@code cat} column of every batch shares one dictionary, made once per generator.
 * The slot of a null {@code maybe} or {@code price} holds the value the row would have, as in the
 * arrays of the pyarrow generator ({@code quiver-bench/pyarrow-bench.py}): both write byte-identical
 * value buffers, so compressed writes are compared on the same bytes (zeroed slots made Quiver's ZSTD
 * file 2.4 % larger).
 *
 * {@snippet :
 * try (ScopedAllocator allocator = BufferAllocator.scoped()) {
 *     for (RecordBatch batch : new BenchV1(allocator).batches(1_000_000)) {
 *         writer.write(batch);
 *     }
 * }
 * }
 */
public final class BenchV1 {
    /** Rows per record batch; the last batch is shorter. */
    public static final int BATCH_ROWS = 65_536;
    /** The dictionary id of the {@code cat} column. */
    public static final long CAT_DICTIONARY_ID = 0;
    private static final int CATEGORIES = 16;
    private static final long TS_BASE = 1_700_000_000_000_000L;

    /** The type of the {@code cat} column: int32 indices into utf8 values, not ordered. */
    public static final ArrowType.Dictionary CAT_TYPE =
            new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false);
    /** The type of the {@code tags} column: lists of non-null int32 items. */
    public static final ArrowType.List TAGS_TYPE = new ArrowType.List(Field.notNull("item", ArrowType.INT32));
    /** The type of the {@code price} column: decimal128(18, 2). */
    public static final ArrowType.Decimal PRICE_TYPE = new ArrowType.Decimal(18, 2, 128);

    /** The schema of every batch: the nine columns of docs/bench-v1.md, in its order. */
    public static final Schema SCHEMA = Schema.of(
            Field.notNull("id", ArrowType.INT64),
            Field.notNull("x", ArrowType.FLOAT64),
            Field.notNull("flag", ArrowType.BOOL),
            Field.nullable("maybe", ArrowType.INT32),
            Field.nullable("name", ArrowType.UTF8),
            new Field("cat", CAT_TYPE, false, CAT_DICTIONARY_ID, null),
            Field.notNull("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
            Field.notNull("tags", TAGS_TYPE),
            Field.nullable("price", PRICE_TYPE));

    private final BufferAllocator allocator;
    private final ArrayData categories;

    /**
     * A generator whose batches take their memory from {@code allocator}; the {@code cat} dictionary is
     * allocated at once.
     *
     * @param allocator where the buffers of the batches come from
     * @throws dev.quiver.core.memory.MemoryLimitExceededException if the dictionary does not fit in the
     *     allocator's limit
     */
    public BenchV1(BufferAllocator allocator) {
        this.allocator = allocator;
        this.categories = categoryDictionary(allocator);
    }

    /**
     * The number of batches of a table.
     *
     * @param rows the number of rows, 0 or more
     * @return {@code ceil(rows / BATCH_ROWS)}
     */
    public static int batchCount(long rows) {
        return (int) ((rows + BATCH_ROWS - 1) / BATCH_ROWS);
    }

    /**
     * All batches of a table, generated at once (for large tables, generate and use one
     * {@link #batch(long, int)} at a time instead).
     *
     * @param rows the number of rows, 0 or more
     * @return {@link #batchCount(long) batchCount(rows)} batches of {@link #BATCH_ROWS} rows, the last
     *     one shorter
     * @throws dev.quiver.core.memory.MemoryLimitExceededException if the batches do not fit in the
     *     allocator's limit
     */
    public List<RecordBatch> batches(long rows) {
        List<RecordBatch> out = new ArrayList<>();
        for (long start = 0; start < rows; start += BATCH_ROWS) {
            out.add(batch(start, (int) Math.min(BATCH_ROWS, rows - start)));
        }
        return out;
    }

    /**
     * The batch of rows {@code [start, start + n)} of any {@code bench-v1} table: row {@code k} of the
     * batch is row {@code start + k} of the table.
     *
     * @param start the row index of the batch's first row, 0 or more
     * @param n the number of rows, 0 or more
     * @return a batch of {@link #SCHEMA} whose buffers come from the generator's allocator
     * @throws dev.quiver.core.memory.MemoryLimitExceededException if the batch does not fit in the
     *     allocator's limit
     */
    public RecordBatch batch(long start, int n) {
        List<Array> columns = List.of(
                id(start, n), x(start, n), flag(start, n), maybe(start, n), name(start, n), cat(start, n),
                ts(start, n), tags(start, n), price(start, n));
        return new RecordBatch(SCHEMA, columns, n);
    }

    private static Array column(ArrowType type, int n, long nulls, ArrowBuffer... buffers) {
        return Array.ofUnchecked(new ArrayData(type, n, 0, nulls, Arrays.asList(buffers), List.of(), null));
    }

    private Array id(long start, int n) {
        ArrowBuffer values = allocator.allocate(8L * n);
        MemorySegment s = values.segment();
        for (int k = 0; k < n; k++) {
            s.set(LittleEndian.LONG, 8L * k, start + k);
        }
        return column(ArrowType.INT64, n, 0, null, values);
    }

    private Array x(long start, int n) {
        ArrowBuffer values = allocator.allocate(8L * n);
        MemorySegment s = values.segment();
        for (int k = 0; k < n; k++) {
            s.set(LittleEndian.DOUBLE, 8L * k, (start + k) * 0.25);
        }
        return column(ArrowType.FLOAT64, n, 0, null, values);
    }

    private Array flag(long start, int n) {
        ArrowBuffer bits = allocator.allocate(Bitmaps.bytesFor(n));
        MemorySegment s = bits.segment();
        for (int k = 0; k < n; k++) {
            if ((start + k) % 3 == 0) {
                Bitmaps.set(s, k, true);
            }
        }
        return column(ArrowType.BOOL, n, 0, null, bits);
    }

    private Array maybe(long start, int n) {
        ArrowBuffer validity = allocator.allocate(Bitmaps.bytesFor(n));
        ArrowBuffer values = allocator.allocate(4L * n);
        MemorySegment v = validity.segment();
        MemorySegment s = values.segment();
        long nulls = 0;
        for (int k = 0; k < n; k++) {
            long i = start + k;
            if (i % 10 == 7) {
                nulls++;
            } else {
                Bitmaps.set(v, k, true);
            }
            s.set(LittleEndian.INT, 4L * k, (int) (i % 1000) - 500);
        }
        return column(ArrowType.INT32, n, nulls, validity, values);
    }

    private Array name(long start, int n) {
        ArrowBuffer validity = allocator.allocate(Bitmaps.bytesFor(n));
        ArrowBuffer offsets = allocator.allocate(4L * (n + 1));
        ArrowBuffer data = allocator.allocate(10L * n);
        MemorySegment v = validity.segment();
        MemorySegment o = offsets.segment();
        MemorySegment d = data.segment();
        int end = 0;
        long nulls = 0;
        for (int k = 0; k < n; k++) {
            long i = start + k;
            if (i % 17 == 0) {
                nulls++;
            } else {
                Bitmaps.set(v, k, true);
                end = writeLabel(d, end, NAME_PREFIX, (int) (i % 10007));
            }
            o.set(LittleEndian.INT, 4L * (k + 1), end);
        }
        return column(ArrowType.UTF8, n, nulls, validity, offsets, data.slice(0, end));
    }

    private static final byte[] NAME_PREFIX = "name-".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] CATEGORY_PREFIX = "category-".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** Writes prefix + decimal digits of {@code number} at {@code at}; returns the end position. */
    private static int writeLabel(MemorySegment d, int at, byte[] prefix, int number) {
        MemorySegment.copy(prefix, 0, d, LittleEndian.BYTE, at, prefix.length);
        int pos = at + prefix.length;
        int digits = number < 10 ? 1 : number < 100 ? 2 : number < 1000 ? 3 : number < 10000 ? 4 : 5;
        for (int p = pos + digits - 1; p >= pos; p--) {
            d.set(LittleEndian.BYTE, p, (byte) ('0' + number % 10));
            number /= 10;
        }
        return pos + digits;
    }

    private static ArrayData categoryDictionary(BufferAllocator allocator) {
        ArrowBuffer offsets = allocator.allocate(4L * (CATEGORIES + 1));
        ArrowBuffer data = allocator.allocate(11L * CATEGORIES);
        int end = 0;
        for (int c = 0; c < CATEGORIES; c++) {
            end = writeLabel(data.segment(), end, CATEGORY_PREFIX, c);
            offsets.setInt(4L * (c + 1), end);
        }
        return new ArrayData(ArrowType.UTF8, CATEGORIES, 0, 0, Arrays.asList(null, offsets, data.slice(0, end)),
                List.of(), null);
    }

    private Array cat(long start, int n) {
        ArrowBuffer indices = allocator.allocate(4L * n);
        MemorySegment s = indices.segment();
        for (int k = 0; k < n; k++) {
            s.set(LittleEndian.INT, 4L * k, (int) ((start + k) % CATEGORIES));
        }
        return Array.ofUnchecked(new ArrayData(CAT_TYPE, n, 0, 0, Arrays.asList(null, indices), List.of(), categories));
    }

    private Array ts(long start, int n) {
        ArrowBuffer values = allocator.allocate(8L * n);
        MemorySegment s = values.segment();
        for (int k = 0; k < n; k++) {
            s.set(LittleEndian.LONG, 8L * k, TS_BASE + (start + k) * 1000);
        }
        return column(SCHEMA.field(6).type(), n, 0, null, values);
    }

    private Array tags(long start, int n) {
        ArrowBuffer offsets = allocator.allocate(4L * (n + 1));
        MemorySegment o = offsets.segment();
        int total = 0;
        for (int k = 0; k < n; k++) {
            total += (int) ((start + k) % 4);
            o.set(LittleEndian.INT, 4L * (k + 1), total);
        }
        ArrowBuffer items = allocator.allocate(4L * total);
        MemorySegment s = items.segment();
        int at = 0;
        for (int k = 0; k < n; k++) {
            long i = start + k;
            int length = (int) (i % 4);
            for (int e = 0; e < length; e++) {
                s.set(LittleEndian.INT, 4L * at++, (int) (i + e));
            }
        }
        ArrayData child = new ArrayData(ArrowType.INT32, total, 0, 0, Arrays.asList(null, items), List.of(), null);
        return Array.ofUnchecked(new ArrayData(TAGS_TYPE, n, 0, 0, Arrays.asList(null, offsets), List.of(child), null));
    }

    private Array price(long start, int n) {
        ArrowBuffer validity = allocator.allocate(Bitmaps.bytesFor(n));
        ArrowBuffer values = allocator.allocate(16L * n);
        MemorySegment v = validity.segment();
        MemorySegment s = values.segment();
        long nulls = 0;
        for (int k = 0; k < n; k++) {
            long i = start + k;
            if (i % 13 == 0) {
                nulls++;
            } else {
                Bitmaps.set(v, k, true);
            }
            long unscaled = i * 7;
            s.set(LittleEndian.LONG, 16L * k, unscaled);
            s.set(LittleEndian.LONG, 16L * k + 8, unscaled < 0 ? -1 : 0);
        }
        return column(PRICE_TYPE, n, nulls, validity, values);
    }
}
