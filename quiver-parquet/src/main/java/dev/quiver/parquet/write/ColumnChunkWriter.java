// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.codec.PageCodec;
import dev.quiver.parquet.format.ColumnIndex;
import dev.quiver.parquet.format.CompressionCodec;
import dev.quiver.parquet.format.DataPageHeader;
import dev.quiver.parquet.format.DataPageHeaderV2;
import dev.quiver.parquet.format.DictionaryPageHeader;
import dev.quiver.parquet.format.Encoding;
import dev.quiver.parquet.format.PageEncodingStats;
import dev.quiver.parquet.format.PageHeader;
import dev.quiver.parquet.format.PageLocation;
import dev.quiver.parquet.format.PageType;
import dev.quiver.parquet.format.PhysicalType;
import dev.quiver.parquet.format.SizeStatistics;
import dev.quiver.parquet.format.Statistics;
import dev.quiver.parquet.thrift.ThriftWriter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes one column chunk into memory: level entries come in, pages go out encoded and compressed when a page
 * reaches its size or row limit (always at a row boundary), and {@link #finish()} adds the dictionary page
 * and hands over the chunk with its statistics, page index and bloom filter. Dictionary-encoded pages are
 * written until the dictionary's PLAIN size passes the limit; later pages use the value encoding. Used by one
 * thread at a time.
 */
public final class ColumnChunkWriter {
    /** Level entries appended between checks of the page's size. */
    private static final int BLOCK = 1024;
    /** The longest bound of a column index entry (longer byte array bounds are truncated, as Arrow C++ does). */
    private static final int INDEX_BOUND_LIMIT = 64;
    /** The longest bound of chunk statistics (longer ones are left out, as Arrow C++ does). */
    private static final int STATISTICS_BOUND_LIMIT = 4096;

    private final LeafSpec leaf;
    private final ValueGather gather;
    private final PageCodec codec;
    private final int codecCode;
    private final int valueEncoding;
    private final int dataPageVersion;
    private final long pageSize;
    private final int pageRowLimit;
    private final long dictionaryLimit;
    private final boolean dictionaryFirstPageCheck;
    private final boolean statistics;
    private final boolean pageIndex;
    private final SplitBlockBloomFilter bloom;
    private final int width;

    private boolean dictionaryMode;
    private boolean dictionaryUsed;
    private final LongDictionary numbers;
    private final BytesDictionary bytes;
    /** Indexes BYTE_ARRAY values straight from the Arrow leaf while dictionary-encoding, or {@code null}. */
    private final ByteArrayIndexer direct;
    /** Whether the page being filled was indexed by {@link #direct} (its values are not in {@link #values}). */
    private boolean pageDirect;
    /** The values of the page being filled (entries defined down to the leaf). */
    private int pageValueCount;

    private final IntList def = new IntList();
    private final IntList rep = new IntList();
    private final IntList indices = new IntList();
    private final PageValues values = new PageValues();
    private int pageEntries;
    private int pageRows;

    private final ByteSink pages;
    private final ByteSink scratch;
    private final ByteSink encoded;
    private final ByteSink compressed;
    private final SizeStatisticsCollector sizes;
    private final List<PageLocation> locations = new ArrayList<>();
    private final List<Boolean> nullPages = new ArrayList<>();
    private final List<byte[]> minValues = new ArrayList<>();
    private final List<byte[]> maxValues = new ArrayList<>();
    private final List<Long> nullCounts = new ArrayList<>();
    private boolean indexable;
    private final ValueStatistics chunkStatistics;
    private long rows;
    private long entries;
    private long uncompressedBytes;
    private int dictionaryDataPages;
    private int plainDataPages;

    /**
     * A writer for one leaf's chunk in a row group.
     *
     * @param leaf the leaf
     * @param codec the page codec
     * @param valueEncoding the {@link Encoding} code of pages without a dictionary
     * @param dictionary whether to start dictionary-encoded
     * @param settings the page version, sizes, statistics and page index settings
     * @param bloomBytes the bloom filter's size in bytes, or 0 for none
     * @param buffers the buffers the pages are built in (emptied here; those of the leaf's previous chunk once it
     *     is written out, so that their capacity is reused)
     */
    public ColumnChunkWriter(LeafSpec leaf, PageCodec codec, int valueEncoding, boolean dictionary, PageSettings settings,
            int bloomBytes, Buffers buffers) {
        this.leaf = leaf;
        this.gather = new ValueGather(leaf.kind(), leaf.typeLength(), leaf.dottedPath());
        this.codec = codec;
        this.codecCode = codec.code();
        this.valueEncoding = valueEncoding;
        this.dataPageVersion = settings.dataPageVersion();
        this.pageSize = settings.pageSize();
        this.pageRowLimit = settings.pageRowLimit();
        this.dictionaryLimit = settings.dictionaryLimit();
        this.dictionaryFirstPageCheck = settings.dictionaryFirstPageCheck();
        this.statistics = settings.statistics();
        this.pageIndex = settings.pageIndex();
        this.bloom = bloomBytes > 0 ? new SplitBlockBloomFilter(bloomBytes) : null;
        this.width = leaf.kind().width() < 0 ? leaf.typeLength() : leaf.kind().width();
        boolean canDictionary = dictionary && leaf.physicalType() != PhysicalType.BOOLEAN
                && leaf.kind() != ValueKind.NONE;
        this.dictionaryMode = canDictionary;
        this.numbers = canDictionary && width == 4 || canDictionary && width == 8 && leaf.kind() != ValueKind.FIXED
                ? new LongDictionary(width) : null;
        this.bytes = canDictionary && numbers == null ? new BytesDictionary(leaf.kind().width() != 0) : null;
        this.indexable = pageIndex && leaf.order() != SortOrder.NONE;
        this.chunkStatistics = new ValueStatistics(leaf.order());
        this.direct = bytes != null && bloom == null && leaf.physicalType() == PhysicalType.BYTE_ARRAY
                ? new ByteArrayIndexer(bytes, chunkStatistics, leaf.order() == SortOrder.UNSIGNED_BYTES, leaf.kind(),
                        leaf.dottedPath()) : null;
        this.pages = buffers.pages;
        this.scratch = buffers.scratch;
        this.encoded = buffers.encoded;
        this.compressed = buffers.compressed;
        pages.reset();
        this.sizes = new SizeStatisticsCollector(leaf.maxDefinition(), leaf.maxRepetition(),
                leaf.physicalType() == PhysicalType.BYTE_ARRAY);
    }

    /**
     * The buffers a leaf's chunks are built in, handed from one row group's writer to the next so that their
     * capacity is allocated once.
     */
    public static final class Buffers {
        private final ByteSink pages = new ByteSink(1 << 16);
        private final ByteSink scratch = new ByteSink(1 << 16);
        private final ByteSink encoded = new ByteSink(1 << 16);
        private final ByteSink compressed = new ByteSink(1 << 16);

        /** Empty buffers. */
        public Buffers() {
        }
    }

    /**
     * The page settings shared by every column of a file.
     *
     * @param dataPageVersion 1 or 2
     * @param pageSize the bytes of values after which a page ends
     * @param pageRowLimit the most rows of a page
     * @param dictionaryLimit the dictionary PLAIN size past which pages fall back to the value encoding
     * @param dictionaryFirstPageCheck whether a dictionary that does not make the first page smaller is dropped
     * @param statistics whether statistics are kept
     * @param pageIndex whether the page index is kept
     */
    public record PageSettings(int dataPageVersion, long pageSize, int pageRowLimit, long dictionaryLimit,
            boolean dictionaryFirstPageCheck, boolean statistics, boolean pageIndex) {
    }

    /**
     * A finished chunk: its pages (the dictionary page first, if any) and what its metadata needs.
     *
     * @param dictionaryPage the dictionary page with its header, or {@code null}
     * @param dataPages the data pages with their headers
     * @param locations the data pages' locations, offsets from the start of {@code dataPages}
     * @param encodings the {@link Encoding} codes used
     * @param encodingStats the count of pages per type and encoding
     * @param entries the number of level entries (the chunk's {@code num_values})
     * @param uncompressedBytes all pages' bytes uncompressed, headers included
     * @param compressedBytes all pages' bytes as stored, headers included
     * @param statistics the chunk's statistics, or {@code null}
     * @param columnIndex the column index, or {@code null}
     * @param bloomFilter the bloom filter's bitset, or {@code null}
     * @param sizeStatistics the chunk's size statistics, or {@code null}
     * @param unencodedByteArrayDataBytes per data page, its BYTE_ARRAY values' bytes (the offset index's), or
     *     {@code null} for other types
     */
    public record Chunk(ByteSink dictionaryPage, ByteSink dataPages, List<PageLocation> locations, int[] encodings,
            List<PageEncodingStats> encodingStats, long entries, long uncompressedBytes, long compressedBytes,
            Statistics statistics, ColumnIndex columnIndex, SplitBlockBloomFilter bloomFilter,
            SizeStatistics sizeStatistics, long[] unencodedByteArrayDataBytes) {
    }

    /**
     * Appends level entries (with their values).
     *
     * @param levels the entries, over the leaf array (a dictionary array's indices, or its values through
     *     {@link ValueGather#resolveDictionary})
     */
    public void append(Levels levels) {
        int n = levels.count();
        int[] r = levels.rep();
        boolean directable = direct != null && ByteArrayIndexer.handles(leaf.kind(), levels.leaf());
        Levels resolved = null;
        int i = 0;
        while (i < n) {
            int room = Math.min(BLOCK, pageRowLimit - pageRows);
            int end = Math.min(n, i + Math.max(1, room));
            if (r != null) {
                while (end < n && r[end] != 0) {
                    end++;
                }
            }
            if (directable && dictionaryMode && !pageDirect && pageEntries > 0) {
                // a page is indexed one way: the one gathered ends first (which may end the dictionary)
                flushPage();
            }
            if (directable && dictionaryMode) {
                appendLevels(levels, i, end);
                direct.append(levels, i, end, indices);
                pageDirect = true;
                pageValueCount = direct.pageValues();
            } else {
                if (resolved == null) {
                    resolved = ValueGather.resolveDictionary(levels);
                }
                appendRange(resolved, i, end);
            }
            i = end;
            if (pageRows >= pageRowLimit || estimatedPageBytes() >= pageSize) {
                flushPage();
            }
        }
    }

    private void appendRange(Levels levels, int from, int to) {
        if (pageDirect) {
            // a page is indexed one way: the one indexed straight from Arrow ends first
            flushPage();
        }
        appendLevels(levels, from, to);
        int before = values.count();
        gather.append(levels, from, to, values);
        pageValueCount += values.count() - before;
        if (dictionaryMode) {
            addIndices(before, values.count());
        }
    }

    private void appendLevels(Levels levels, int from, int to) {
        int[] d = levels.def();
        int[] r = levels.rep();
        if (d != null) {
            def.addAll(d, from, to);
        }
        if (r != null) {
            rep.addAll(r, from, to);
            int newRows = 0;
            for (int i = from; i < to; i++) {
                if (r[i] == 0) {
                    newRows++;
                }
            }
            pageRows += newRows;
        } else {
            pageRows += to - from;
        }
        pageEntries += to - from;
    }

    private void addIndices(int from, int to) {
        MemorySegment s = values.bytes().segment();
        if (numbers != null) {
            if (width == 4) {
                for (int i = from; i < to; i++) {
                    indices.add(numbers.indexOf(s.getAtIndex(LittleEndian.INT, i)));
                }
            } else {
                for (int i = from; i < to; i++) {
                    indices.add(numbers.indexOf(s.getAtIndex(LittleEndian.LONG, i)));
                }
            }
        } else if (leaf.physicalType() == PhysicalType.BYTE_ARRAY) {
            int[] offsets = values.offsets();
            for (int i = from; i < to; i++) {
                indices.add(bytes.indexOf(s, offsets[i], offsets[i + 1] - offsets[i]));
            }
        } else {
            for (int i = from; i < to; i++) {
                indices.add(bytes.indexOf(s, (long) i * width, width));
            }
        }
    }

    private long estimatedPageBytes() {
        if (dictionaryMode) {
            int dictionarySize = numbers != null ? numbers.size() : bytes.size();
            return (long) indices.size() * RleHybridEncoder.bitWidth(Math.max(1, dictionarySize - 1)) / 8;
        }
        return leaf.physicalType() == PhysicalType.BOOLEAN ? values.bytes().size() / 8 : values.bytes().size();
    }

    private void flushPage() {
        if (pageEntries == 0) {
            return;
        }
        ValueStatistics page = new ValueStatistics(leaf.order());
        page.addNulls(pageEntries - pageValueCount);
        long unencodedBytes;
        if (pageDirect) {
            unencodedBytes = direct.pageBytes();
            direct.endPage(page);
        } else {
            unencodedBytes = values.bytes().size();
            if (statistics || indexable) {
                page.add(values, width);
            }
        }
        if (bloom != null) {
            addToBloom();
        }
        sizes.addPage(def, rep, unencodedBytes);
        // v1: levels and values one after the other in scratch; v2: levels in scratch, values apart
        scratch.reset();
        if (dataPageVersion == 1) {
            writeLevelsWithLengths();
        }
        ByteSink encodedValues = dataPageVersion == 1 ? scratch : encoded;
        encoded.reset();
        if (dictionaryMode && dictionaryFirstPageCheck && !dictionaryUsed && pageValueCount > 0
                && !dictionaryPays(unencodedBytes)) {
            // parquet-java's rule: a dictionary that does not make the chunk's first page smaller is dropped
            dictionaryMode = false;
            if (pageDirect) {
                valuesFromDictionary();
            }
        }
        int encoding;
        if (dictionaryMode) {
            dictionaryUsed = true;
            int size = numbers != null ? numbers.size() : bytes.size();
            int bitWidth = Math.max(1, RleHybridEncoder.bitWidth(size - 1));
            encodedValues.writeByte(bitWidth);
            RleHybridEncoder.encode(indices.array(), 0, indices.size(), bitWidth, encodedValues);
            encoding = Encoding.RLE_DICTIONARY;
            dictionaryDataPages++;
        } else {
            encodeValues(encodedValues);
            encoding = valueEncoding;
            plainDataPages++;
        }
        Statistics headerStatistics = statistics ? toStatistics(page, STATISTICS_BOUND_LIMIT) : null;
        if (dataPageVersion == 1) {
            writePageV1(encoding, headerStatistics);
        } else {
            writePageV2(encodedValues, encoding, headerStatistics, pageEntries - pageValueCount);
        }
        if (indexable) {
            boolean nullPage = pageValueCount == 0;
            if (!nullPage && page.min() == null) {
                indexable = false;
            }
            nullPages.add(nullPage);
            minValues.add(nullPage ? new byte[0] : indexBound(page.min(), false));
            maxValues.add(nullPage ? new byte[0] : indexBound(page.max(), true));
            nullCounts.add(page.nullCount());
        }
        chunkStatistics.merge(page);
        rows += pageRows;
        entries += pageEntries;
        def.clear();
        rep.clear();
        indices.clear();
        values.clear();
        pageEntries = 0;
        pageRows = 0;
        pageValueCount = 0;
        pageDirect = false;
        if (dictionaryMode && (numbers != null ? numbers.plainSize() : bytes.plainSize()) > dictionaryLimit) {
            dictionaryMode = false;
        }
    }

    /**
     * Whether the page's dictionary indices and the dictionary's PLAIN values take fewer bytes than the page's
     * values PLAIN.
     */
    private boolean dictionaryPays(long unencodedBytes) {
        long raw = leaf.physicalType() == PhysicalType.BYTE_ARRAY ? unencodedBytes + 4L * pageValueCount
                : (long) pageValueCount * width;
        int size = numbers != null ? numbers.size() : bytes.size();
        long plain = numbers != null ? numbers.plainSize() : bytes.plainSize();
        long encodedIndices = ((long) indices.size() * Math.max(1, RleHybridEncoder.bitWidth(size - 1)) + 7) / 8;
        return plain + encodedIndices < raw;
    }

    /** The page's values, indexed straight from Arrow, put into {@link #values} from the dictionary. */
    private void valuesFromDictionary() {
        int[] offsets = bytes.offsets();
        MemorySegment data = bytes.data();
        int[] index = indices.array();
        for (int k = 0, n = indices.size(); k < n; k++) {
            int i = index[k];
            values.bytes.write(data, offsets[i], offsets[i + 1] - offsets[i]);
            values.endByteArray();
        }
    }

    /** A page's bound in the column index: byte arrays cut to {@link #INDEX_BOUND_LIMIT} bytes. */
    private byte[] indexBound(byte[] bound, boolean upper) {
        if (bound == null || leaf.physicalType() != PhysicalType.BYTE_ARRAY) {
            return bound;
        }
        return ValueStatistics.truncate(bound, INDEX_BOUND_LIMIT, upper);
    }

    private void addToBloom() {
        MemorySegment s = values.bytes().segment();
        int n = values.count();
        switch (leaf.physicalType()) {
            case PhysicalType.INT32, PhysicalType.FLOAT -> {
                for (int i = 0; i < n; i++) {
                    bloom.insert(XxHash64.hashInt(s.getAtIndex(LittleEndian.INT, i)));
                }
            }
            case PhysicalType.INT64, PhysicalType.DOUBLE -> {
                for (int i = 0; i < n; i++) {
                    bloom.insert(XxHash64.hashLong(s.getAtIndex(LittleEndian.LONG, i)));
                }
            }
            case PhysicalType.BYTE_ARRAY -> {
                int[] offsets = values.offsets();
                for (int i = 0; i < n; i++) {
                    bloom.insert(XxHash64.hash(s, offsets[i], offsets[i + 1] - offsets[i]));
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    bloom.insert(XxHash64.hash(s, (long) i * width, width));
                }
            }
        }
    }

    private void encodeValues(ByteSink out) {
        MemorySegment s = values.bytes().segment();
        int n = values.count();
        switch (valueEncoding) {
            case Encoding.PLAIN -> {
                if (leaf.physicalType() == PhysicalType.BOOLEAN) {
                    packBooleans(out);
                } else if (leaf.physicalType() == PhysicalType.BYTE_ARRAY) {
                    ByteArrayEncoders.plain(values.offsets(), s, 0, n, out);
                } else {
                    out.write(values.bytes());
                }
            }
            case Encoding.RLE -> {
                int[] bits = new int[n];
                for (int i = 0; i < n; i++) {
                    bits[i] = s.get(ValueLayout.JAVA_BYTE, i);
                }
                RleHybridEncoder.encodeWithLength(bits, 0, n, 1, out);
            }
            case Encoding.DELTA_BINARY_PACKED -> DeltaBinaryPackedEncoder.encode(s, 0, n, width == 8, out);
            case Encoding.DELTA_LENGTH_BYTE_ARRAY -> ByteArrayEncoders.deltaLength(values.offsets(), s, 0, n, out);
            case Encoding.DELTA_BYTE_ARRAY -> ByteArrayEncoders.deltaStrings(byteArrayOffsets(n), s, 0, n, out);
            case Encoding.BYTE_STREAM_SPLIT -> ByteStreamSplitEncoder.encode(s, 0, n, width, out);
            default -> throw new ParquetException("column " + leaf.dottedPath() + ": encoding "
                    + Encoding.name(valueEncoding) + " cannot be written");
        }
    }

    private int[] byteArrayOffsets(int n) {
        if (leaf.physicalType() == PhysicalType.BYTE_ARRAY) {
            return values.offsets();
        }
        int[] offsets = new int[n + 1];
        for (int i = 0; i <= n; i++) {
            offsets[i] = i * width;
        }
        return offsets;
    }

    private void packBooleans(ByteSink out) {
        int n = values.count();
        byte[] src = values.bytes().array();
        int bytesNeeded = (n + 7) >>> 3;
        out.reserve(bytesNeeded);
        byte[] dst = out.array();
        int base = out.size();
        for (int b = 0; b < bytesNeeded; b++) {
            int v = 0;
            int first = b * 8;
            int last = Math.min(n, first + 8);
            for (int i = first; i < last; i++) {
                v |= (src[i] & 1) << (i - first);
            }
            dst[base + b] = (byte) v;
        }
        out.setSize(base + bytesNeeded);
    }

    /** The page's repetition then definition levels into {@link #scratch}, each after its length (data page v1). */
    private void writeLevelsWithLengths() {
        if (leaf.maxRepetition() > 0) {
            RleHybridEncoder.encodeWithLength(rep.array(), 0, rep.size(), RleHybridEncoder.bitWidth(leaf.maxRepetition()),
                    scratch);
        }
        if (leaf.maxDefinition() > 0) {
            RleHybridEncoder.encodeWithLength(def.array(), 0, def.size(), RleHybridEncoder.bitWidth(leaf.maxDefinition()),
                    scratch);
        }
    }

    private void writePageV1(int encoding, Statistics headerStatistics) {
        int uncompressed = scratch.size();
        ByteSink body = compress(scratch);
        PageHeader header = new PageHeader(PageType.DATA_PAGE, uncompressed, body.size(), null,
                new DataPageHeader(pageEntries, encoding, Encoding.RLE, Encoding.RLE, headerStatistics), null, null,
                null);
        appendPage(header, null, body);
    }

    private void writePageV2(ByteSink encodedValues, int encoding, Statistics headerStatistics, int nulls) {
        if (leaf.maxRepetition() > 0) {
            RleHybridEncoder.encode(rep.array(), 0, rep.size(), RleHybridEncoder.bitWidth(leaf.maxRepetition()), scratch);
        }
        int repLength = scratch.size();
        if (leaf.maxDefinition() > 0) {
            RleHybridEncoder.encode(def.array(), 0, def.size(), RleHybridEncoder.bitWidth(leaf.maxDefinition()), scratch);
        }
        int defLength = scratch.size() - repLength;
        ByteSink body = compress(encodedValues);
        boolean isCompressed = codecCode != CompressionCodec.UNCOMPRESSED;
        PageHeader header = new PageHeader(PageType.DATA_PAGE_V2, scratch.size() + encodedValues.size(),
                scratch.size() + body.size(), null, null, null, null,
                new DataPageHeaderV2(pageEntries, nulls, pageRows, encoding, defLength, repLength, isCompressed,
                        headerStatistics));
        appendPage(header, scratch, body);
    }

    /** The bytes compressed into {@link #compressed}, or the bytes themselves without a codec. */
    private ByteSink compress(ByteSink raw) {
        if (codecCode == CompressionCodec.UNCOMPRESSED) {
            return raw;
        }
        long bound = codec.maxCompressedSize(raw.size());
        compressed.reset();
        compressed.reserve(bound);
        long n = codec.compress(raw.segment().asSlice(0, raw.size()), compressed.segment().asSlice(0, bound));
        compressed.setSize((int) n);
        return compressed;
    }

    private void appendPage(PageHeader header, ByteSink levels, ByteSink body) {
        ThriftWriter out = new ThriftWriter();
        header.write(out);
        byte[] headerBytes = out.toByteArray();
        long offset = pages.size();
        pages.write(headerBytes, 0, headerBytes.length);
        if (levels != null) {
            pages.write(levels);
        }
        pages.write(body);
        locations.add(new PageLocation(offset, (int) (pages.size() - offset), rows));
        uncompressedBytes += headerBytes.length + (long) header.uncompressedPageSize();
    }

    private Statistics toStatistics(ValueStatistics s, int boundLimit) {
        byte[] min = s.min();
        byte[] max = s.max();
        if (min != null && (min.length > boundLimit || max.length > boundLimit)) {
            min = null;
            max = null;
        }
        boolean legacy = switch (leaf.order()) {
            case SIGNED_INT32, SIGNED_INT64, FLOAT, DOUBLE, BOOLEAN -> true;
            default -> false;
        };
        boolean floating = leaf.order() == SortOrder.FLOAT || leaf.order() == SortOrder.DOUBLE
                || leaf.order() == SortOrder.FLOAT16;
        return new Statistics(legacy ? max : null, legacy ? min : null, s.nullCount(), null, max, min,
                max == null ? null : Boolean.TRUE, min == null ? null : Boolean.TRUE,
                floating ? Long.valueOf(s.nanCount()) : null);
    }

    /**
     * Ends the chunk: the last page, the dictionary page, the statistics and the page index.
     *
     * @return the chunk
     */
    public Chunk finish() {
        flushPage();
        ByteSink dictionaryPage = null;
        long uncompressed = uncompressedBytes;
        List<PageEncodingStats> encodingStats = new ArrayList<>();
        List<Integer> encodings = new ArrayList<>();
        if (dictionaryUsed) {
            dictionaryPage = dictionaryPage();
            uncompressed += dictionaryUncompressed;
            encodingStats.add(new PageEncodingStats(PageType.DICTIONARY_PAGE, Encoding.PLAIN, 1));
            encodings.add(Encoding.PLAIN);
            encodings.add(Encoding.RLE_DICTIONARY);
        }
        if (dictionaryDataPages > 0) {
            encodingStats.add(new PageEncodingStats(dataPageType(), Encoding.RLE_DICTIONARY,
                    dictionaryDataPages));
        }
        if (plainDataPages > 0 || entries == 0) {
            if (!encodings.contains(valueEncoding)) {
                encodings.add(valueEncoding);
            }
            if (plainDataPages > 0) {
                encodingStats.add(new PageEncodingStats(dataPageType(), valueEncoding,
                        plainDataPages));
            }
        }
        if (leaf.maxDefinition() > 0 || leaf.maxRepetition() > 0) {
            encodings.add(Encoding.RLE);
        }
        long stored = pages.size() + (dictionaryPage == null ? 0 : dictionaryPage.size());
        ColumnIndex index = null;
        if (indexable && !locations.isEmpty()) {
            boolean[] nulls = new boolean[nullPages.size()];
            long[] counts = new long[nullCounts.size()];
            for (int i = 0; i < nulls.length; i++) {
                nulls[i] = nullPages.get(i);
                counts[i] = nullCounts.get(i);
            }
            index = new ColumnIndex(nulls, List.copyOf(minValues), List.copyOf(maxValues), boundaryOrder(nulls),
                    counts, sizes.pageRepetitionHistograms(), sizes.pageDefinitionHistograms(), null);
        }
        Statistics chunk = statistics ? toStatistics(chunkStatistics, STATISTICS_BOUND_LIMIT) : null;
        return new Chunk(dictionaryPage, pages, List.copyOf(locations),
                encodings.stream().mapToInt(Integer::intValue).toArray(), List.copyOf(encodingStats), entries,
                uncompressed, stored, chunk, index, bloom, sizes.chunk(), sizes.pageUnencodedBytes());
    }

    private long dictionaryUncompressed;

    private int dataPageType() {
        return dataPageVersion == 1 ? PageType.DATA_PAGE : PageType.DATA_PAGE_V2;
    }

    private ByteSink dictionaryPage() {
        ByteSink plain = new ByteSink();
        int size;
        if (numbers != null) {
            numbers.writePlain(plain);
            size = numbers.size();
        } else {
            bytes.writePlain(plain);
            size = bytes.size();
        }
        int uncompressed = plain.size();
        ByteSink body = compress(plain);
        PageHeader header = new PageHeader(PageType.DICTIONARY_PAGE, uncompressed, body.size(), null, null, null,
                new DictionaryPageHeader(size, Encoding.PLAIN, Boolean.FALSE), null);
        ThriftWriter out = new ThriftWriter();
        header.write(out);
        byte[] headerBytes = out.toByteArray();
        ByteSink page = new ByteSink(headerBytes.length + body.size());
        page.write(headerBytes, 0, headerBytes.length);
        page.write(body);
        dictionaryUncompressed = headerBytes.length + (long) uncompressed;
        return page;
    }

    /** ASCENDING (1) or DESCENDING (2) when the non-null pages' bounds both go that way, else UNORDERED (0). */
    private int boundaryOrder(boolean[] nulls) {
        ValueStatistics comparator = chunkStatistics;
        boolean ascending = true;
        boolean descending = true;
        int previous = -1;
        for (int i = 0; i < nulls.length; i++) {
            if (nulls[i]) {
                continue;
            }
            if (previous >= 0) {
                int minOrder = comparator.compare(minValues.get(previous), minValues.get(i));
                int maxOrder = comparator.compare(maxValues.get(previous), maxValues.get(i));
                ascending &= minOrder <= 0 && maxOrder <= 0;
                descending &= minOrder >= 0 && maxOrder >= 0;
            }
            previous = i;
        }
        return ascending ? 1 : descending ? 2 : 0;
    }

    /**
     * The rows written so far (in finished pages and the page being filled).
     *
     * @return the rows
     */
    public long rows() {
        return rows + pageRows;
    }
}
