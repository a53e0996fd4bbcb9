// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
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

    /** The distinct values of one column so far, in order of first appearance, and their dictionary. */
    private static final class Values {
        private final ArrowType.Dictionary type;
        private final BufferAllocator allocator;
        private final String column;
        private final int width;
        private final long maxIndex;
        private final DistinctValues distinct = new DistinctValues();
        private ArrayData dictionary;

        Values(ArrowType.Dictionary type, BufferAllocator allocator, String column) {
            this.type = type;
            this.allocator = allocator;
            this.column = column;
            ArrowType.Int index = type.indexType();
            this.width = index.bitWidth() / 8;
            // Indices are remapped through an int[]: at most Integer.MAX_VALUE whatever the width.
            int valueBits = index.signed() ? index.bitWidth() - 1 : index.bitWidth();
            this.maxIndex = valueBits >= 31 ? Integer.MAX_VALUE : (1L << valueBits) - 1;
        }

        Array unify(Array column) {
            ArrayData data = column.data();
            VarBinaryArray local = VarBinaryArray.ofUnchecked(data.dictionary());
            int[] remap = new int[(int) local.length()];
            int before = distinct.count();
            for (int i = 0; i < remap.length; i++) {
                byte[] value = local.getBytes(i);
                remap[i] = distinct.indexOf(value, 0, value.length);
            }
            if (distinct.count() - 1 > maxIndex) {
                throw new CsvException("column " + this.column + ": " + distinct.count() + " distinct values do not fit "
                        + "the dictionary's " + type.indexType() + " indices (largest index " + maxIndex + ")");
            }
            if (dictionary == null || distinct.count() != before) {
                dictionary = distinct.build(type.valueType(), allocator);
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
                case 1 -> in.get(LittleEndian.BYTE, i);
                case 2 -> in.get(LittleEndian.SHORT, i * 2);
                case 4 -> in.get(LittleEndian.INT, i * 4);
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
