// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code bench-v1} table (docs/bench-v1.md) generated with arrow-java 19, the way an
 * arrow-java user fills vectors: typed {@code set} calls, {@code startNewValue}/{@code endValue} for the
 * list, the {@code cat} dictionary held by a {@link DictionaryProvider}.
 */
public final class ArrowBenchV1 implements AutoCloseable {
    private static final int CATEGORIES = 16;
    private static final long TS_BASE = 1_700_000_000_000_000L;
    private static final byte[] NAME_PREFIX = "name-".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CATEGORY_PREFIX = "category-".getBytes(StandardCharsets.US_ASCII);
    private static final ArrowType.Int INT32 = new ArrowType.Int(32, true);

    /** The encoding of {@code cat}: dictionary id 0, int32 indices. */
    public static final DictionaryEncoding CAT_ENCODING = new DictionaryEncoding(0, false, INT32);

    /** The bench-v1 schema; {@code cat} is held as its int32 index vector. */
    public static final Schema SCHEMA = new Schema(List.of(
            Field.notNullable("id", new ArrowType.Int(64, true)),
            Field.notNullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            Field.notNullable("flag", ArrowType.Bool.INSTANCE),
            Field.nullable("maybe", INT32),
            Field.nullable("name", ArrowType.Utf8.INSTANCE),
            new Field("cat", new FieldType(false, INT32, CAT_ENCODING), null),
            Field.notNullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
            new Field("tags", FieldType.notNullable(ArrowType.List.INSTANCE),
                    List.of(Field.notNullable("item", INT32))),
            Field.nullable("price", new ArrowType.Decimal(18, 2, 128))));

    private final BufferAllocator allocator;
    private final DictionaryProvider.MapDictionaryProvider dictionaries;
    private final byte[] scratch = new byte[16];

    /** A generator allocating from {@code allocator}; it owns the dictionary until {@link #close()}. */
    public ArrowBenchV1(BufferAllocator allocator) {
        this.allocator = allocator;
        VarCharVector categories = new VarCharVector("cat", allocator);
        categories.allocateNew(11L * CATEGORIES, CATEGORIES);
        for (int c = 0; c < CATEGORIES; c++) {
            int length = label(scratch, CATEGORY_PREFIX, c);
            categories.set(c, scratch, 0, length);
        }
        categories.setValueCount(CATEGORIES);
        this.dictionaries = new DictionaryProvider.MapDictionaryProvider();
        dictionaries.put(new Dictionary(categories, CAT_ENCODING));
    }

    /** The provider of the {@code cat} dictionary. */
    public DictionaryProvider dictionaries() {
        return dictionaries;
    }

    /** All batches of a table of {@code rows} rows (65,536 rows each, the last shorter). */
    public List<VectorSchemaRoot> batches(long rows) {
        List<VectorSchemaRoot> out = new ArrayList<>();
        for (long start = 0; start < rows; start += dev.quiver.benchdata.BenchV1.BATCH_ROWS) {
            out.add(batch(start, (int) Math.min(dev.quiver.benchdata.BenchV1.BATCH_ROWS, rows - start)));
        }
        return out;
    }

    /** The batch of rows {@code [start, start + n)}; the caller closes it. */
    public VectorSchemaRoot batch(long start, int n) {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        id((BigIntVector) root.getVector(0), start, n);
        x((Float8Vector) root.getVector(1), start, n);
        flag((BitVector) root.getVector(2), start, n);
        maybe((IntVector) root.getVector(3), start, n);
        name((VarCharVector) root.getVector(4), start, n);
        cat((IntVector) root.getVector(5), start, n);
        ts((TimeStampMicroTZVector) root.getVector(6), start, n);
        tags((ListVector) root.getVector(7), start, n);
        price((DecimalVector) root.getVector(8), start, n);
        root.setRowCount(n);
        return root;
    }

    private static void id(BigIntVector v, long start, int n) {
        v.allocateNew(n);
        for (int k = 0; k < n; k++) {
            v.set(k, start + k);
        }
        v.setValueCount(n);
    }

    private static void x(Float8Vector v, long start, int n) {
        v.allocateNew(n);
        for (int k = 0; k < n; k++) {
            v.set(k, (start + k) * 0.25);
        }
        v.setValueCount(n);
    }

    private static void flag(BitVector v, long start, int n) {
        v.allocateNew(n);
        for (int k = 0; k < n; k++) {
            v.set(k, (start + k) % 3 == 0 ? 1 : 0);
        }
        v.setValueCount(n);
    }

    private static void maybe(IntVector v, long start, int n) {
        v.allocateNew(n);
        for (int k = 0; k < n; k++) {
            long i = start + k;
            if (i % 10 == 7) {
                v.setNull(k);
            } else {
                v.set(k, (int) (i % 1000) - 500);
            }
        }
        v.setValueCount(n);
    }

    private void name(VarCharVector v, long start, int n) {
        v.allocateNew(10L * n, n);
        for (int k = 0; k < n; k++) {
            long i = start + k;
            if (i % 17 == 0) {
                v.setNull(k);
            } else {
                int length = label(scratch, NAME_PREFIX, (int) (i % 10007));
                v.set(k, scratch, 0, length);
            }
        }
        v.setValueCount(n);
    }

    private static void cat(IntVector v, long start, int n) {
        v.allocateNew(n);
        for (int k = 0; k < n; k++) {
            v.set(k, (int) ((start + k) % CATEGORIES));
        }
        v.setValueCount(n);
    }

    private static void ts(TimeStampMicroTZVector v, long start, int n) {
        v.allocateNew(n);
        for (int k = 0; k < n; k++) {
            v.set(k, TS_BASE + (start + k) * 1000);
        }
        v.setValueCount(n);
    }

    private static void tags(ListVector v, long start, int n) {
        v.setInitialCapacity(n, 1.5);
        v.allocateNew();
        IntVector items = (IntVector) v.getDataVector();
        int total = 0;
        for (int k = 0; k < n; k++) {
            long i = start + k;
            int length = (int) (i % 4);
            int at = v.startNewValue(k);
            for (int e = 0; e < length; e++) {
                items.setSafe(at + e, (int) (i + e));
            }
            v.endValue(k, length);
            total += length;
        }
        items.setValueCount(total);
        v.setValueCount(n);
    }

    private static void price(DecimalVector v, long start, int n) {
        v.allocateNew(n);
        for (int k = 0; k < n; k++) {
            long i = start + k;
            if (i % 13 == 0) {
                v.setNull(k);
            } else {
                v.set(k, i * 7);
            }
        }
        v.setValueCount(n);
    }

    /** Writes prefix + decimal digits of {@code number} into {@code out}; returns the length. */
    private static int label(byte[] out, byte[] prefix, int number) {
        System.arraycopy(prefix, 0, out, 0, prefix.length);
        int digits = Integer.toString(number).length();
        for (int p = prefix.length + digits - 1; p >= prefix.length; p--) {
            out[p] = (byte) ('0' + number % 10);
            number /= 10;
        }
        return prefix.length + digits;
    }

    /** Frees the dictionary. */
    @Override
    public void close() {
        for (long id : dictionaries.getDictionaryIds()) {
            dictionaries.lookup(id).getVector().close();
        }
    }
}
