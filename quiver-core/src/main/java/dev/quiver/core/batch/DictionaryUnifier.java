// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Gives the dictionary-encoded columns of successive batches one growing dictionary each: each batch's
 * indices are re-numbered into a dictionary that only ever appends the values not seen before. A
 * batch's dictionary is then the previous batch's, or an extension of it (the very same object when no
 * value is new), which an IPC stream sends as a delta or not at all and an IPC file can carry, where
 * batches with unrelated dictionaries fail the file writer ("dictionary changed its values").
 *
 * <pre>{@code
 * DictionaryUnifier unifier = DictionaryUnifier.of(schema, allocator);
 * for (RecordBatch batch : batches) {
 *     writer.write(unifier.unify(batch));
 * }
 * }</pre>
 *
 * <p>Top-level dictionary columns are unified; other columns pass through untouched. The index type
 * stays the schema's: more distinct values than it holds fail with a {@link QuiverException} naming the
 * column. The cost is one hash lookup per entry of each batch's dictionary (values as
 * {@link Array#getObject} gives them) and one pass over the indices; a dictionary that grew is rebuilt.
 * Not thread-safe: feed it batches in order from one thread.
 */
public final class DictionaryUnifier {
    private final int[] columns;
    private final Column[] state;

    private DictionaryUnifier(int[] columns, Column[] state) {
        this.columns = columns;
        this.state = state;
    }

    /**
     * A unifier for the dictionary columns of {@code schema}.
     *
     * @param schema the schema of the batches to unify
     * @param allocator the memory of the new indices and dictionaries
     * @return the unifier; with no dictionary column, {@link #unify} returns its batches as they are
     */
    public static DictionaryUnifier of(Schema schema, BufferAllocator allocator) {
        Objects.requireNonNull(allocator, "allocator");
        List<Integer> found = new ArrayList<>();
        for (int c = 0; c < schema.fields().size(); c++) {
            if (schema.field(c).type() instanceof ArrowType.Dictionary) {
                found.add(c);
            }
        }
        int[] columns = found.stream().mapToInt(Integer::intValue).toArray();
        Column[] state = new Column[columns.length];
        for (int k = 0; k < columns.length; k++) {
            state[k] = new Column((ArrowType.Dictionary) schema.field(columns[k]).type(), allocator,
                    schema.field(columns[k]).name());
        }
        return new DictionaryUnifier(columns, state);
    }

    /**
     * Whether the schema has dictionary columns to unify.
     *
     * @return false when {@link #unify} returns every batch as it is
     */
    public boolean hasDictionaries() {
        return columns.length > 0;
    }

    /**
     * The batch with its dictionary columns re-numbered into the growing dictionaries; the batch's own
     * buffers are left as they are.
     *
     * @param batch the next batch, of the unifier's schema
     * @return a batch of the same values whose dictionaries extend the previous batch's
     * @throws QuiverException when a column's distinct values no longer fit its index type
     */
    public RecordBatch unify(RecordBatch batch) {
        return unify(batch, false);
    }

    /**
     * As {@link #unify(RecordBatch)}, for a caller that owns the batch's buffers and drops the batch:
     * its replaced index and dictionary buffers go back to the unifier's allocator at once.
     *
     * @param batch the next batch, of the unifier's schema, whose buffers the caller owns
     * @return a batch of the same values whose dictionaries extend the previous batch's
     * @throws QuiverException when a column's distinct values no longer fit its index type
     */
    public RecordBatch unifyAndRelease(RecordBatch batch) {
        return unify(batch, true);
    }

    private RecordBatch unify(RecordBatch batch, boolean release) {
        if (columns.length == 0) {
            return batch;
        }
        List<Array> out = new ArrayList<>(batch.columns());
        for (int k = 0; k < columns.length; k++) {
            out.set(columns[k], state[k].unify(batch.column(columns[k]), release));
        }
        return new RecordBatch(batch.schema(), out, batch.rowCount());
    }

    /** The distinct values of one column so far, in order of first appearance, and their dictionary. */
    private static final class Column {
        private final ArrowType.Dictionary type;
        private final BufferAllocator allocator;
        private final String name;
        private final int width;
        private final boolean signed;
        private final long maxIndex;
        private final Map<Object, Integer> indexOf = new HashMap<>();
        private final List<Object> values = new ArrayList<>();
        private ArrayData dictionary;

        Column(ArrowType.Dictionary type, BufferAllocator allocator, String name) {
            this.type = type;
            this.allocator = allocator;
            this.name = name;
            ArrowType.Int index = type.indexType();
            this.width = index.bitWidth() / 8;
            this.signed = index.signed();
            // Indices are remapped through an int[]: at most Integer.MAX_VALUE whatever the width.
            int valueBits = index.signed() ? index.bitWidth() - 1 : index.bitWidth();
            this.maxIndex = valueBits >= 31 ? Integer.MAX_VALUE : (1L << valueBits) - 1;
        }

        Array unify(Array column, boolean release) {
            ArrayData data = column.data();
            Array local = Array.ofUnchecked(data.dictionary());
            int[] remap = new int[Math.toIntExact(local.length())];
            int before = values.size();
            for (int i = 0; i < remap.length; i++) {
                Object value = local.getObject(i);
                Integer index = indexOf.get(key(value));
                if (index == null) {
                    if (values.size() > maxIndex) {
                        throw new QuiverException("column " + name + ": more than " + (maxIndex + 1)
                                + " distinct values do not fit the dictionary's " + type.indexType()
                                + " indices (largest index " + maxIndex + ")");
                    }
                    index = values.size();
                    values.add(value);
                    indexOf.put(key(value), index);
                }
                remap[i] = index;
            }
            if (dictionary == null || values.size() != before) {
                ArrayBuilder builder = ArrayBuilder.of(type.valueType(), allocator);
                for (Object value : values) {
                    builder.appendObject(value);
                }
                dictionary = builder.build().data();
            }
            long slots = data.offset() + data.length();
            ArrowBuffer localIndices = data.buffers().get(1);
            MemorySegment in = localIndices.segment();
            ArrowBuffer indices = allocator.allocate(slots * width);
            MemorySegment to = indices.segment();
            for (long i = data.offset(); i < slots; i++) {
                long index = read(in, i);
                // A null slot's index may be anything: it becomes a valid one.
                write(to, i, index >= 0 && index < remap.length ? remap[(int) index] : 0);
            }
            if (release) {
                allocator.release(localIndices);
                for (ArrowBuffer buffer : data.dictionary().buffers()) {
                    if (buffer != null) {
                        allocator.release(buffer);
                    }
                }
            }
            return DictionaryArray.ofUnchecked(new ArrayData(type, data.length(), data.offset(), data.nullCount(),
                    Arrays.asList(data.buffers().get(0), indices), List.of(), dictionary));
        }

        /** Equal values, equal keys: byte arrays by content. */
        private static Object key(Object value) {
            return value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value;
        }

        private long read(MemorySegment in, long i) {
            return switch (width) {
                case 1 -> signed ? in.get(LittleEndian.BYTE, i) : Byte.toUnsignedLong(in.get(LittleEndian.BYTE, i));
                case 2 -> signed ? in.get(LittleEndian.SHORT, i * 2)
                        : Short.toUnsignedLong(in.get(LittleEndian.SHORT, i * 2));
                case 4 -> signed ? in.get(LittleEndian.INT, i * 4) : Integer.toUnsignedLong(in.get(LittleEndian.INT, i * 4));
                default -> in.get(LittleEndian.LONG, i * 8);
            };
        }

        private void write(MemorySegment to, long i, int index) {
            switch (width) {
                case 1 -> to.set(LittleEndian.BYTE, i, (byte) index);
                case 2 -> to.set(LittleEndian.SHORT, i * 2, (short) index);
                case 4 -> to.set(LittleEndian.INT, i * 4, index);
                default -> to.set(LittleEndian.LONG, i * 8, index);
            }
        }
    }
}
