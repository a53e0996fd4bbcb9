// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.Values;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Encodes columns into rows of a {@link RowTable} (Arrow C++ {@code RowTableEncoder}), a mini-batch
 * of rows at a time and a column at a time: each loop reads one column's memory and writes one slot of
 * each row, without boxing or per-value calls.
 *
 * <p>Per row: fixed values are copied at their column offset (a bool takes a byte, 0xFF or 0x00; a
 * dictionary-encoded column its index); a null fixed value is 0xAE in every byte of its slot; end slot
 * {@code k} holds the end of var value {@code k} from the start of the row; a null var value has length 0;
 * padding is zero; null-mask bit {@code p} is set when the column at physical position {@code p} is null.
 *
 * <p>{@code encode...} methods empty the target first; {@code append...} methods add to it. An encoder
 * holds scratch space: use one per thread.
 */
public final class RowTableEncoder {
    /** Rows encoded per internal step; scratch arrays have this size. */
    static final int MINI_BATCH = 1024;
    private static final byte NULL_FILL = (byte) 0xAE;

    private final RowTableMetadata metadata;
    private final long[] rows = new long[MINI_BATCH];
    private final long[] rowStarts = new long[MINI_BATCH];
    private final long[] rowSizes = new long[MINI_BATCH];
    /**
     * Per var column {@code k} and row {@code r} (at {@code k * MINI_BATCH + r}): where the value starts in
     * the input, its length, and where it starts in the row.
     */
    private final long[] varFrom;
    private final long[] varLength;
    private final long[] varStart;

    /**
     * An encoder of columns of the types of {@code metadata} into tables of that metadata.
     *
     * @param metadata the layout of the rows, and the types of the columns encoded
     * @throws NullPointerException if {@code metadata} is null
     */
    public RowTableEncoder(RowTableMetadata metadata) {
        this.metadata = Objects.requireNonNull(metadata, "metadata");
        int varColumns = 0;
        for (int c = 0; c < metadata.columnCount(); c++) {
            varColumns += metadata.column(c).isFixedLength() ? 0 : 1;
        }
        this.varFrom = new long[varColumns * MINI_BATCH];
        this.varLength = new long[varColumns * MINI_BATCH];
        this.varStart = new long[varColumns * MINI_BATCH];
    }

    /**
     * The layout of the rows this encoder writes.
     *
     * @return the metadata the encoder was created with
     */
    public RowTableMetadata metadata() {
        return metadata;
    }

    /**
     * Empties {@code target} and encodes every row of {@code columns} (logical order) into it.
     *
     * @param columns one column per type of the metadata, in logical order, all of one length
     * @param target a table of this encoder's metadata
     * @throws QuiverException if the columns do not match the metadata's types, count or one length, the
     *     target holds other rows, or a dictionary differs from the one the target keeps
     */
    public void encode(List<ArrayData> columns, RowTable target) {
        target.clear();
        append(columns, target);
    }

    /**
     * Empties {@code target} and encodes the selected rows: row {@code j} of the result is row
     * {@code selection[j]} of the columns, for {@code j < count}. Indexes may repeat.
     *
     * @param columns one column per type of the metadata, in logical order, all of one length
     * @param selection the indexes of the rows to encode
     * @param count the number of entries of {@code selection} used
     * @param target a table of this encoder's metadata
     * @throws QuiverException if the columns do not match the metadata's types, count or one length, the
     *     target holds other rows, or a dictionary differs from the one the target keeps
     * @throws IndexOutOfBoundsException if {@code count} exceeds the selection or a selected index is not
     *     a row of the columns
     */
    public void encodeSelected(List<ArrayData> columns, int[] selection, int count, RowTable target) {
        target.clear();
        appendSelected(columns, selection, count, target);
    }

    /**
     * Appends every row of {@code columns} (logical order) to {@code target}.
     *
     * @param columns one column per type of the metadata, in logical order, all of one length
     * @param target a table of this encoder's metadata
     * @throws QuiverException if the columns do not match the metadata's types, count or one length, the
     *     target holds other rows, or a dictionary differs from the one the target keeps
     */
    public void append(List<ArrayData> columns, RowTable target) {
        long length = columns.isEmpty() ? 0 : columns.get(0).length();
        appendRange(columns, 0, length, target);
    }

    /**
     * Appends every row of a record batch whose columns are the table's columns.
     *
     * @param batch a batch with one column per type of the metadata, in logical order
     * @param target a table of this encoder's metadata
     * @throws QuiverException if the columns do not match the metadata's types or count, the target holds
     *     other rows, or a dictionary differs from the one the target keeps
     */
    public void append(RecordBatch batch, RowTable target) {
        List<ArrayData> data = new ArrayList<>(batch.columns().size());
        batch.columns().forEach(c -> data.add(c.data()));
        appendRange(data, 0, batch.rowCount(), target);
    }

    /**
     * Appends rows {@code [from, from + count)} of {@code columns} to {@code target}.
     *
     * @param columns one column per type of the metadata, in logical order, all of one length
     * @param from the index of the first row to encode
     * @param count the number of rows to encode
     * @param target a table of this encoder's metadata
     * @throws QuiverException if the columns do not match the metadata's types, count or one length, the
     *     target holds other rows, or a dictionary differs from the one the target keeps
     * @throws IndexOutOfBoundsException if the range is not within the columns
     */
    public void appendRange(List<ArrayData> columns, long from, long count, RowTable target) {
        ColumnView[] views = prepare(columns, target);
        long length = views.length == 0 ? count : views[0].length;
        if (from < 0 || count < 0 || from > length - count) {
            throw new IndexOutOfBoundsException("rows [" + from + ", " + from + "+" + count + ") of " + length);
        }
        for (long done = 0; done < count; ) {
            int n = (int) Math.min(MINI_BATCH, count - done);
            encodeRange(views, from + done, n, target);
            done += n;
        }
    }

    /**
     * Appends rows {@code [from, from + n)} ({@code n <= MINI_BATCH}) of checked views to a table of this
     * encoder's metadata; dictionaries are the caller's business.
     */
    void encodeRange(ColumnView[] views, long from, int n, RowTable target) {
        for (int r = 0; r < n; r++) {
            rows[r] = from + r;
        }
        encodeMiniBatch(views, n, target);
    }

    /**
     * Appends row {@code selection[j]} of {@code columns} for each {@code j < count} to {@code target}.
     * Indexes may repeat.
     *
     * @param columns one column per type of the metadata, in logical order, all of one length
     * @param selection the indexes of the rows to encode
     * @param count the number of entries of {@code selection} used
     * @param target a table of this encoder's metadata
     * @throws QuiverException if the columns do not match the metadata's types, count or one length, the
     *     target holds other rows, or a dictionary differs from the one the target keeps
     * @throws IndexOutOfBoundsException if {@code count} exceeds the selection or a selected index is not
     *     a row of the columns
     */
    public void appendSelected(List<ArrayData> columns, int[] selection, int count, RowTable target) {
        ColumnView[] views = prepare(columns, target);
        if (count < 0 || count > selection.length) {
            throw new IndexOutOfBoundsException("count " + count + " of a selection of " + selection.length);
        }
        long length = views.length == 0 ? Long.MAX_VALUE : views[0].length;
        for (int j = 0; j < count; j++) {
            if (selection[j] < 0 || selection[j] >= length) {
                throw new IndexOutOfBoundsException("selected row " + selection[j] + " of " + length);
            }
        }
        for (int done = 0; done < count; ) {
            int n = Math.min(MINI_BATCH, count - done);
            for (int r = 0; r < n; r++) {
                rows[r] = selection[done + r];
            }
            encodeMiniBatch(views, n, target);
            done += n;
        }
    }

    /**
     * Appends rows {@code sources[0..n)} ({@code n <= MINI_BATCH}, checked by the caller) of checked
     * views to a table of this encoder's metadata; dictionaries are the caller's business.
     */
    void encodeRows(ColumnView[] views, long[] sources, int n, RowTable target) {
        System.arraycopy(sources, 0, rows, 0, n);
        encodeMiniBatch(views, n, target);
    }

    /** Where each row of the last mini-batch starts in the target's row segment. */
    long[] lastRowStarts() {
        return rowStarts;
    }

    /** The size of each row of the last mini-batch (var-length tables only). */
    long[] lastRowSizes() {
        return rowSizes;
    }

    /** Checks the columns and the target, binds the target's dictionaries, and views the columns. */
    ColumnView[] prepare(List<ArrayData> columns, RowTable target) {
        if (!target.metadata().isCompatible(metadata) || !target.metadata().types().equals(metadata.types())) {
            throw new QuiverException("the target table holds rows of " + target.metadata() + ", not " + metadata);
        }
        ColumnView[] views = ColumnView.of(metadata, columns);
        for (int c = 0; c < views.length; c++) {
            target.bindDictionary(c, views[c].dictionary);
        }
        return views;
    }

    private void encodeMiniBatch(ColumnView[] views, int n, RowTable target) {
        long first;
        if (metadata.isFixedLength()) {
            first = target.reserveFixedRows(n);
            long size = metadata.fixedLength();
            for (int r = 0; r < n; r++) {
                rowStarts[r] = (first + r) * size;
            }
        } else {
            computeRowSizes(views, n);
            first = target.length();
            target.reserveVarRows(n, rowStarts, rowSizes);
        }
        MemorySegment dst = target.rowSegment();
        for (int p = 0; p < views.length; p++) {
            ColumnView v = views[metadata.encodedFieldOrder(p)];
            int at = metadata.encodedFieldOffset(p);
            switch (v.kind) {
                case ColumnView.FIXED -> writeFixed(v, at, dst, n);
                case ColumnView.BOOL -> writeBool(v, at, dst, n);
                default -> {
                }
            }
        }
        if (!metadata.isFixedLength()) {
            writeVar(views, dst, n);
        }
        writeNulls(views, dst, target, first * metadata.nullMaskBytesPerRow(), n);
        target.commit(n);
    }

    /**
     * Fills {@link #rowSizes} with the size of each row (var tables), and the var scratch arrays with where
     * each var value comes from, its length and where it starts in its row, so that the offsets and the
     * validity of var columns are read once.
     */
    private void computeRowSizes(ColumnView[] views, int n) {
        long[] sizes = rowSizes;
        java.util.Arrays.fill(sizes, 0, n, metadata.fixedLength());
        int sa = metadata.stringAlignment();
        long[] sources = rows;
        int k = 0;
        for (int p = 0; p < views.length; p++) {
            ColumnView v = views[metadata.encodedFieldOrder(p)];
            if (v.kind != ColumnView.VAR) {
                continue;
            }
            MemorySegment offsets = v.values;
            MemorySegment validity = v.validity;
            long so = v.offset;
            int base = k * MINI_BATCH;
            for (int r = 0; r < n; r++) {
                long i = so + sources[r];
                long pair = offsets.get(LittleEndian.LONG, i * 4);
                long from = pair & 0xFFFF_FFFFL;
                boolean isNull = validity != null && (validity.get(LittleEndian.BYTE, i >>> 3) & (1 << (i & 7))) == 0;
                long len = isNull ? 0 : (pair >>> 32) - from;
                long start = k == 0 ? sizes[r] : RowTableMetadata.roundUp(sizes[r], sa);
                varFrom[base + r] = from;
                varLength[base + r] = len;
                varStart[base + r] = start;
                sizes[r] = start + len;
            }
            k++;
        }
        int ra = metadata.rowAlignment();
        for (int r = 0; r < n; r++) {
            long size = RowTableMetadata.roundUp(sizes[r], ra);
            if (size > 0xFFFF_FFFFL) {
                throw new QuiverException("row " + rows[r] + " would take " + size
                        + " bytes: one encoded row must stay under 4 GiB");
            }
            sizes[r] = size;
        }
    }

    private void writeFixed(ColumnView v, int at, MemorySegment dst, int n) {
        MemorySegment src = v.values;
        long so = v.offset;
        int w = v.width;
        long[] starts = rowStarts;
        long[] sources = rows;
        switch (w) {
            case 1 -> {
                for (int r = 0; r < n; r++) {
                    dst.set(LittleEndian.BYTE, starts[r] + at, src.get(LittleEndian.BYTE, so + sources[r]));
                }
            }
            case 2 -> {
                for (int r = 0; r < n; r++) {
                    dst.set(LittleEndian.SHORT, starts[r] + at, src.get(LittleEndian.SHORT, (so + sources[r]) * 2));
                }
            }
            case 4 -> {
                for (int r = 0; r < n; r++) {
                    dst.set(LittleEndian.INT, starts[r] + at, src.get(LittleEndian.INT, (so + sources[r]) * 4));
                }
            }
            case 8 -> {
                for (int r = 0; r < n; r++) {
                    dst.set(LittleEndian.LONG, starts[r] + at, src.get(LittleEndian.LONG, (so + sources[r]) * 8));
                }
            }
            default -> {
                for (int r = 0; r < n; r++) {
                    MemorySegment.copy(src, (so + sources[r]) * w, dst, starts[r] + at, w);
                }
            }
        }
    }

    private void writeBool(ColumnView v, int at, MemorySegment dst, int n) {
        MemorySegment src = v.values;
        long so = v.offset;
        long[] starts = rowStarts;
        long[] sources = rows;
        for (int r = 0; r < n; r++) {
            long bit = so + sources[r];
            int b = (src.get(LittleEndian.BYTE, bit >>> 3) >>> (bit & 7)) & 1;
            dst.set(LittleEndian.BYTE, starts[r] + at, (byte) -b);
        }
    }

    /**
     * Writes the end slots and the bytes of the var columns, from the scratch arrays of
     * {@link #computeRowSizes}. Values of up to 64 bytes go as words, the bytes past the value masked to
     * zero: with a string alignment of at least 8 those bytes are the value's own padding.
     */
    private void writeVar(ColumnView[] views, MemorySegment dst, int n) {
        boolean wordCopy = metadata.stringAlignment() >= 8;
        long slot = metadata.varbinaryEndArrayOffset();
        long[] starts = rowStarts;
        int k = 0;
        for (int p = 0; p < views.length; p++) {
            ColumnView v = views[metadata.encodedFieldOrder(p)];
            if (v.kind != ColumnView.VAR) {
                continue;
            }
            MemorySegment data = v.data;
            long dataSize = data.byteSize();
            int base = k * MINI_BATCH;
            for (int r = 0; r < n; r++) {
                long row = starts[r];
                long start = varStart[base + r];
                long len = varLength[base + r];
                dst.set(LittleEndian.INT, row + slot, (int) (start + len));
                if (len == 0) {
                    continue;
                }
                long from = varFrom[base + r];
                long to = row + start;
                if (wordCopy && len <= 64 && from + RowTableMetadata.roundUp(len, 8) <= dataSize) {
                    long i = 0;
                    for (; i + 8 < len; i += 8) {
                        dst.set(LittleEndian.LONG, to + i, data.get(LittleEndian.LONG, from + i));
                    }
                    dst.set(LittleEndian.LONG, to + i, data.get(LittleEndian.LONG, from + i) & (-1L >>> (64 - 8 * (len - i))));
                } else {
                    MemorySegment.copy(data, from, dst, to, len);
                }
            }
            slot += 4;
            k++;
        }
    }

    private void writeNulls(ColumnView[] views, MemorySegment dst, RowTable target, long maskStart, int n) {
        MemorySegment masks = target.maskSegment();
        int maskBytes = metadata.nullMaskBytesPerRow();
        long[] starts = rowStarts;
        long[] sources = rows;
        for (int p = 0; p < views.length; p++) {
            ColumnView v = views[metadata.encodedFieldOrder(p)];
            if (v.validity == null) {
                continue;
            }
            int at = metadata.encodedFieldOffset(p);
            int slotWidth = v.kind == ColumnView.VAR ? 0 : metadata.column(metadata.encodedFieldOrder(p)).slotWidth();
            long maskByte = maskStart + (p >>> 3);
            byte bit = (byte) (1 << (p & 7));
            for (int r = 0; r < n; r++) {
                if (v.isNull(sources[r])) {
                    long m = maskByte + (long) r * maskBytes;
                    masks.set(LittleEndian.BYTE, m, (byte) (masks.get(LittleEndian.BYTE, m) | bit));
                    target.markNulls();
                    fillNull(dst, starts[r] + at, slotWidth);
                }
            }
        }
    }

    /** Writes the null filler 0xAE over a fixed slot of {@code width} bytes (none for 0). */
    private static void fillNull(MemorySegment dst, long at, int width) {
        switch (width) {
            case 0 -> {
            }
            case 1 -> dst.set(LittleEndian.BYTE, at, NULL_FILL);
            case 2 -> dst.set(LittleEndian.SHORT, at, (short) 0xAEAE);
            case 4 -> dst.set(LittleEndian.INT, at, 0xAEAEAEAE);
            case 8 -> dst.set(LittleEndian.LONG, at, 0xAEAEAEAEAEAEAEAEL);
            default -> {
                for (int i = 0; i < width; i++) {
                    dst.set(LittleEndian.BYTE, at + i, NULL_FILL);
                }
            }
        }
    }
}
