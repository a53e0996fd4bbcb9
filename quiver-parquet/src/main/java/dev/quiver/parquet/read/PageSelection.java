// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.ColumnChunk;
import dev.quiver.parquet.format.ColumnMetaData;
import dev.quiver.parquet.format.OffsetIndex;
import dev.quiver.parquet.format.PageLocation;
import dev.quiver.parquet.format.RowGroup;
import dev.quiver.parquet.thrift.ThriftReader;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows of a row group read through the page index (PageIndex.md): the offset index gives each data page's
 * first row, so only the dictionary page and the data pages that hold rows of the range are read and
 * decoded. With an offset index every page starts at a row (repetition level 0), so this holds for
 * columns with repetition too: the leaves of a nested field are widened to one common span of whole
 * pages, decoded, assembled, and the range sliced out.
 */
final class PageSelection {
    private PageSelection() {}

    /**
     * The field's rows {@code first} to {@code end} of the row group, or null when a leaf under it has no
     * offset index or the pages needed are all of the chunk's.
     */
    static ArrayData decodeRows(FileDecoder file, ArrowNode node, RowGroup rg, int rowGroup, ReadLimits limits,
            Map<Integer, Conversion> conversions, long first, long end) {
        List<LeafColumn> leaves = new ArrayList<>();
        collectLeaves(node, leaves);
        String where = file.input().name() + ": row group " + rowGroup;
        long rows = rg.numRows();
        List<List<PageLocation>> indexes = new ArrayList<>();
        for (LeafColumn leaf : leaves) {
            List<PageLocation> pages = offsetIndex(file, rg, rowGroup, leaf, limits, where + ", column "
                    + leaf.dottedPath());
            if (pages == null) {
                return null;
            }
            indexes.add(pages);
        }
        // widen [from, to) until every leaf's pages cover exactly it: each leaf's first page starts at or
        // before from and its last ends at or after to, so the span only grows, and stops at the row group
        long from = first;
        long to = end;
        while (true) {
            long newFrom = from;
            long newTo = to;
            for (List<PageLocation> pages : indexes) {
                newFrom = Math.min(newFrom, pages.get(firstPage(pages, from)).firstRowIndex());
                newTo = Math.max(newTo, pageEnd(pages, lastPage(pages, to), rows));
            }
            if (newFrom == from && newTo == to) {
                break;
            }
            from = newFrom;
            to = newTo;
        }
        if (from == 0 && to == rows) {
            return null;
        }
        long covered = to - from;
        Map<Integer, LeafChunk> chunks = new HashMap<>();
        try {
            for (int i = 0; i < leaves.size(); i++) {
                LeafColumn leaf = leaves.get(i);
                chunks.put(leaf.index(), decodePages(file, leaf, rg, rowGroup, limits, conversions, indexes.get(i),
                        from, to, where + ", column " + leaf.dottedPath()));
                LeafChunk c = chunks.get(leaf.index());
                long rowsRead = leaf.maxRepetitionLevel() == 0 ? c.levelCount : rowStarts(c);
                if (rowsRead != covered) {
                    throw new ParquetException(where + ", column " + leaf.dottedPath() + ": the pages of rows " + from
                            + " to " + to + " hold " + rowsRead + " rows");
                }
            }
            ArrayData data = new Assembler(chunks, conversions, limits.allocator(), where).build(node);
            if (data.length() != covered) {
                throw new ParquetException(where + ", column " + node.field().name() + ": the pages of rows " + from
                        + " to " + to + " hold " + data.length() + " values");
            }
            data.validate(limits.validation());
            return data.slice(first - from, end - first);
        } catch (ParquetException ex) {
            throw ex;
        } catch (QuiverException ex) {
            throw new ParquetException(where + ", column " + node.field().name() + ": " + ex.getMessage(), ex);
        } finally {
            for (LeafChunk c : chunks.values()) {
                c.release();
            }
        }
    }

    private static void collectLeaves(ArrowNode node, List<LeafColumn> into) {
        if (node.kind() == ArrowNode.Kind.LEAF) {
            into.add(node.leaf());
        }
        for (ArrowNode child : node.children()) {
            collectLeaves(child, into);
        }
    }

    /** The entries of repetition level 0: the rows a chunk's levels hold. */
    private static long rowStarts(LeafChunk chunk) {
        long count = 0;
        for (int i = 0; i < chunk.levelCount; i++) {
            if (chunk.repetition[i] == 0) {
                count++;
            }
        }
        return count;
    }

    /** The page holding row {@code row}. */
    private static int firstPage(List<PageLocation> pages, long row) {
        int s = 0;
        while (s + 1 < pages.size() && pages.get(s + 1).firstRowIndex() <= row) {
            s++;
        }
        return s;
    }

    /** The last page holding a row before {@code end}. */
    private static int lastPage(List<PageLocation> pages, long end) {
        int e = 0;
        while (e + 1 < pages.size() && pages.get(e + 1).firstRowIndex() < end) {
            e++;
        }
        return e;
    }

    private static long pageEnd(List<PageLocation> pages, int page, long rows) {
        return page + 1 < pages.size() ? pages.get(page + 1).firstRowIndex() : rows;
    }

    /**
     * A chunk's offset index, checked (pages from row 0, ascending, inside the row group and the chunk), or
     * null when it has none.
     */
    static List<PageLocation> offsetIndex(FileDecoder file, RowGroup rg, int rowGroup, LeafColumn leaf, ReadLimits limits,
            String where) {
        ColumnChunk chunk = rg.columns().get(leaf.index());
        ColumnMetaData meta = chunk.metaData();
        if (meta == null || chunk.offsetIndexOffset() == null || chunk.offsetIndexLength() == null) {
            return null;
        }
        FileInput input = file.input();
        ArrowBuffer indexBytes = input.read(chunk.offsetIndexOffset(), chunk.offsetIndexLength(), limits.allocator(),
                "offset index of " + leaf.dottedPath() + " in row group " + rowGroup);
        OffsetIndex index;
        try {
            index = OffsetIndex.read(new ThriftReader(indexBytes.segment(), 0, indexBytes.byteSize(), where + ": offset index"));
        } finally {
            limits.allocator().release(indexBytes);
        }
        List<PageLocation> pages = index.pageLocations();
        long rows = rg.numRows();
        if (pages.isEmpty() || pages.get(0).firstRowIndex() != 0) {
            throw new ParquetException(where + ": the offset index does not start at row 0");
        }
        for (int i = 0; i < pages.size(); i++) {
            PageLocation p = pages.get(i);
            long next = i + 1 < pages.size() ? pages.get(i + 1).firstRowIndex() : rows;
            if (p.compressedPageSize() <= 0 || p.firstRowIndex() >= next || next > rows || p.offset() < 0) {
                throw new ParquetException(where + ": the offset index's page " + i + " is malformed (first row "
                        + p.firstRowIndex() + ", " + p.compressedPageSize() + " bytes)");
            }
        }
        return pages;
    }

    /** Decodes the dictionary page and the data pages of rows {@code from} to {@code to} (whole pages). */
    private static LeafChunk decodePages(FileDecoder file, LeafColumn leaf, RowGroup rg, int rowGroup, ReadLimits limits,
            Map<Integer, Conversion> conversions, List<PageLocation> pages, long from, long to, String where) {
        ColumnMetaData meta = rg.columns().get(leaf.index()).metaData();
        FileInput input = file.input();
        int s = firstPage(pages, from);
        int e = lastPage(pages, to);
        long chunkStart = meta.dataPageOffset();
        if (meta.dictionaryPageOffset() != null && meta.dictionaryPageOffset() > 0 && meta.dictionaryPageOffset() < chunkStart) {
            chunkStart = meta.dictionaryPageOffset();
        }
        long dictionaryLength = pages.get(0).offset() - chunkStart;
        if (dictionaryLength < 0) {
            throw new ParquetException(where + ": the offset index's first page lies before the column chunk");
        }
        long total = dictionaryLength;
        for (int i = s; i <= e; i++) {
            total += pages.get(i).compressedPageSize();
        }
        if (total > input.size()) {
            throw new ParquetException(where + ": the offset index's pages span " + total + " bytes in a file of "
                    + input.size());
        }
        limits.pages().pagesSkipped(pages.size() - (e - s + 1L));
        ArrowBuffer selected = limits.scratch().take(total);
        try {
            MemorySegment target = selected.segment().asSlice(0, total);
            long at = copy(input, chunkStart, dictionaryLength, target, 0, where);
            for (int i = s; i <= e; i++) {
                at = copy(input, pages.get(i).offset(), pages.get(i).compressedPageSize(), target, at, where);
            }
            Conversion conversion = conversions.get(leaf.index());
            boolean keepDictionary = conversion.kind() == Conversion.Kind.DICTIONARY;
            long covered = to - pages.get(s).firstRowIndex();
            long values = leaf.maxRepetitionLevel() == 0 ? covered : -1;
            long sizeHint = meta.totalUncompressedSize() / Math.max(1, pages.size()) * (e - s + 1L);
            boolean handedOver = conversion.kind() == Conversion.Kind.COPY;
            return new ChunkDecoder(leaf, meta, limits, where, keepDictionary, handedOver).decode(target, values, covered,
                    sizeHint);
        } finally {
            limits.scratch().give(selected);
        }
    }

    private static long copy(FileInput input, long offset, long length, MemorySegment target, long at, String where) {
        if (length == 0) {
            return at;
        }
        input.readInto(offset, target.asSlice(at, length), where + " pages");
        return at + length;
    }
}
