// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LE;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Gives the dictionary-encoded columns of successive batches one growing dictionary each: every block is
 * parsed with a dictionary of its own (blocks are parsed in parallel), and this re-numbers each batch's
 * indices into a dictionary that only ever appends values. A batch's dictionary is then a prefix-extension
 * of the previous one (an IPC writer sends a delta, or nothing when no value is new), which both the IPC
 * stream and the IPC file format can carry; per-block dictionaries could only be replaced, which files
 * cannot do. Used by the reading thread alone, in batch order.
 */
final class DictionaryUnifier {
    private final int[] columns;
    private final Values[] values;

    private DictionaryUnifier(int[] columns, Values[] values) {
        this.columns = columns;
        this.values = values;
    }

    /** A unifier for the dictionary columns of {@code schema}, or null when it has none. */
    static DictionaryUnifier of(Schema schema, BufferAllocator allocator) {
        List<Integer> found = new ArrayList<>();
        for (int c = 0; c < schema.fields().size(); c++) {
            if (schema.field(c).type() instanceof ArrowType.Dictionary) {
                found.add(c);
            }
        }
        if (found.isEmpty()) {
            return null;
        }
        int[] columns = found.stream().mapToInt(Integer::intValue).toArray();
        Values[] values = new Values[columns.length];
        for (int k = 0; k < columns.length; k++) {
            values[k] = new Values((ArrowType.Dictionary) schema.field(columns[k]).type(), allocator,
                    schema.field(columns[k]).name());
        }
        return new DictionaryUnifier(columns, values);
    }

    /** The batch with its dictionary columns re-numbered into the growing dictionaries. */
    RecordBatch apply(RecordBatch batch) {
        List<Array> out = new ArrayList<>(batch.columns());
        for (int k = 0; k < columns.length; k++) {
            out.set(columns[k], values[k].unify(batch.column(columns[k])));
        }
        return new RecordBatch(batch.schema(), out, batch.rowCount());
    }

    /** The distinct values of one column so far, hashed by their bytes, in order of first appearance. */
    private static final class Values {
        private final ArrowType.Dictionary type;
        private final BufferAllocator allocator;
        private final String column;
        private final int width;
        private final long maxIndex;
        private byte[] pool = new byte[1024];
        private int poolLength;
        private int[] offsets = new int[65];
        private int count;
        private int[] table = new int[128];
        private ArrayData dictionary;

        Values(ArrowType.Dictionary type, BufferAllocator allocator, String column) {
            this.type = type;
            this.allocator = allocator;
            this.column = column;
            ArrowType.Int index = type.indexType();
            this.width = index.bitWidth() / 8;
            this.maxIndex = index.bitWidth() == 64 || !index.signed() && index.bitWidth() == 32 ? Integer.MAX_VALUE
                    : index.signed() ? (1L << (index.bitWidth() - 1)) - 1 : (1L << index.bitWidth()) - 1;
            Arrays.fill(table, -1);
        }

        Array unify(Array column) {
            ArrayData data = column.data();
            VarBinaryArray local = VarBinaryArray.ofUnchecked(data.dictionary());
            int[] remap = new int[(int) local.length()];
            int before = count;
            for (int i = 0; i < remap.length; i++) {
                remap[i] = indexOf(local.getBytes(i));
            }
            if (dictionary == null || count != before) {
                VarBinaryBuilder builder = new VarBinaryBuilder(type.valueType(), allocator);
                for (int index = 0; index < count; index++) {
                    builder.append(pool, offsets[index], offsets[index + 1] - offsets[index]);
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
                // A null slot's index may be anything: it stays a valid one.
                write(to, i, index >= 0 && index < remap.length ? remap[(int) index] : 0);
            }
            allocator.release(localIndices);
            for (ArrowBuffer buffer : data.dictionary().buffers()) {
                if (buffer != null) {
                    allocator.release(buffer);
                }
            }
            return DictionaryArray.ofUnchecked(new ArrayData(type, data.length(), data.offset(), data.nullCount(),
                    Arrays.asList(data.buffers().get(0), indices), List.of(), dictionary));
        }

        private long read(MemorySegment in, long i) {
            return switch (width) {
                case 1 -> in.get(LE.BYTE, i);
                case 2 -> in.get(LE.SHORT, i * 2);
                case 4 -> in.get(LE.INT, i * 4);
                default -> in.get(LE.LONG, i * 8);
            };
        }

        private void write(MemorySegment to, long i, int index) {
            switch (width) {
                case 1 -> to.set(LE.BYTE, i, (byte) index);
                case 2 -> to.set(LE.SHORT, i * 2, (short) index);
                case 4 -> to.set(LE.INT, i * 4, index);
                default -> to.set(LE.LONG, i * 8, index);
            }
        }

        private int indexOf(byte[] value) {
            int hash = Arrays.hashCode(value);
            hash ^= hash >>> 16;
            int mask = table.length - 1;
            int slot = hash & mask;
            while (true) {
                int index = table[slot];
                if (index < 0) {
                    if (count >= maxIndex) {
                        throw new CsvException("column " + column + ": more than " + maxIndex
                                + " distinct values do not fit the dictionary's " + type.indexType() + " indices");
                    }
                    index = add(value);
                    table[slot] = index;
                    if (count * 2 > table.length) {
                        rehash();
                    }
                    return index;
                }
                if (Arrays.equals(pool, offsets[index], offsets[index + 1], value, 0, value.length)) {
                    return index;
                }
                slot = (slot + 1) & mask;
            }
        }

        private int add(byte[] value) {
            if (poolLength + value.length > pool.length) {
                pool = Arrays.copyOf(pool, Math.max(poolLength + value.length, pool.length * 2));
            }
            System.arraycopy(value, 0, pool, poolLength, value.length);
            poolLength += value.length;
            if (count + 2 > offsets.length) {
                offsets = Arrays.copyOf(offsets, offsets.length * 2);
            }
            offsets[++count] = poolLength;
            return count - 1;
        }

        private void rehash() {
            table = new int[table.length * 2];
            Arrays.fill(table, -1);
            int mask = table.length - 1;
            for (int index = 0; index < count; index++) {
                int hash = hashOf(index);
                int slot = hash & mask;
                while (table[slot] >= 0) {
                    slot = (slot + 1) & mask;
                }
                table[slot] = index;
            }
        }

        private int hashOf(int index) {
            int hash = Arrays.hashCode(Arrays.copyOfRange(pool, offsets[index], offsets[index + 1]));
            return hash ^ (hash >>> 16);
        }
    }
}
