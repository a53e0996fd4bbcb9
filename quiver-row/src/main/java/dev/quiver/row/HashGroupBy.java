package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A hash group-by over row-encoded keys: key columns plus value columns in, one row per distinct key out
 * with the row count and the count, sum, min and max of each value column ({@link GroupByResult}). Keys
 * compare with null equal to null, so all rows with a null key (in the same key columns) form one group.
 *
 * <p>Per mini-batch of 1024 rows, a column at a time where possible: the key columns are hashed
 * ({@link RowHasher}, from the columns); each hash is looked up in an open-addressing table (linear
 * probing, load at most 1/4; a slot holds 32 bits of the hash and the group id) for a first candidate
 * group with the same hash bits; the candidates are checked against the key columns
 * ({@link RowComparator}, columns against rows). Only the rows left over (new keys, or the rare hash-bit
 * collision) are encoded, into a scratch {@link RowTable}, and looked up again by comparing encoded rows;
 * a new key's row is copied to the table of groups. Then every value column is folded into per-group
 * primitive arrays. Nothing is boxed per row.
 *
 * <p>Dictionary-encoded keys group by index: every batch must carry the same dictionary. Not thread-safe.
 */
public final class HashGroupBy implements AutoCloseable {
    private static final int MINI_BATCH = RowTableEncoder.MINI_BATCH;

    private final List<Field> keyFields;
    private final List<Field> valueFields;
    private final BufferAllocator allocator;
    private final RowTableMetadata metadata;
    private final RowTableEncoder encoder;
    private final RowTable scratch;
    private final RowTable groups;
    private final ValueAggregator[] aggregators;
    private final RowHasher hasher;
    private final RowComparator comparator;
    private final long[] rows = new long[MINI_BATCH];
    private final long[] hashes = new long[MINI_BATCH];
    private final long[] candidates = new long[MINI_BATCH];
    private final boolean[] matched = new boolean[MINI_BATCH];
    private final long[] pendingRows = new long[MINI_BATCH];
    private final int[] pendingIndex = new int[MINI_BATCH];
    private final int[] groupIds = new int[MINI_BATCH];
    private long[] rowCounts = new long[16];
    private long[] groupHashes = new long[16];
    /** Where each group's row starts in the group table, its size and its null mask (masks up to 8 bytes). */
    private long[] groupAt = new long[16];
    private long[] groupSize = new long[16];
    private long[] groupMask = new long[16];
    private long[] slots = new long[1024];
    private int slotMask = slots.length - 1;
    private int groupCount;

    /** A group-by on the garbage-collected allocator. */
    public HashGroupBy(List<Field> keyFields, List<Field> valueFields) {
        this(keyFields, valueFields, BufferAllocator.managed());
    }

    /**
     * A group-by of rows with these key and value columns.
     *
     * @throws UnsupportedColumnTypeException if a key type cannot be row-encoded, or a value column is not
     *     an integer or floating-point column
     * @throws QuiverException if there is no key column
     */
    public HashGroupBy(List<Field> keyFields, List<Field> valueFields, BufferAllocator allocator) {
        this.keyFields = List.copyOf(keyFields);
        this.valueFields = List.copyOf(valueFields);
        this.allocator = Objects.requireNonNull(allocator, "allocator");
        if (this.keyFields.isEmpty()) {
            throw new QuiverException("a group-by needs at least one key column");
        }
        this.metadata = RowTableMetadata.of(this.keyFields.stream().map(Field::type).toList());
        this.aggregators = new ValueAggregator[this.valueFields.size()];
        for (int v = 0; v < aggregators.length; v++) {
            aggregators[v] = ValueAggregator.of(this.valueFields.get(v));
        }
        this.encoder = new RowTableEncoder(metadata);
        this.hasher = new RowHasher(metadata);
        this.comparator = new RowComparator(metadata);
        this.scratch = new RowTable(metadata, allocator);
        this.groups = new RowTable(metadata, allocator);
    }

    /** Groups {@code batch} by the named key columns and aggregates the named value columns. */
    public static GroupByResult groupBy(RecordBatch batch, List<String> keys, List<String> values) {
        try (HashGroupBy groupBy = new HashGroupBy(fields(batch, keys), fields(batch, values))) {
            groupBy.add(columns(batch, keys), columns(batch, values));
            return groupBy.result();
        }
    }

    private static List<Field> fields(RecordBatch batch, List<String> names) {
        List<Field> out = new ArrayList<>();
        for (String name : names) {
            int i = batch.schema().indexOf(name);
            if (i < 0) {
                throw new QuiverException("no column named " + name + " in " + batch.schema());
            }
            out.add(batch.schema().field(i));
        }
        return out;
    }

    private static List<ArrayData> columns(RecordBatch batch, List<String> names) {
        List<ArrayData> out = new ArrayList<>();
        for (String name : names) {
            out.add(batch.column(name).data());
        }
        return out;
    }

    /** The number of groups so far. */
    public int groupCount() {
        return groupCount;
    }

    /**
     * Adds rows: {@code keys} and {@code values} hold the key and value columns in the order of the
     * fields, all of one length.
     */
    public void add(List<ArrayData> keys, List<ArrayData> values) {
        ColumnView[] keyViews = encoder.prepare(keys, groups);
        if (values.size() != aggregators.length) {
            throw new QuiverException(values.size() + " value columns given, " + aggregators.length + " expected");
        }
        long length = keyViews[0].length;
        ColumnView[] valueViews = new ColumnView[values.size()];
        for (int v = 0; v < valueViews.length; v++) {
            ArrayData column = values.get(v);
            Field field = valueFields.get(v);
            if (!column.type().equals(field.type()) || column.length() != length) {
                throw new QuiverException("value column " + field.name() + " has type " + column.type() + " and "
                        + column.length() + " rows, not " + field.type() + " and " + length);
            }
            valueViews[v] = new ColumnView(column, ColumnMetadata.of(field.type()));
        }
        for (long from = 0; from < length; from += MINI_BATCH) {
            int n = (int) Math.min(MINI_BATCH, length - from);
            for (int r = 0; r < n; r++) {
                rows[r] = from + r;
            }
            hasher.hashViews(keyViews, rows, n, hashes);
            findCandidates(n);
            comparator.matchRows(keyViews, rows, candidates, n, groups, matched);
            int pending = 0;
            for (int r = 0; r < n; r++) {
                if (matched[r]) {
                    groupIds[r] = (int) candidates[r];
                } else {
                    pendingRows[pending] = rows[r];
                    pendingIndex[pending++] = r;
                }
            }
            if (pending > 0) {
                scratch.clear();
                encoder.encodeRows(keyViews, pendingRows, pending, scratch);
                long[] sizes = metadata.isFixedLength() ? null : encoder.lastRowSizes();
                if (metadata.nullMaskBytesPerRow() <= 8) {
                    assignGroups(pending, encoder.lastRowStarts(), sizes);
                } else {
                    assignGroupsWideMasks(pending);
                }
            }
            for (int r = 0; r < n; r++) {
                rowCounts[groupIds[r]]++;
            }
            for (int v = 0; v < aggregators.length; v++) {
                aggregators[v].ensureGroups(groupCount);
                aggregators[v].update(valueViews[v], from, n, groupIds);
            }
        }
    }

    /**
     * For each row, follows its probe sequence to the first slot whose tag matches ({@link #candidates}
     * gets that group) or to an empty slot (-1: the key is new, or at least not found yet).
     */
    private void findCandidates(int n) {
        long[] table = slots;
        int mask = slotMask;
        for (int r = 0; r < n; r++) {
            long h = hashes[r];
            int tag = (int) (h >>> 32);
            int slot = (int) h & mask;
            long entry;
            while ((entry = table[slot]) != 0 && (int) (entry >>> 32) != tag) {
                slot = (slot + 1) & mask;
            }
            candidates[r] = entry == 0 ? -1 : (int) entry - 1;
        }
    }

    /**
     * Looks up, or inserts, the group of each pending row, encoded as scratch row {@code j} (batch row
     * {@code pendingIndex[j]}) at {@code starts[j]} with {@code sizes[j]} bytes (the fixed length when
     * {@code sizes} is null), by comparing encoded rows; rows of the same new key in one mini-batch thus
     * find the group the first of them inserted. The positions, sizes and masks of the groups' rows are
     * kept in arrays, so that a probe reads only row bytes from memory segments.
     */
    private void assignGroups(int n, long[] starts, long[] sizes) {
        int maskBytes = metadata.nullMaskBytesPerRow();
        long fixedLength = metadata.fixedLength();
        MemorySegment sRows = scratch.rowSegment();
        MemorySegment sMasks = scratch.maskSegment();
        MemorySegment gRows = groups.rowSegment();
        long[] hashes = this.hashes;
        int[] ids = this.groupIds;
        long[] table = slots;
        int mask = slotMask;
        long[] at = groupAt;
        long[] size = groupSize;
        long[] masks = groupMask;
        for (int j = 0; j < n; j++) {
            int r = pendingIndex[j];
            long h = hashes[r];
            int tag = (int) (h >>> 32);
            int slot = (int) h & mask;
            long sAt = starts[j];
            long sLen = sizes == null ? fixedLength : sizes[j];
            long sMask = RowHasher.smallMask(sMasks, j, maskBytes);
            while (true) {
                long entry = table[slot];
                if (entry == 0) {
                    int g = insert(j, h, slot, tag);
                    groupMask[g] = sMask;
                    ids[r] = g;
                    gRows = groups.rowSegment();
                    table = slots;
                    mask = slotMask;
                    at = groupAt;
                    size = groupSize;
                    masks = groupMask;
                    break;
                }
                if ((int) (entry >>> 32) == tag) {
                    int g = (int) entry - 1;
                    if (size[g] == sLen && masks[g] == sMask && RowComparator.bytesEqual(sRows, sAt, gRows, at[g], sLen)) {
                        ids[r] = g;
                        break;
                    }
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    /** {@link #assignGroups} for keys of more than 64 columns. */
    private void assignGroupsWideMasks(int n) {
        for (int j = 0; j < n; j++) {
            int r = pendingIndex[j];
            long h = hashes[r];
            int tag = (int) (h >>> 32);
            int slot = (int) h & slotMask;
            while (true) {
                long entry = slots[slot];
                if (entry == 0) {
                    groupIds[r] = insert(j, h, slot, tag);
                    break;
                }
                if ((int) (entry >>> 32) == tag && RowComparator.rowsEqualUnchecked(scratch, j, groups, (int) entry - 1)) {
                    groupIds[r] = (int) entry - 1;
                    break;
                }
                slot = (slot + 1) & slotMask;
            }
        }
    }

    /** Copies scratch row {@code j} to the group table as a new group at {@code slot}; returns its id. */
    private int insert(int j, long hash, int slot, int tag) {
        int g = groupCount;
        if (g == Integer.MAX_VALUE - 1) {
            throw new QuiverException("a group-by holds at most " + (Integer.MAX_VALUE - 1) + " groups");
        }
        groups.appendRowUnchecked(scratch, j);
        if (g == groupHashes.length) {
            groupHashes = Arrays.copyOf(groupHashes, g * 2);
            rowCounts = Arrays.copyOf(rowCounts, g * 2);
            groupAt = Arrays.copyOf(groupAt, g * 2);
            groupSize = Arrays.copyOf(groupSize, g * 2);
            groupMask = Arrays.copyOf(groupMask, g * 2);
        }
        groupHashes[g] = hash;
        groupAt[g] = groups.rowOffset(g);
        groupSize[g] = groups.rowLength(g);
        slots[slot] = ((long) tag << 32) | (g + 1);
        groupCount = g + 1;
        if (groupCount * 4L > slots.length) {
            rehash(slots.length * 2);
        }
        return g;
    }

    private void rehash(int capacity) {
        long[] grown = new long[capacity];
        int mask = capacity - 1;
        for (int g = 0; g < groupCount; g++) {
            long h = groupHashes[g];
            int slot = (int) h & mask;
            while (grown[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            grown[slot] = ((h >>> 32) << 32) | (g + 1);
        }
        slots = grown;
        slotMask = mask;
    }

    /** The groups so far, with their aggregates. The group-by can go on adding rows afterwards. */
    public GroupByResult result() {
        List<Field> fields = new ArrayList<>();
        List<Array> columns = new ArrayList<>();
        List<ArrayData> keys = new RowDecoder(allocator).decode(groups);
        for (int k = 0; k < keyFields.size(); k++) {
            fields.add(keyFields.get(k));
            columns.add(Array.wrap(keys.get(k)));
        }
        fields.add(Field.notNull("count", ArrowType.INT64));
        columns.add(Array.wrap(ResultColumns.longs(ArrowType.INT64, rowCounts, null, groupCount, allocator)));
        for (ValueAggregator aggregator : aggregators) {
            aggregator.ensureGroups(groupCount);
            fields.addAll(aggregator.outputFields());
            for (ArrayData column : aggregator.finish(groupCount, allocator)) {
                columns.add(Array.wrap(column));
            }
        }
        return new GroupByResult(new RecordBatch(new Schema(fields), columns, groupCount), keyFields.size());
    }

    /** Releases the row tables. */
    @Override
    public void close() {
        scratch.close();
        groups.close();
    }
}
