// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.compare;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.Values;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Types;
import dev.quiver.core.type.UnionMode;
import java.lang.foreign.MemorySegment;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * Value equality of record batches and arrays: compares sequences of record batches as the reference
 * (C++) implementation does and reports the first difference. Types compare as {@link TypeComparator} says (a map's entries, key and value names
 * and list item names do not matter; struct field names do); values compare logically: null slots
 * alike, values at valid slots equal (floats bit for bit), whatever the offsets, buffer sharing or the
 * bytes under nulls. Dictionary-encoded columns compare their dictionaries (each pair once per
 * comparator) and indices; run-end encoded ones compare their logical values run by run, so the work
 * follows the number of runs, not the logical length.
 *
 * <p>The data must be structurally valid (as {@link dev.quiver.core.validation.ValidationLevel#STRUCTURE}
 * checks it); data that is not may end in an exception of the memory API rather than a difference.
 *
 * {@snippet :
 * BatchComparator comparator = new BatchComparator();
 * Optional<Difference> difference = comparator.compare(expected, actual);
 * difference.ifPresent(d -> System.err.println(d.message()));
 *     // batch 0, column a.item, row 3, index 7: values differ: 5 vs 6
 * }
 */
public final class BatchComparator {
    /**
     * Pairs of dictionaries (left to right) found equal, so that each pair is compared once, not once
     * per batch or per list slot holding dictionary-encoded values; weak, so that dictionaries no
     * batch holds any more are let go. (Data compares by identity.)
     */
    private final Map<ArrayData, ArrayData> equalDictionaries = Collections.synchronizedMap(new WeakHashMap<>());

    /** A comparator; it remembers which dictionaries it found equal, and may be shared between threads. */
    public BatchComparator() {
    }

    /**
     * The first difference between the two sequences, batch by batch, then in their numbers of batches.
     *
     * @param left the first sequence, whose slot indices a {@link Difference} reports
     * @param right the second sequence
     * @return the first difference, or empty when the sequences are equal
     */
    public Optional<Difference> compare(List<RecordBatch> left, List<RecordBatch> right) {
        int n = Math.min(left.size(), right.size());
        for (int b = 0; b < n; b++) {
            Optional<Difference> d = compare(b, left.get(b), right.get(b));
            if (d.isPresent()) {
                return d;
            }
        }
        if (left.size() != right.size()) {
            return Optional.of(new Difference(n, "", -1, -1, left.size() + " batches", right.size() + " batches",
                    "numbers of batches differ"));
        }
        return Optional.empty();
    }

    /**
     * The first difference between two batches: in their numbers of columns, row counts, then column by
     * column in field types and values.
     *
     * @param batchIndex the batch index the difference reports
     * @param left the first batch, whose slot indices a {@link Difference} reports
     * @param right the second batch
     * @return the first difference, or empty when the batches are equal
     */
    public Optional<Difference> compare(int batchIndex, RecordBatch left, RecordBatch right) {
        if (left.columns().size() != right.columns().size()) {
            return Optional.of(new Difference(batchIndex, "", -1, -1, left.columns().size() + " columns",
                    right.columns().size() + " columns", "numbers of columns differ"));
        }
        if (left.rowCount() != right.rowCount()) {
            return Optional.of(new Difference(batchIndex, "", -1, -1, left.rowCount() + " rows",
                    right.rowCount() + " rows", "row counts differ"));
        }
        for (int c = 0; c < left.columns().size(); c++) {
            Field lf = left.schema().field(c);
            Field rf = right.schema().field(c);
            String typeDifference = TypeComparator.field(lf, rf);
            if (typeDifference != null) {
                return Optional.of(new Difference(batchIndex, lf.name(), -1, -1, lf.toString(), rf.toString(),
                        typeDifference));
            }
            Difference d = new Walk(batchIndex, equalDictionaries).range(left.column(c).data(), 0,
                    right.column(c).data(), 0, left.rowCount(), new ColumnPath(lf.name()), -1);
            if (d != null) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /**
     * The first difference between two arrays outside any batch (such as two dictionaries): in their
     * types (as {@link TypeComparator#difference} compares them), lengths, then values.
     *
     * @param left the first array, whose slot indices a {@link Difference} reports
     * @param right the second array
     * @param place the name the difference's path starts with (for example the field the arrays
     *     belong to)
     * @return the first difference (its batch -1, its row the slot of {@code left} where it lies), or empty
     *     when the arrays are equal
     */
    public Optional<Difference> compareArrays(ArrayData left, ArrayData right, String place) {
        String typeDifference = TypeComparator.difference(left.type(), right.type());
        if (typeDifference != null) {
            return Optional.of(new Difference(-1, place, -1, -1, left.type().toString(), right.type().toString(),
                    typeDifference));
        }
        if (left.length() != right.length()) {
            return Optional.of(new Difference(-1, place, -1, -1, left.length() + " slots", right.length() + " slots",
                    "lengths differ"));
        }
        return Optional.ofNullable(new Walk(-1, equalDictionaries).range(left, 0, right, 0, left.length(),
                new ColumnPath(place), -1));
    }

    /** One comparison: walks two arrays of equal types together. */
    private static final class Walk {
        private final int batch;
        private final Map<ArrayData, ArrayData> equalDictionaries;

        Walk(int batch, Map<ArrayData, ArrayData> equalDictionaries) {
            this.batch = batch;
            this.equalDictionaries = equalDictionaries;
        }

        /**
         * Compares slots {@code [ai, ai+n)} of {@code a} with {@code [bi, bi+n)} of {@code b}; {@code row} is
         * the top-level row, or -1 when {@code a} is the top-level column itself.
         */
        Difference range(ArrayData a, long ai, ArrayData b, long bi, long n, ColumnPath path, long row) {
            ArrowType type = Types.storage(a.type());
            if (type != a.type()) {
                a = a.withType(type);
                b = b.withType(type);
            }
            return switch (type) {
                case ArrowType.Null t -> null;
                case ArrowType.Dictionary d -> dictionary(d, a, ai, b, bi, n, path, row);
                case ArrowType.Union u -> union(u, a, ai, b, bi, n, path, row);
                case ArrowType.RunEndEncoded r -> runEnds(r, a, ai, b, bi, n, path, row);
                default -> slots(type, a, ai, b, bi, n, path, row);
            };
        }

        private Difference slots(ArrowType type, ArrayData a, long ai, ArrayData b, long bi, long n, ColumnPath path,
                long row) {
            boolean leaf = type.children().isEmpty();
            Array leftArray = leaf ? Array.ofUnchecked(a) : null;
            Array rightArray = leaf ? Array.ofUnchecked(b) : null;
            for (long k = 0; k < n; k++) {
                long i = ai + k;
                long j = bi + k;
                long r = row < 0 ? i : row;
                boolean va = a.isValid(i);
                if (va != b.isValid(j)) {
                    return diff(path, r, i, va ? format(a, i) : "null", va ? "null" : format(b, j), "nullness differs");
                }
                if (!va) {
                    continue;
                }
                Difference d = leaf
                        ? (leftArray.rangeEquals(i, rightArray, j, 1) ? null
                                : diff(path, r, i, format(a, i), format(b, j), "values differ"))
                        : nested(type, a, i, b, j, path, r);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }

        private Difference nested(ArrowType type, ArrayData a, long i, ArrayData b, long j, ColumnPath path, long row) {
            return switch (type) {
                case ArrowType.Struct s -> {
                    for (int c = 0; c < s.fields().size(); c++) {
                        Difference d = range(a.child(c), a.offset() + i, b.child(c), b.offset() + j, 1,
                                path.child(s.fields().get(c).name()), row);
                        if (d != null) {
                            yield d;
                        }
                    }
                    yield null;
                }
                case ArrowType.FixedSizeList f -> range(a.child(0), (a.offset() + i) * f.listSize(), b.child(0),
                        (b.offset() + j) * f.listSize(), f.listSize(), path.child(f.valueField().name()), row);
                default -> list(type, a, i, b, j, path, row);
            };
        }

        /** Lists, large lists, maps and list views: equal lengths, then equal elements. */
        private Difference list(ArrowType type, ArrayData a, long i, ArrayData b, long j, ColumnPath path, long row) {
            long[] la = window(type, a, i);
            long[] lb = window(type, b, j);
            if (la[1] != lb[1]) {
                return diff(path, row, i, "a list of " + la[1], "a list of " + lb[1], "list lengths differ");
            }
            ColumnPath child = path.child(type.children().get(0).name());
            return range(a.child(0), la[0], b.child(0), lb[0], la[1], child, row);
        }

        /** {start, length} of list slot {@code i} in the child. */
        private static long[] window(ArrowType type, ArrayData data, long i) {
            MemorySegment first = data.buffer(1).segment();
            long at = data.offset() + i;
            return switch (type) {
                case ArrowType.LargeList t -> new long[] {first.get(LittleEndian.LONG, at * 8),
                        first.get(LittleEndian.LONG, at * 8 + 8) - first.get(LittleEndian.LONG, at * 8)};
                case ArrowType.ListView t -> new long[] {first.get(LittleEndian.INT, at * 4),
                        data.buffer(2).segment().get(LittleEndian.INT, at * 4)};
                case ArrowType.LargeListView t -> new long[] {first.get(LittleEndian.LONG, at * 8),
                        data.buffer(2).segment().get(LittleEndian.LONG, at * 8)};
                default -> new long[] {first.get(LittleEndian.INT, at * 4),
                        first.get(LittleEndian.INT, at * 4 + 4) - first.get(LittleEndian.INT, at * 4)};
            };
        }

        private Difference dictionary(ArrowType.Dictionary type, ArrayData a, long ai, ArrayData b, long bi, long n,
                ColumnPath path, long row) {
            ArrayData da = a.dictionary();
            ArrayData db = b.dictionary();
            if (da != db && equalDictionaries.get(da) != db) {
                ColumnPath at = path.child("<dictionary>");
                if (da.length() != db.length()) {
                    return diff(at, row, -1, da.length() + " values", db.length() + " values",
                            "dictionary lengths differ");
                }
                Difference d = range(da, 0, db, 0, da.length(), at, row);
                if (d != null) {
                    return d;
                }
                equalDictionaries.put(da, db);
            }
            return slots(type.indexType(), a.withType(type.indexType()), ai, b.withType(type.indexType()), bi, n, path,
                    row);
        }

        private Difference union(ArrowType.Union type, ArrayData a, long ai, ArrayData b, long bi, long n,
                ColumnPath path, long row) {
            boolean dense = type.mode() == UnionMode.DENSE;
            for (long k = 0; k < n; k++) {
                long i = a.offset() + ai + k;
                long j = b.offset() + bi + k;
                long r = row < 0 ? ai + k : row;
                byte ta = a.buffer(0).segment().get(LittleEndian.BYTE, i);
                byte tb = b.buffer(0).segment().get(LittleEndian.BYTE, j);
                if (ta != tb) {
                    return diff(path, r, ai + k, "type id " + ta, "type id " + tb, "union type ids differ");
                }
                int c = type.childIndex(ta);
                long ci = dense ? a.buffer(1).segment().get(LittleEndian.INT, i * 4) : i;
                long cj = dense ? b.buffer(1).segment().get(LittleEndian.INT, j * 4) : j;
                Difference d = range(a.child(c), ci, b.child(c), cj, 1, path.child(type.fields().get(c).name()), r);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }

        /**
         * Compares run by run: the two run-end sequences are merged, and each stretch of logical slots
         * inside one run of each side compares the two runs' values once, so the work follows the
         * number of runs, not the logical length. A difference names the stretch's first row.
         */
        private Difference runEnds(ArrowType.RunEndEncoded type, ArrayData a, long ai, ArrayData b, long bi, long n,
                ColumnPath path, long row) {
            ColumnPath values = path.child(type.values().name());
            long startA = a.offset() + ai;
            long startB = b.offset() + bi;
            long runA = physical(a, startA);
            long runB = physical(b, startB);
            long k = 0;
            while (k < n) {
                long r = row < 0 ? ai + k : row;
                long endA = runEnd(a, runA) - startA;
                long endB = runEnd(b, runB) - startB;
                if (endA <= k || endB <= k) {
                    return diff(path, r, ai + k, endA <= k ? "run ends that do not increase" : "valid run ends",
                            endB <= k ? "run ends that do not increase" : "valid run ends", "run ends are invalid");
                }
                Difference d = range(a.child(1), runA, b.child(1), runB, 1, values, r);
                if (d != null) {
                    return d;
                }
                k = Math.min(n, Math.min(endA, endB));
                if (k == endA && runA + 1 < a.child(0).length()) {
                    runA++;
                }
                if (k == endB && runB + 1 < b.child(0).length()) {
                    runB++;
                }
            }
            return null;
        }

        /** The run holding logical position {@code pos}: the first whose end is past it. */
        private static long physical(ArrayData data, long pos) {
            long lo = 0;
            long hi = data.child(0).length() - 1;
            while (lo < hi) {
                long mid = (lo + hi) >>> 1;
                if (runEnd(data, mid) > pos) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return lo;
        }

        /** The end of run {@code run}, in the logical positions of {@code data} (before its offset). */
        private static long runEnd(ArrayData data, long run) {
            ArrayData runEnds = data.child(0);
            MemorySegment s = runEnds.buffer(1).segment();
            long at = runEnds.offset() + run;
            return switch (((ArrowType.Int) runEnds.type()).bitWidth()) {
                case 16 -> s.get(LittleEndian.SHORT, at * 2);
                case 32 -> s.get(LittleEndian.INT, at * 4);
                default -> s.get(LittleEndian.LONG, at * 8);
            };
        }

        private Difference diff(ColumnPath path, long row, long index, String left, String right, String what) {
            return new Difference(batch, path.toString(), row, index, left, right, what);
        }

        /** A slot's value for a message; data that cannot be read shows as such. */
        private static String format(ArrayData data, long i) {
            try {
                return Values.format(Array.ofUnchecked(data).getObject(i));
            } catch (RuntimeException e) {
                return "<unreadable slot " + i + ": " + e.getMessage() + ">";
            }
        }
    }
}
