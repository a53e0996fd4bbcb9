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
import java.util.List;
import java.util.Map;

/**
 * Rows of a row group read through the page index (PageIndex.md): for a column without repetition, the
 * offset index gives each data page's first row, so only the dictionary page and the data pages that hold
 * rows of the range are read and decoded.
 */
final class PageSelection {
    private PageSelection() {}

    /**
     * The leaf's rows {@code first} to {@code end} of the row group, or null when the chunk has no offset index.
     */
    static ArrayData decodeRows(FileDecoder file, ArrowNode node, RowGroup rg, int rowGroup, ReadLimits limits,
            Map<Integer, Conversion> conversions, long first, long end) {
        LeafColumn leaf = node.leaf();
        ColumnChunk chunk = rg.columns().get(leaf.index());
        ColumnMetaData meta = chunk.metaData();
        if (meta == null || chunk.offsetIndexOffset() == null || chunk.offsetIndexLength() == null) {
            return null;
        }
        FileInput input = file.input();
        String where = input.name() + ": row group " + rowGroup + ", column " + leaf.dottedPath();
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
            if (p.compressedPageSize() <= 0 || p.firstRowIndex() >= next || next > rows) {
                throw new ParquetException(where + ": the offset index's page " + i + " is malformed (first row "
                        + p.firstRowIndex() + ", " + p.compressedPageSize() + " bytes)");
            }
        }
        int s = 0;
        while (s + 1 < pages.size() && pages.get(s + 1).firstRowIndex() <= first) {
            s++;
        }
        int e = s;
        while (e + 1 < pages.size() && pages.get(e + 1).firstRowIndex() < end) {
            e++;
        }
        long coveredFirst = pages.get(s).firstRowIndex();
        long coveredEnd = e + 1 < pages.size() ? pages.get(e + 1).firstRowIndex() : rows;
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
        ArrowBuffer selected = limits.allocator().allocateForOverwrite(total);
        LeafChunk decoded = null;
        try {
            MemorySegment target = selected.segment();
            long at = copy(input, chunkStart, dictionaryLength, target, 0, limits, where);
            for (int i = s; i <= e; i++) {
                at = copy(input, pages.get(i).offset(), pages.get(i).compressedPageSize(), target, at, limits, where);
            }
            Conversion conversion = conversions.get(leaf.index());
            boolean keepDictionary = conversion.kind() == Conversion.Kind.DICTIONARY;
            long covered = coveredEnd - coveredFirst;
            decoded = new ChunkDecoder(leaf, meta, limits, where, keepDictionary).decode(target, covered, covered,
                    meta.totalUncompressedSize());
            ArrayData data = LeafAssembler.assemble(node, conversion, decoded, limits.allocator(), where);
            if (data.length() != covered) {
                throw new ParquetException(where + ": pages of rows " + coveredFirst + " to " + coveredEnd + " hold "
                        + data.length() + " values");
            }
            data.validate(limits.validation());
            return data.slice(first - coveredFirst, end - first);
        } catch (ParquetException ex) {
            throw ex;
        } catch (QuiverException ex) {
            throw new ParquetException(where + ": " + ex.getMessage(), ex);
        } finally {
            limits.allocator().release(selected);
            if (decoded != null) {
                decoded.release();
            }
        }
    }

    private static long copy(FileInput input, long offset, long length, MemorySegment target, long at, ReadLimits limits,
            String where) {
        if (length == 0) {
            return at;
        }
        ArrowBuffer bytes = input.read(offset, length, limits.allocator(), where + " pages");
        try {
            MemorySegment.copy(bytes.segment(), 0, target, at, length);
        } finally {
            limits.allocator().release(bytes);
        }
        return at + length;
    }
}
