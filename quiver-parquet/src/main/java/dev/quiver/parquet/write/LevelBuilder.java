// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Types;
import dev.quiver.parquet.ParquetException;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Definition and repetition levels of a leaf column from Arrow validity and offsets, for any nesting of
 * structs, lists (plain, large, fixed-size, views) and maps. Down the path from the top-level field, a
 * nullable field adds one definition level where its slot is valid; a list or map adds one definition level
 * where it has elements and one repetition level, its elements after the first repeating at that level.
 */
public final class LevelBuilder {
    private LevelBuilder() {
    }

    /**
     * The levels of the leaf reached from {@code column} through {@code path}.
     *
     * @param column the top-level column's data
     * @param field its field
     * @param path the child taken at each nested node (a list's or map's child is 0; a map's entries struct
     *     then picks 0 for the key, 1 for the value)
     * @param columnName the leaf's dotted path, for error messages
     * @return the levels
     * @throws ParquetException if a non-nullable field holds a null, or the entries pass 2^31 - 1
     */
    public static Levels compute(ArrayData column, Field field, int[] path, String columnName) {
        int n = checkedInt(column.length(), columnName);
        boolean flat = isFlatWithoutNulls(column, field, path);
        ArrayData node = column;
        Field nodeField = field;
        if (flat) {
            long first = 0;
            int depth = 0;
            int definition = 0;
            while (true) {
                ArrowType type = Types.storage(nodeField.type());
                if (nodeField.nullable()) {
                    definition++;
                }
                if (!(type instanceof ArrowType.Struct s)) {
                    break;
                }
                first += node.offset();
                int k = path[depth++];
                node = node.child(k);
                nodeField = s.fields().get(k);
            }
            int[] def = null;
            if (definition > 0) {
                def = new int[n];
                Arrays.fill(def, definition);
            }
            return new Levels(n, def, null, null, first, node, n);
        }
        int[] def = new int[n];
        int[] rep = new int[n];
        int[] pos = new int[n];
        for (int i = 0; i < n; i++) {
            pos[i] = i;
        }
        int definition = 0;
        int repetition = 0;
        int depth = 0;
        while (true) {
            ArrowType type = Types.storage(nodeField.type());
            if (nodeField.nullable() || type instanceof ArrowType.Null) {
                definition++;
                applyValidity(node, type, n, def, pos, definition);
            } else {
                requireValid(node, nodeField, n, pos, columnName);
            }
            if (type instanceof ArrowType.Struct s) {
                shift(pos, n, node.offset(), columnName);
                int k = path[depth++];
                node = node.child(k);
                nodeField = s.fields().get(k);
            } else if (isRepeated(type)) {
                definition++;
                repetition++;
                int[][] expanded = expand(node, type, n, def, rep, pos, definition, repetition, columnName);
                def = expanded[0];
                rep = expanded[1];
                pos = expanded[2];
                n = def.length;
                if (type instanceof ArrowType.Map m) {
                    ArrayData entries = node.child(0);
                    shift(pos, n, entries.offset(), columnName);
                    int k = path[depth + 1];
                    depth += 2;
                    node = entries.child(k);
                    nodeField = ((ArrowType.Struct) m.entries().type()).fields().get(k);
                } else {
                    depth++;
                    node = node.child(0);
                    nodeField = type.children().get(0);
                }
            } else {
                int values = 0;
                for (int i = 0; i < n; i++) {
                    if (pos[i] >= 0) {
                        values++;
                    }
                }
                return new Levels(n, definition == 0 ? null : def, repetition == 0 ? null : rep, pos, 0, node,
                        values);
            }
        }
    }

    private static void shift(int[] pos, int n, long offset, String columnName) {
        if (offset == 0) {
            return;
        }
        for (int i = 0; i < n; i++) {
            if (pos[i] >= 0) {
                pos[i] = checkedInt(pos[i] + offset, columnName);
            }
        }
    }

    private static void requireValid(ArrayData node, Field field, int n, int[] pos, String columnName) {
        if (node.nullCount() == 0) {
            return;
        }
        for (int i = 0; i < n; i++) {
            if (pos[i] >= 0 && !node.isValid(pos[i])) {
                throw new ParquetException("column " + columnName + ": field " + field.name()
                        + " is not nullable but holds a null");
            }
        }
    }

    /** Whether the path has no lists and no nulls, so that entries are rows and slots contiguous. */
    private static boolean isFlatWithoutNulls(ArrayData node, Field field, int[] path) {
        int depth = 0;
        while (true) {
            ArrowType type = Types.storage(field.type());
            if (type instanceof ArrowType.Null || node.nullCount() > 0) {
                return false;
            }
            if (!(type instanceof ArrowType.Struct s)) {
                return !isRepeated(type);
            }
            int k = path[depth++];
            node = node.child(k);
            field = s.fields().get(k);
        }
    }

    private static boolean isRepeated(ArrowType type) {
        return type instanceof ArrowType.List || type instanceof ArrowType.LargeList
                || type instanceof ArrowType.ListView || type instanceof ArrowType.LargeListView
                || type instanceof ArrowType.FixedSizeList || type instanceof ArrowType.Map;
    }

    private static void applyValidity(ArrayData node, ArrowType type, int n, int[] def, int[] pos, int definition) {
        if (type instanceof ArrowType.Null) {
            Arrays.fill(pos, -1);
            return;
        }
        if (node.nullCount() == 0) {
            for (int i = 0; i < n; i++) {
                if (pos[i] >= 0) {
                    def[i] = definition;
                }
            }
            return;
        }
        MemorySegment bitmap = node.validity().segment();
        long offset = node.offset();
        for (int i = 0; i < n; i++) {
            int p = pos[i];
            if (p >= 0) {
                if (Bitmaps.get(bitmap, offset + p)) {
                    def[i] = definition;
                } else {
                    pos[i] = -1;
                }
            }
        }
    }

    /**
     * Replaces each defined entry by one entry per element of its list (an empty list ends the entry at the
     * list's own level); returns the new definition levels, repetition levels and child slots.
     */
    private static int[][] expand(ArrayData node, ArrowType type, int n, int[] def, int[] rep, int[] pos,
            int definition, int repetition, String columnName) {
        if (type instanceof ArrowType.List || type instanceof ArrowType.Map) {
            return expandInt32Offsets(node, n, def, rep, pos, definition, repetition, columnName);
        }
        long[] starts = new long[n];
        long[] lengths = new long[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            int p = pos[i];
            if (p >= 0) {
                long start = start(node, type, p);
                long length = length(node, type, p);
                starts[i] = start;
                lengths[i] = length;
                total += Math.max(1, length);
            } else {
                total++;
            }
        }
        int m = checkedInt(total, columnName);
        int[] newDef = new int[m];
        int[] newRep = new int[m];
        int[] newPos = new int[m];
        int o = 0;
        for (int i = 0; i < n; i++) {
            int p = pos[i];
            long length = p >= 0 ? lengths[i] : 0;
            if (length == 0) {
                newDef[o] = def[i];
                newRep[o] = rep[i];
                newPos[o] = -1;
                o++;
                continue;
            }
            long start = starts[i];
            for (long e = 0; e < length; e++) {
                newDef[o] = definition;
                newRep[o] = e == 0 ? rep[i] : repetition;
                newPos[o] = checkedInt(start + e, columnName);
                o++;
            }
        }
        return new int[][] {newDef, newRep, newPos};
    }

    /** {@link #expand} for lists and maps (32-bit offsets), the offsets read where they lie. */
    private static int[][] expandInt32Offsets(ArrayData node, int n, int[] def, int[] rep, int[] pos, int definition,
            int repetition, String columnName) {
        MemorySegment offsets = node.buffer(1).segment();
        long base = node.offset();
        long total = 0;
        for (int i = 0; i < n; i++) {
            int p = pos[i];
            if (p >= 0) {
                long at = base + p;
                int length = offsets.getAtIndex(LittleEndian.INT, at + 1) - offsets.getAtIndex(LittleEndian.INT, at);
                if (length < 0) {
                    throw new ParquetException("column " + columnName + ": the list at slot " + p
                            + " has decreasing offsets");
                }
                total += Math.max(1, length);
            } else {
                total++;
            }
        }
        int m = checkedInt(total, columnName);
        int[] newDef = new int[m];
        int[] newRep = new int[m];
        int[] newPos = new int[m];
        int o = 0;
        for (int i = 0; i < n; i++) {
            int p = pos[i];
            int start = 0;
            int length = 0;
            if (p >= 0) {
                long at = base + p;
                start = offsets.getAtIndex(LittleEndian.INT, at);
                length = offsets.getAtIndex(LittleEndian.INT, at + 1) - start;
            }
            if (length == 0) {
                newDef[o] = def[i];
                newRep[o] = rep[i];
                newPos[o] = -1;
                o++;
                continue;
            }
            newDef[o] = definition;
            newRep[o] = rep[i];
            newPos[o] = start;
            o++;
            for (int e = 1; e < length; e++) {
                newDef[o] = definition;
                newRep[o] = repetition;
                newPos[o] = start + e;
                o++;
            }
        }
        return new int[][] {newDef, newRep, newPos};
    }

    private static long start(ArrayData node, ArrowType type, int p) {
        long at = node.offset() + p;
        return switch (type) {
            case ArrowType.FixedSizeList f -> at * f.listSize();
            case ArrowType.LargeList l -> node.buffer(1).segment().getAtIndex(LittleEndian.LONG, at);
            case ArrowType.ListView l -> node.buffer(1).segment().getAtIndex(LittleEndian.INT, at);
            case ArrowType.LargeListView l -> node.buffer(1).segment().getAtIndex(LittleEndian.LONG, at);
            default -> node.buffer(1).segment().getAtIndex(LittleEndian.INT, at);
        };
    }

    private static long length(ArrayData node, ArrowType type, int p) {
        long at = node.offset() + p;
        return switch (type) {
            case ArrowType.FixedSizeList f -> f.listSize();
            case ArrowType.LargeList l -> node.buffer(1).segment().getAtIndex(LittleEndian.LONG, at + 1)
                    - node.buffer(1).segment().getAtIndex(LittleEndian.LONG, at);
            case ArrowType.ListView l -> node.buffer(2).segment().getAtIndex(LittleEndian.INT, at);
            case ArrowType.LargeListView l -> node.buffer(2).segment().getAtIndex(LittleEndian.LONG, at);
            default -> node.buffer(1).segment().getAtIndex(LittleEndian.INT, at + 1)
                    - node.buffer(1).segment().getAtIndex(LittleEndian.INT, at);
        };
    }

    private static int checkedInt(long v, String columnName) {
        if (v > Integer.MAX_VALUE) {
            throw new ParquetException("column " + columnName + ": more than 2^31 - 1 level entries or leaf slots in one batch; write smaller batches");
        }
        return (int) v;
    }
}
