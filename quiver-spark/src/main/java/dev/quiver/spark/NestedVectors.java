// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;

/**
 * The vectors of nested types. A list or map hands Spark a window of its child vector, built once per batch
 * over the whole child; a struct's children are built over the slots of the struct's own window.
 */
final class NestedVectors {
    private NestedVectors() {
    }

    /** list, large_list, list_view, large_list_view and fixed_size_list as ARRAY. */
    static final class ListVector extends SegmentVector {
        /** How the lists are laid out: offsets, offsets and sizes, or a fixed size. */
        enum Layout { OFFSETS, LARGE_OFFSETS, VIEWS, LARGE_VIEWS, FIXED }

        private final Layout layout;
        private final MemorySegment offsets;
        private final MemorySegment sizes;
        private final int listSize;
        private final ColumnVector items;

        ListVector(ArrayType type, ArrayData data, String path, Layout layout, int listSize) {
            super(type, data, path);
            this.layout = layout;
            this.offsets = layout == Layout.FIXED ? null : data.buffer(1).segment();
            this.sizes = layout == Layout.VIEWS || layout == Layout.LARGE_VIEWS ? data.buffer(2).segment() : null;
            this.listSize = listSize;
            this.items = Vectors.of(data.child(0), type.elementType(), path + "[]");
        }

        @Override
        public ColumnarArray getArray(int rowId) {
            long slot = offset + rowId;
            long start;
            long length;
            switch (layout) {
                case OFFSETS -> {
                    start = offsets.get(LittleEndian.INT, slot * 4);
                    length = offsets.get(LittleEndian.INT, slot * 4 + 4) - start;
                }
                case LARGE_OFFSETS -> {
                    start = offsets.get(LittleEndian.LONG, slot * 8);
                    length = offsets.get(LittleEndian.LONG, slot * 8 + 8) - start;
                }
                case VIEWS -> {
                    start = offsets.get(LittleEndian.INT, slot * 4);
                    length = sizes.get(LittleEndian.INT, slot * 4);
                }
                case LARGE_VIEWS -> {
                    start = offsets.get(LittleEndian.LONG, slot * 8);
                    length = sizes.get(LittleEndian.LONG, slot * 8);
                }
                default -> {
                    start = slot * listSize;
                    length = listSize;
                }
            }
            if (start + length > Integer.MAX_VALUE) {
                throw new QuiverSparkException("column " + path + ", row " + rowId + ": list elements beyond "
                        + "Spark's 2^31 slots of a vector");
            }
            return new ColumnarArray(items, (int) start, (int) length);
        }
    }

    /** map as MAP: offsets into an entries struct of keys and values. */
    static final class MapVector extends SegmentVector {
        private final MemorySegment offsets;
        private final ColumnVector keys;
        private final ColumnVector values;

        MapVector(MapType type, ArrayData data, String path) {
            super(type, data, path);
            this.offsets = data.buffer(1).segment();
            ArrayData entries = data.child(0);
            this.keys = Vectors.of(fieldOf(entries, 0), type.keyType(), path + ".key");
            this.values = Vectors.of(fieldOf(entries, 1), type.valueType(), path + ".value");
        }

        @Override
        public ColumnarMap getMap(int rowId) {
            long slot = offset + rowId;
            int start = offsets.get(LittleEndian.INT, slot * 4);
            int end = offsets.get(LittleEndian.INT, slot * 4 + 4);
            return new ColumnarMap(keys, values, start, end - start);
        }
    }

    /** struct as STRUCT. */
    static final class StructVector extends SegmentVector {
        private final ColumnVector[] children;

        StructVector(StructType type, ArrayData data, String path) {
            super(type, data, path);
            this.children = new ColumnVector[type.fields().length];
            for (int k = 0; k < children.length; k++) {
                children[k] = Vectors.of(fieldOf(data, k), type.fields()[k].dataType(),
                        path + "." + type.fields()[k].name());
            }
        }

        @Override
        public ColumnVector getChild(int ordinal) {
            return children[ordinal];
        }
    }

    /** Child {@code k} of a struct's data, as the slots of the struct's own window (a struct slice moves only its offset). */
    static ArrayData fieldOf(ArrayData struct, int k) {
        return struct.child(k).slice(struct.offset(), struct.length());
    }

    /** A vector of the null type: every slot is null. */
    static final class NullVector extends SegmentVector {
        NullVector(DataType type, ArrayData data, String path) {
            super(type, data, path);
        }

        @Override
        public boolean isNullAt(int rowId) {
            return true;
        }
    }
}
