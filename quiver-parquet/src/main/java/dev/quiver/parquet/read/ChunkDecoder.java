// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.codec.PageCodec;
import dev.quiver.parquet.format.ColumnMetaData;
import dev.quiver.parquet.format.DataPageHeader;
import dev.quiver.parquet.format.DataPageHeaderV2;
import dev.quiver.parquet.format.DictionaryPageHeader;
import dev.quiver.parquet.format.Encoding;
import dev.quiver.parquet.format.PageHeader;
import dev.quiver.parquet.format.PageType;
import dev.quiver.parquet.format.PhysicalType;
import dev.quiver.parquet.thrift.ThriftReader;
import java.lang.foreign.MemorySegment;
import java.util.zip.CRC32;

/** Decodes the pages of one column chunk into a {@link LeafChunk}. Not thread-safe: one per chunk. */
final class ChunkDecoder {
    private final LeafColumn column;
    private final ReadLimits limits;
    private final String where;
    private final PageCodec codec;
    /** The buffer pages decompress into, borrowed from the reader's scratch (each page overwrites what it uses). */
    private dev.quiver.core.memory.ArrowBuffer scratch;
    private final int[] levelScratch = new int[1024];
    private final LeafChunk out;
    private int[] indexScratch = new int[0];
    private final boolean keepDictionary;
    private final boolean valuesHandedOver;
    private DictionaryMemo memo;
    /** Whether every data page must start at a row (pages selected through the offset index). */
    private boolean pagesStartRows;
    /** The starts of the binary dictionary's values (and its end), once a page gathers from it. */
    private long[] dictionaryStarts;
    /** The dictionary's 4-byte or 8-byte values on the heap, once a page gathers from it. */
    private int[] dictionaryInts;
    private long[] dictionaryLongs;

    /**
     * A decoder of one chunk.
     *
     * @param keepDictionary whether the chunk is read as dictionary indices
     * @param valuesHandedOver whether the fixed-width values may become an Arrow buffer as they are (else they are
     *     converted, and their memory is borrowed from the reader's scratch)
     */
    ChunkDecoder(LeafColumn column, ColumnMetaData meta, ReadLimits limits, String where, boolean keepDictionary,
            boolean valuesHandedOver) {
        this.column = column;
        this.valuesHandedOver = valuesHandedOver;
        this.keepDictionary = keepDictionary;
        this.limits = limits;
        this.where = where;
        this.codec = PageCodec.of(meta.codec());
        this.out = new LeafChunk(column, limits.scratch());
        if (meta.type() != column.physicalType()) {
            throw new ParquetException(where + ": the column chunk's type " + PhysicalType.name(meta.type())
                    + " differs from the schema's " + PhysicalType.name(column.physicalType()));
        }
    }

    /**
     * Decodes all pages.
     *
     * @param chunk the chunk's bytes (its pages, the dictionary page first)
     * @param numValues the level entries the metadata declares; -1 when unknown: every page up to the end of
     *     {@code chunk} is decoded (pages selected through the offset index of a column with repetition)
     * @param rows the row group's rows (entries for a column without repetition)
     * @param totalUncompressed the chunk's uncompressed bytes the metadata declares (a sizing hint)
     * @return the decoded chunk; the caller releases it
     */
    LeafChunk decode(MemorySegment chunk, long numValues, long rows, long totalUncompressed) {
        boolean ok = false;
        try {
            decodePages(chunk, numValues, rows, totalUncompressed);
            ok = true;
            return out;
        } finally {
            if (scratch != null) {
                limits.scratch().give(scratch);
                scratch = null;
            }
            if (!ok) {
                out.release();
            }
        }
    }

    private void decodePages(MemorySegment chunk, long declaredValues, long rows, long totalUncompressed) {
        boolean toTheEnd = declaredValues == -1;
        pagesStartRows = toTheEnd;
        long numValues = toTheEnd ? limits.maxLevels() : declaredValues;
        if (numValues < 0 || numValues > limits.maxLevels()) {
            throw new ParquetException(where + ": " + numValues + " values declared (at most " + limits.maxLevels()
                    + " per column chunk are read)");
        }
        if (column.maxRepetitionLevel() == 0 && !toTheEnd && numValues != rows) {
            throw new ParquetException(where + ": " + numValues + " values declared in a row group of " + rows
                    + " rows (a column without repetition has one per row)");
        }
        int width = column.storedWidth();
        // sized ahead from the metadata (values and, for byte arrays, the chunk's uncompressed bytes), within
        // what the chunk's bytes can plausibly hold, so that the stores rarely grow and copy
        long plausible = Math.min(256L << 20, chunk.byteSize() * 32 + (1 << 20));
        if (width < 0) {
            out.binary = new BinaryValues(limits.allocator(), limits.scratch());
            out.binary.ends.ensureCapacity(Math.min(numValues * 8, plausible));
            out.binary.data.ensureCapacity(Math.min(Math.max(0, totalUncompressed), plausible));
        } else {
            out.fixed = valuesHandedOver ? new FixedValues(limits.allocator(), width)
                    : new FixedValues(limits.scratch(), width);
            out.fixed.bytes.ensureCapacity(Math.min(numValues * width, plausible));
        }
        if (keepDictionary) {
            out.indices = limits.scratch().ints((int) Math.min(numValues, 1 << 16));
        }
        if (column.maxDefinitionLevel() > 0) {
            out.definition = limits.scratch().bytes((int) Math.min(numValues, 1 << 16));
        }
        if (column.maxRepetitionLevel() > 0) {
            out.repetition = limits.scratch().bytes((int) Math.min(numValues, 1 << 16));
        }
        long position = 0;
        int pageIndex = 0;
        while (toTheEnd ? position < chunk.byteSize() : out.levelCount < numValues) {
            if (Thread.currentThread().isInterrupted()) {
                throw new ParquetException(where + ": interrupted (the reader was closed)");
            }
            if (position >= chunk.byteSize()) {
                throw new ParquetException(where + ": the column chunk ends after " + out.levelCount + " of "
                        + numValues + " values");
            }
            String pageWhere = where + ", page " + pageIndex + " at chunk offset " + position;
            ThriftReader headerReader = new ThriftReader(chunk, position, chunk.byteSize() - position, pageWhere);
            PageHeader header = PageHeader.read(headerReader);
            position += headerReader.bytesRead();
            int compressed = header.compressedPageSize();
            if (compressed < 0 || compressed > chunk.byteSize() - position) {
                throw new ParquetException(pageWhere + ": page of " + compressed + " bytes but only "
                        + (chunk.byteSize() - position) + " left in the column chunk");
            }
            MemorySegment stored = chunk.asSlice(position, compressed);
            position += compressed;
            if (limits.verifyChecksums() && header.crc() != null) {
                CRC32 crc = new CRC32();
                crc.update(stored.asByteBuffer());
                if ((int) crc.getValue() != header.crc()) {
                    throw new ParquetException(pageWhere + ": page CRC mismatch (stored " + Integer.toHexString(header.crc())
                            + ", computed " + Long.toHexString(crc.getValue()) + ")");
                }
            }
            switch (header.type()) {
                case PageType.DICTIONARY_PAGE -> dictionaryPage(header, stored, pageWhere);
                case PageType.DATA_PAGE -> {
                    dataPageV1(header, stored, numValues, pageWhere);
                    limits.pages().pageRead();
                }
                case PageType.DATA_PAGE_V2 -> {
                    dataPageV2(header, stored, numValues, pageWhere);
                    limits.pages().pageRead();
                }
                default -> {
                    // index pages and unknown page types carry no values: skipped
                }
            }
            pageIndex++;
        }
    }

    private MemorySegment decompress(MemorySegment stored, long declared, String pageWhere) {
        if (declared == 0 && codec.code() != 0) {
            // an empty section (a data page v2 holding only nulls) may be stored as no bytes at all
            return MemorySegment.ofArray(new byte[0]);
        }
        if (codec.code() == 0) {
            if (declared != stored.byteSize()) {
                throw new ParquetException(pageWhere + ": uncompressed page of " + stored.byteSize() + " bytes declares "
                        + declared);
            }
            return stored;
        }
        codec.checkDeclaredSize(declared, stored.byteSize(), limits.maxPageBytes(), pageWhere);
        if (scratch == null || scratch.byteSize() < declared) {
            if (scratch != null) {
                limits.scratch().give(scratch);
                scratch = null;
            }
            scratch = limits.scratch().take(declared);
        }
        MemorySegment target = scratch.segment().asSlice(0, declared);
        try {
            codec.decompress(stored, target);
        } catch (ParquetException e) {
            throw new ParquetException(pageWhere + ": " + e.getMessage(), e);
        }
        return target;
    }

    private void dictionaryPage(PageHeader header, MemorySegment stored, String pageWhere) {
        DictionaryPageHeader d = header.dictionaryPageHeader();
        if (d == null) {
            throw new ParquetException(pageWhere + ": dictionary page without its header");
        }
        if (out.dictionaryFixed != null || out.dictionaryBinary != null || out.levelCount > 0) {
            throw new ParquetException(pageWhere + ": a dictionary page " + (out.levelCount > 0 ? "after data pages"
                    : "after another one"));
        }
        if (d.encoding() != Encoding.PLAIN && d.encoding() != Encoding.PLAIN_DICTIONARY) {
            throw new ParquetException(pageWhere + ": dictionary page in " + Encoding.name(d.encoding()));
        }
        MemorySegment page = decompress(stored, header.uncompressedPageSize(), pageWhere);
        Cursor in = new Cursor(page, 0, page.byteSize(), pageWhere);
        int n = d.numValues();
        int width = column.storedWidth();
        long minBytes = width < 0 ? 4L * n : column.physicalType() == PhysicalType.BOOLEAN ? (n + 7L) / 8 : (long) n * width;
        if (n < 0 || minBytes > page.byteSize()) {
            throw new ParquetException(pageWhere + ": dictionary of " + n + " values in " + page.byteSize() + " bytes");
        }
        // decoded to plain values, the dictionary is only read while the chunk is decoded: scratch memory
        if (width < 0) {
            out.dictionaryBinary = keepDictionary ? new BinaryValues(limits.allocator()) : new BinaryValues(limits.scratch());
            PlainDecoder.binary(in, n, out.dictionaryBinary);
        } else {
            out.dictionaryFixed = keepDictionary ? new FixedValues(limits.allocator(), width)
                    : new FixedValues(limits.scratch(), width);
            if (column.physicalType() == PhysicalType.BOOLEAN) {
                PlainDecoder.booleans(in, n, out.dictionaryFixed, new long[1]);
            } else {
                PlainDecoder.fixed(in, n, out.dictionaryFixed);
            }
        }
    }

    private int reserveLevels(int n, long numValues, String pageWhere) {
        if (n < 0 || n > numValues - out.levelCount) {
            throw new ParquetException(pageWhere + ": page of " + n + " values where " + (numValues - out.levelCount)
                    + " remain in the column chunk");
        }
        int needed = out.levelCount + n;
        if (out.definition != null && out.definition.length < needed) {
            out.definition = grow(out.definition, (int) Math.min(numValues, Math.max(needed, 2L * out.definition.length)));
        }
        if (out.repetition != null && out.repetition.length < needed) {
            out.repetition = grow(out.repetition, (int) Math.min(numValues, Math.max(needed, 2L * out.repetition.length)));
        }
        return out.levelCount;
    }

    /** A larger level array holding the levels so far; the old one goes back to the scratch. */
    private byte[] grow(byte[] levels, int length) {
        byte[] grown = limits.scratch().bytes(length);
        System.arraycopy(levels, 0, grown, 0, out.levelCount);
        limits.scratch().give(levels);
        return grown;
    }

    private void dataPageV1(PageHeader header, MemorySegment stored, long numValues, String pageWhere) {
        DataPageHeader h = header.dataPageHeader();
        if (h == null) {
            throw new ParquetException(pageWhere + ": data page without its header");
        }
        int n = h.numValues();
        int at = reserveLevels(n, numValues, pageWhere);
        long declared = header.uncompressedPageSize();
        if (out.repetition == null && out.definition == null && out.fixed != null && h.encoding() == Encoding.PLAIN
                && column.physicalType() != PhysicalType.BOOLEAN && !keepDictionary && codec.code() != 0 && n > 0
                && (long) n * out.fixed.width == declared) {
            // PLAIN values of a column without levels: the page decompresses straight into the values
            codec.checkDeclaredSize(declared, stored.byteSize(), limits.maxPageBytes(), pageWhere);
            long into = out.fixed.reserve(n);
            try {
                codec.decompress(stored, out.fixed.segment().asSlice(into, declared));
            } catch (ParquetException e) {
                throw new ParquetException(pageWhere + ": " + e.getMessage(), e);
            }
            out.fixed.commit(n);
            out.levelCount += n;
            return;
        }
        MemorySegment page = decompress(stored, declared, pageWhere);
        Cursor in = new Cursor(page, 0, page.byteSize(), pageWhere);
        if (out.repetition != null) {
            levelsV1(in, h.repetitionLevelEncoding(), column.maxRepetitionLevel(), out.repetition, at, n, "repetition");
            checkLevels(out.repetition, at, n, column.maxRepetitionLevel(), "repetition", pageWhere);
            checkPageStart(at, n, pageWhere);
        }
        int nonNull = n;
        if (out.definition != null) {
            levelsV1(in, h.definitionLevelEncoding(), column.maxDefinitionLevel(), out.definition, at, n, "definition");
            nonNull = countMax(out.definition, at, n, column.maxDefinitionLevel(), pageWhere);
        }
        values(in, h.encoding(), nonNull, pageWhere);
        out.levelCount += n;
    }

    private void dataPageV2(PageHeader header, MemorySegment stored, long numValues, String pageWhere) {
        DataPageHeaderV2 h = header.dataPageHeaderV2();
        if (h == null) {
            throw new ParquetException(pageWhere + ": data page v2 without its header");
        }
        int n = h.numValues();
        int at = reserveLevels(n, numValues, pageWhere);
        int repLength = h.repetitionLevelsByteLength();
        int defLength = h.definitionLevelsByteLength();
        if (repLength < 0 || defLength < 0 || (long) repLength + defLength > stored.byteSize()) {
            throw new ParquetException(pageWhere + ": level sections of " + repLength + " and " + defLength
                    + " bytes in a page of " + stored.byteSize());
        }
        if (out.repetition != null) {
            RleDecoder rle = new RleDecoder(new Cursor(stored, 0, repLength, pageWhere), bitWidth(column.maxRepetitionLevel()));
            rle.readLevels(out.repetition, at, n, levelScratch);
            checkLevels(out.repetition, at, n, column.maxRepetitionLevel(), "repetition", pageWhere);
            checkPageStart(at, n, pageWhere);
        }
        int nonNull = n;
        if (out.definition != null) {
            RleDecoder rle = new RleDecoder(new Cursor(stored, repLength, repLength + defLength, pageWhere),
                    bitWidth(column.maxDefinitionLevel()));
            rle.readLevels(out.definition, at, n, levelScratch);
            nonNull = countMax(out.definition, at, n, column.maxDefinitionLevel(), pageWhere);
        }
        if (n - h.numNulls() != nonNull && column.maxRepetitionLevel() == 0) {
            throw new ParquetException(pageWhere + ": the header counts " + h.numNulls() + " nulls, the levels "
                    + (n - nonNull));
        }
        MemorySegment valuesStored = stored.asSlice(repLength + defLength);
        long valuesDeclared = (long) header.uncompressedPageSize() - repLength - defLength;
        MemorySegment page = h.isCompressed() ? decompress(valuesStored, valuesDeclared, pageWhere) : valuesStored;
        values(new Cursor(page, 0, page.byteSize(), pageWhere), h.encoding(), nonNull, pageWhere);
        out.levelCount += n;
    }

    private void levelsV1(Cursor in, int encoding, int max, byte[] levels, int at, int n, String kind) {
        int width = bitWidth(max);
        if (encoding == Encoding.RLE) {
            int length = in.readIntLE();
            if (length < 0) {
                throw in.error("negative " + kind + " levels length " + length);
            }
            Cursor section = in.slice(length);
            new RleDecoder(section, width).readLevels(levels, at, n, levelScratch);
        } else if (encoding == Encoding.BIT_PACKED) {
            long bytes = ((long) n * width + 7) / 8;
            in.need(bytes);
            long base = in.position;
            for (int i = 0; i < n; i++) {
                int v = 0;
                long bit = (long) i * width;
                for (int b = 0; b < width; b++, bit++) {
                    int byteValue = in.segment.get(LittleEndian.BYTE, base + (bit >>> 3));
                    v = (v << 1) | ((byteValue >>> (7 - (bit & 7))) & 1);
                }
                levels[at + i] = (byte) v;
            }
            in.position += bytes;
        } else {
            throw in.error(kind + " levels in " + Encoding.name(encoding) + " (RLE or BIT_PACKED expected)");
        }
    }

    private void checkPageStart(int at, int n, String pageWhere) {
        if (n > 0 && out.repetition[at] != 0) {
            if (at == 0) {
                throw new ParquetException(pageWhere + ": the first repetition level of a column chunk must be 0");
            }
            if (pagesStartRows) {
                // PageIndex.md: with an offset index, every page starts at a row (repetition level 0)
                throw new ParquetException(pageWhere + ": a page listed in the offset index starts inside a row");
            }
        }
    }

    private static void checkLevels(byte[] levels, int at, int n, int max, String kind, String where) {
        for (int i = at; i < at + n; i++) {
            if ((levels[i] & 0xFF) > max) {
                throw new ParquetException(where + ": " + kind + " level " + (levels[i] & 0xFF) + " past the maximum " + max);
            }
        }
    }

    /** The definition levels at the maximum (the non-null values), checking that none is past it. */
    private static int countMax(byte[] levels, int at, int n, int max, String where) {
        int count = 0;
        int over = 0;
        for (int i = at; i < at + n; i++) {
            int level = levels[i] & 0xFF;
            over |= max - level;
            count += level == max ? 1 : 0;
        }
        if (over < 0) {
            checkLevels(levels, at, n, max, "definition", where);
        }
        return count;
    }

    static int bitWidth(int max) {
        return 32 - Integer.numberOfLeadingZeros(max);
    }

    private void values(Cursor in, int encoding, int n, String pageWhere) {
        if (keepDictionary && encoding != Encoding.PLAIN_DICTIONARY && encoding != Encoding.RLE_DICTIONARY) {
            // a page that fell back from dictionary encoding: its values join the dictionary
            decodeValues(in, encoding, n, pageWhere);
            encodeFallback(n);
            return;
        }
        decodeValues(in, encoding, n, pageWhere);
    }

    private void encodeFallback(int n) {
        if (out.dictionaryFixed == null && out.dictionaryBinary == null) {
            if (out.fixed != null) {
                out.dictionaryFixed = new FixedValues(limits.allocator(), out.fixed.width);
            } else {
                out.dictionaryBinary = new BinaryValues(limits.allocator());
            }
        }
        if (memo == null) {
            memo = new DictionaryMemo(out.dictionaryFixed, out.dictionaryBinary);
        }
        int[] indices = indexBuffer(n);
        if (out.fixed != null) {
            int w = out.fixed.width;
            for (int i = 0; i < n; i++) {
                indices[i] = memo.indexOf(out.fixed.segment(), (long) i * w, w);
            }
            out.fixed.count = 0;
            out.fixed.bytes.setSize(0);
        } else {
            for (int i = 0; i < n; i++) {
                long start = out.binary.start(i);
                indices[i] = memo.indexOf(out.binary.data.segment(), start, out.binary.end(i) - start);
            }
            out.binary.count = 0;
            out.binary.ends.setSize(0);
            out.binary.data.setSize(0);
        }
        out.addIndices(indices, n);
    }

    private void decodeValues(Cursor in, int encoding, int n, String pageWhere) {
        int type = column.physicalType();
        switch (encoding) {
            case Encoding.PLAIN -> {
                if (out.binary != null) {
                    PlainDecoder.binary(in, n, out.binary);
                } else if (type == PhysicalType.BOOLEAN) {
                    PlainDecoder.booleans(in, n, out.fixed, new long[1]);
                } else {
                    PlainDecoder.fixed(in, n, out.fixed);
                }
            }
            case Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY -> dictionaryIndices(in, n, pageWhere);
            case Encoding.RLE -> {
                if (type != PhysicalType.BOOLEAN) {
                    throw in.error("RLE values of a " + PhysicalType.name(type) + " column (only BOOLEAN)");
                }
                int length = in.readIntLE();
                if (length < 0) {
                    throw in.error("negative RLE length " + length);
                }
                RleDecoder rle = new RleDecoder(in.slice(length), 1);
                int[] bits = indexBuffer(n);
                rle.readInts(bits, 0, n);
                long at = out.fixed.reserve(n);
                MemorySegment target = out.fixed.segment();
                for (int i = 0; i < n; i++) {
                    target.set(LittleEndian.BYTE, at + i, (byte) bits[i]);
                }
                out.fixed.commit(n);
            }
            case Encoding.DELTA_BINARY_PACKED -> {
                if (type != PhysicalType.INT32 && type != PhysicalType.INT64) {
                    throw in.error("DELTA_BINARY_PACKED values of a " + PhysicalType.name(type) + " column");
                }
                long[] v = DeltaDecoder.binaryPacked(in, n);
                if (v.length != n) {
                    throw in.error("DELTA_BINARY_PACKED holds " + v.length + " values where the levels need " + n);
                }
                long at = out.fixed.reserve(n);
                MemorySegment target = out.fixed.segment();
                if (type == PhysicalType.INT32) {
                    for (int i = 0; i < n; i++) {
                        target.set(LittleEndian.INT, at + 4L * i, (int) v[i]);
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        target.set(LittleEndian.LONG, at + 8L * i, v[i]);
                    }
                }
                out.fixed.commit(n);
            }
            case Encoding.DELTA_LENGTH_BYTE_ARRAY -> {
                if (out.binary == null) {
                    throw in.error("DELTA_LENGTH_BYTE_ARRAY values of a " + PhysicalType.name(type) + " column");
                }
                DeltaDecoder.lengthByteArray(in, n, out.binary);
            }
            case Encoding.DELTA_BYTE_ARRAY -> {
                if (out.binary != null) {
                    DeltaDecoder.byteArray(in, n, out.binary);
                } else if (type == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                    BinaryValues tmp = new BinaryValues(limits.allocator());
                    try {
                        DeltaDecoder.byteArray(in, n, tmp);
                        int w = out.fixed.width;
                        if (tmp.dataSize() != (long) n * w) {
                            throw in.error("DELTA_BYTE_ARRAY values of other lengths than " + w);
                        }
                        for (int i = 0; i < n; i++) {
                            if (tmp.end(i) - tmp.start(i) != w) {
                                throw in.error("DELTA_BYTE_ARRAY value of " + (tmp.end(i) - tmp.start(i)) + " bytes in a column of " + w);
                            }
                        }
                        long at = out.fixed.reserve(n);
                        MemorySegment.copy(tmp.data.segment(), 0, out.fixed.segment(), at, (long) n * w);
                        out.fixed.commit(n);
                    } finally {
                        tmp.release();
                    }
                } else {
                    throw in.error("DELTA_BYTE_ARRAY values of a " + PhysicalType.name(type) + " column");
                }
            }
            case Encoding.BYTE_STREAM_SPLIT -> {
                if (out.fixed == null || type == PhysicalType.BOOLEAN || type == PhysicalType.INT96) {
                    throw in.error("BYTE_STREAM_SPLIT values of a " + PhysicalType.name(type) + " column");
                }
                PlainDecoder.byteStreamSplit(in, n, out.fixed);
            }
            default -> throw in.error("values in " + Encoding.name(encoding) + " are not supported for "
                    + PhysicalType.name(type) + " columns");
        }
    }

    private int[] indexBuffer(int n) {
        if (indexScratch.length < n) {
            indexScratch = new int[n];
        }
        return indexScratch;
    }

    private void dictionaryIndices(Cursor in, int n, String pageWhere) {
        if (out.dictionaryFixed == null && out.dictionaryBinary == null) {
            throw in.error("dictionary-encoded page without a dictionary page");
        }
        int[] indices = indexBuffer(n);
        if (n > 0) {
            int width = in.readUnsignedByte();
            if (width > 32) {
                throw in.error("dictionary index bit width " + width);
            }
            new RleDecoder(in, width).readInts(indices, 0, n);
        }
        int size = out.dictionaryFixed != null ? out.dictionaryFixed.count : out.dictionaryBinary.count;
        // every index in [0, size): both index and size - 1 - index non-negative, checked branch-free
        int bad = 0;
        for (int i = 0; i < n; i++) {
            bad |= indices[i] | (size - 1 - indices[i]);
        }
        if (bad < 0) {
            for (int i = 0; i < n; i++) {
                if (indices[i] < 0 || indices[i] >= size) {
                    throw in.error("dictionary index " + (indices[i] & 0xFFFFFFFFL) + " past the dictionary's " + size
                            + " values");
                }
            }
        }
        if (keepDictionary) {
            out.addIndices(indices, n);
        } else if (out.dictionaryFixed != null) {
            gatherFixed(out.dictionaryFixed, indices, n, out.fixed);
        } else {
            if (dictionaryStarts == null) {
                dictionaryStarts = out.dictionaryBinary.starts();
            }
            out.binary.gather(out.dictionaryBinary, dictionaryStarts, indices, n);
        }
    }

    private void gatherFixed(FixedValues dictionary, int[] indices, int n, FixedValues target) {
        int w = target.width;
        long at = target.reserve(n);
        MemorySegment src = dictionary.segment();
        MemorySegment dst = target.segment();
        switch (w) {
            case 4 -> {
                if (dictionaryInts == null) {
                    dictionaryInts = new int[dictionary.count];
                    MemorySegment.copy(src, LittleEndian.INT, 0, dictionaryInts, 0, dictionary.count);
                }
                int[] d = dictionaryInts;
                for (int i = 0; i < n; i++) {
                    dst.set(LittleEndian.INT, at + 4L * i, d[indices[i]]);
                }
            }
            case 8 -> {
                if (dictionaryLongs == null) {
                    dictionaryLongs = new long[dictionary.count];
                    MemorySegment.copy(src, LittleEndian.LONG, 0, dictionaryLongs, 0, dictionary.count);
                }
                long[] d = dictionaryLongs;
                for (int i = 0; i < n; i++) {
                    dst.set(LittleEndian.LONG, at + 8L * i, d[indices[i]]);
                }
            }
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    dst.set(LittleEndian.BYTE, at + i, src.get(LittleEndian.BYTE, indices[i]));
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    MemorySegment.copy(src, (long) w * indices[i], dst, at + (long) w * i, w);
                }
            }
        }
        target.commit(n);
    }
}
