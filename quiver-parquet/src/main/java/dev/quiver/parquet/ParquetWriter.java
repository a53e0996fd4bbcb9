// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.io.AtomicFileOutput;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.codec.PageCodec;
import dev.quiver.parquet.codec.WriteCodecs;
import dev.quiver.parquet.format.BloomFilterHeader;
import dev.quiver.parquet.format.ColumnChunk;
import dev.quiver.parquet.format.ColumnIndex;
import dev.quiver.parquet.format.ColumnMetaData;
import dev.quiver.parquet.format.FileMetaData;
import dev.quiver.parquet.format.KeyValue;
import dev.quiver.parquet.format.OffsetIndex;
import dev.quiver.parquet.format.PageLocation;
import dev.quiver.parquet.format.RowGroup;
import dev.quiver.parquet.thrift.ThriftWriter;
import dev.quiver.parquet.write.ArrowSchemaMetadata;
import dev.quiver.parquet.write.ByteSink;
import dev.quiver.parquet.write.ColumnChunkWriter;
import dev.quiver.parquet.write.LeafSpec;
import dev.quiver.parquet.write.LevelBuilder;
import dev.quiver.parquet.write.SchemaMapper;
import dev.quiver.parquet.write.SplitBlockBloomFilter;
import dev.quiver.parquet.write.WriteChecks;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Writes record batches as an Apache Parquet file: row groups of {@link ParquetWriteOptions#rowGroupSize()}
 * rows, each column chunk encoded (dictionary with fallback, or the column's value encoding) and compressed in
 * pages, columns on several threads; then the bloom filters, the page index (column and offset indexes) and
 * the footer with the Arrow schema under {@code ARROW:schema}. Types map as in Arrow C++ (see docs/parquet.md);
 * a type without a mapping, a null in a non-nullable field or an option that does not fit a column is a
 * {@link ParquetException} naming the column.
 *
 * <p>Opened on a {@link Path}, the file appears at close whole, or not at all: a failed write leaves no file
 * (and an existing one untouched). A failed write makes every later call, and close, throw. Batches of
 * every size are taken; a row group spans batches and a batch spans row groups.
 *
 * <pre>{@code
 * try (ParquetWriter writer = ParquetWriter.open(Path.of("data.parquet"), schema,
 *         ParquetWriteOptions.DEFAULT.withCodec(CompressionCodec.ZSTD))) {
 *     writer.write(batch);
 * }
 * }</pre>
 */
public final class ParquetWriter implements RecordBatchWriter {
    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
    /** What the footer's {@code created_by} names. */
    public static final String CREATED_BY = "quiver version 0.1.0";

    private final WritableByteChannel out;
    private final AtomicFileOutput file;
    private final Schema schema;
    private final ParquetWriteOptions options;
    private final SchemaMapper.Plan plan;
    private final PageCodec codec;
    private final ColumnChunkWriter.PageSettings settings;
    private final ColumnWork work;
    private final List<RowGroupOutput> rowGroups = new ArrayList<>();
    private final ColumnChunkWriter.Buffers[] buffers;
    private ColumnChunkWriter[] writers;
    private long rowsInGroup;
    private long totalRows;
    private long position;
    private boolean failed;
    private boolean closed;

    private ParquetWriter(WritableByteChannel out, AtomicFileOutput file, Schema schema, ParquetWriteOptions options) {
        this.out = out;
        this.file = file;
        this.schema = Objects.requireNonNull(schema, "schema");
        this.options = Objects.requireNonNull(options, "options");
        this.plan = SchemaMapper.map(schema);
        WriteChecks.check(plan, options);
        this.codec = WriteCodecs.forWriting(options.codec(), options.compressionLevel());
        this.settings = new ColumnChunkWriter.PageSettings(options.dataPageVersion(), options.pageSize(),
                options.pageRowLimit(), options.dictionaryPageSizeLimit(), options.dictionaryFirstPageCheck(),
                options.statistics(), options.pageIndex());
        this.work = new ColumnWork(options.threads());
        this.buffers = new ColumnChunkWriter.Buffers[plan.leaves().size()];
        for (int j = 0; j < buffers.length; j++) {
            buffers[j] = new ColumnChunkWriter.Buffers();
        }
        this.writers = newWriters();
        writeBytes(MAGIC, 0, MAGIC.length);
    }

    /**
     * Writes a file at {@code path} with the default options.
     *
     * @param path the file, which appears at close
     * @param schema the schema of every batch
     * @return the writer
     * @throws ParquetException if a column's type has no Parquet mapping or the file cannot be created
     */
    public static ParquetWriter open(Path path, Schema schema) {
        return open(path, schema, ParquetWriteOptions.DEFAULT);
    }

    /**
     * Writes a file at {@code path}.
     *
     * @param path the file, which appears at close whole or not at all
     * @param schema the schema of every batch
     * @param options how to write
     * @return the writer
     * @throws ParquetException if a column's type has no Parquet mapping, an option does not fit a column, or
     *     the file cannot be created
     */
    public static ParquetWriter open(Path path, Schema schema, ParquetWriteOptions options) {
        AtomicFileOutput file;
        try {
            file = AtomicFileOutput.create(path);
        } catch (IOException e) {
            throw new ParquetException("cannot create " + path + ": " + e.getMessage(), e);
        }
        try {
            return new ParquetWriter(file.channel(), file, schema, options);
        } catch (RuntimeException | Error e) {
            discard(file, e);
            throw e;
        }
    }

    /**
     * Writes a file to a channel (not atomic: a failure leaves what was written).
     *
     * @param channel where the bytes go; closed by {@link #close()}
     * @param schema the schema of every batch
     * @param options how to write
     * @return the writer
     * @throws ParquetException if a column's type has no Parquet mapping or an option does not fit a column
     */
    public static ParquetWriter open(WritableByteChannel channel, Schema schema, ParquetWriteOptions options) {
        return new ParquetWriter(Objects.requireNonNull(channel, "channel"), null, schema, options);
    }

    @Override
    public Schema schema() {
        return schema;
    }

    /**
     * Writes a batch.
     *
     * @param batch a batch of {@link #schema()}
     * @param metadata must be empty: Parquet has no place for a batch's metadata
     * @throws ParquetException if the batch does not fit the schema, a value cannot be written (naming the
     *     column), the output fails, or an earlier write failed
     */
    @Override
    public void write(RecordBatch batch, Map<String, String> metadata) {
        checkOpen();
        if (!metadata.isEmpty()) {
            throw new ParquetException("Parquet has no place for a batch's metadata");
        }
        if (!batch.schema().fields().equals(schema.fields())
                && schema.withMetadata(Map.of()).differenceIgnoringDictionaryIds(batch.schema().withMetadata(Map.of()))
                        .isPresent()) {
            throw new ParquetException("the batch's schema differs from the writer's: "
                    + schema.differenceIgnoringDictionaryIds(batch.schema()).orElse(""));
        }
        try {
            long offset = 0;
            long n = batch.rowCount();
            while (offset < n) {
                long take = Math.min(n - offset, options.rowGroupSize() - rowsInGroup);
                RecordBatch part = offset == 0 && take == n ? batch : batch.slice(offset, take);
                append(part);
                offset += take;
                rowsInGroup += take;
                if (rowsInGroup == options.rowGroupSize()) {
                    flushRowGroup();
                }
            }
        } catch (RuntimeException | Error e) {
            failed = true;
            throw e;
        }
    }

    private void append(RecordBatch part) {
        List<LeafSpec> leaves = plan.leaves();
        work.run(leaves.size(), j -> {
            LeafSpec leaf = leaves.get(j);
            writers[j].append(LevelBuilder.compute(part.column(leaf.column()).data(), schema.field(leaf.column()),
                    leaf.path(), leaf.dottedPath()));
        });
    }

    private ColumnChunkWriter[] newWriters() {
        List<LeafSpec> leaves = plan.leaves();
        ColumnChunkWriter[] result = new ColumnChunkWriter[leaves.size()];
        for (int j = 0; j < result.length; j++) {
            LeafSpec leaf = leaves.get(j);
            String top = schema.field(leaf.column()).name();
            ParquetWriteOptions.BloomFilterOptions bloom = options.bloomFilter(leaf.dottedPath(), top);
            int bloomBytes = bloom == null ? 0 : SplitBlockBloomFilter.optimalBytes(bloom.ndv(), bloom.fpp());
            result[j] = new ColumnChunkWriter(leaf, codec, options.encoding(leaf.dottedPath(), top),
                    options.dictionary(leaf.dottedPath(), top), settings, bloomBytes, buffers[j]);
        }
        return result;
    }

    private void flushRowGroup() {
        ColumnChunkWriter.Chunk[] chunks = new ColumnChunkWriter.Chunk[writers.length];
        work.run(writers.length, j -> chunks[j] = writers[j].finish());
        long start = position;
        List<ChunkOutput> outputs = new ArrayList<>();
        long uncompressed = 0;
        for (int j = 0; j < chunks.length; j++) {
            ColumnChunkWriter.Chunk chunk = chunks[j];
            long chunkStart = position;
            Long dictionaryOffset = null;
            if (chunk.dictionaryPage() != null) {
                dictionaryOffset = chunkStart;
                writeSink(chunk.dictionaryPage());
            }
            long dataStart = position;
            writeSink(chunk.dataPages());
            List<PageLocation> locations = new ArrayList<>();
            for (PageLocation l : chunk.locations()) {
                locations.add(new PageLocation(dataStart + l.offset(), l.compressedPageSize(), l.firstRowIndex()));
            }
            uncompressed += chunk.uncompressedBytes();
            outputs.add(new ChunkOutput(plan.leaves().get(j), chunk, chunkStart, dataStart, dictionaryOffset,
                    new OffsetIndex(locations, chunk.unencodedByteArrayDataBytes())));
        }
        rowGroups.add(new RowGroupOutput(outputs, rowsInGroup, start, position - start, uncompressed));
        totalRows += rowsInGroup;
        rowsInGroup = 0;
        writers = newWriters();
    }

    /**
     * Writes the last row group, the bloom filters, the page index and the footer, and closes the output (a
     * file opened on a path is then moved into place); does nothing once closed.
     *
     * @throws ParquetException if a write failed (then no file is left) or the output fails
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (failed) {
                throw new ParquetException("an earlier write failed: the Parquet file is not written");
            }
            if (rowsInGroup > 0) {
                flushRowGroup();
            }
            writeTail();
            out.close();
            if (file != null) {
                file.commit();
            }
        } catch (IOException e) {
            throw new ParquetException("cannot finish the Parquet file: " + e.getMessage(), e);
        } finally {
            work.close();
            if (file != null) {
                discard(file, null);
            }
        }
    }

    private void writeTail() {
        for (RowGroupOutput g : rowGroups) {
            for (ChunkOutput c : g.chunks()) {
                SplitBlockBloomFilter bloom = c.chunk().bloomFilter();
                if (bloom != null) {
                    c.bloomOffset = position;
                    ThriftWriter header = new ThriftWriter();
                    new BloomFilterHeader(bloom.byteSize(), 1, 1, 1).write(header);
                    ByteSink bits = new ByteSink(bloom.byteSize() + 64);
                    byte[] h = header.toByteArray();
                    bits.write(h, 0, h.length);
                    bloom.writeTo(bits);
                    writeSink(bits);
                    c.bloomLength = (int) (position - c.bloomOffset);
                }
            }
        }
        for (RowGroupOutput g : rowGroups) {
            for (ChunkOutput c : g.chunks()) {
                ColumnIndex index = c.chunk().columnIndex();
                if (index != null) {
                    c.columnIndexOffset = position;
                    ThriftWriter w = new ThriftWriter();
                    index.write(w);
                    byte[] b = w.toByteArray();
                    writeBytes(b, 0, b.length);
                    c.columnIndexLength = b.length;
                }
            }
        }
        if (options.pageIndex()) {
            for (RowGroupOutput g : rowGroups) {
                for (ChunkOutput c : g.chunks()) {
                    c.offsetIndexOffset = position;
                    ThriftWriter w = new ThriftWriter();
                    c.offsetIndex().write(w);
                    byte[] b = w.toByteArray();
                    writeBytes(b, 0, b.length);
                    c.offsetIndexLength = b.length;
                }
            }
        }
        List<RowGroup> groups = new ArrayList<>();
        for (int i = 0; i < rowGroups.size(); i++) {
            RowGroupOutput g = rowGroups.get(i);
            List<ColumnChunk> columns = new ArrayList<>();
            for (ChunkOutput c : g.chunks()) {
                columns.add(c.toColumnChunk(options.codec()));
            }
            groups.add(new RowGroup(columns, g.uncompressed(), g.rows(), null, g.start(), g.stored(), (short) i));
        }
        List<KeyValue> keyValues = new ArrayList<>();
        for (Map.Entry<String, String> e : schema.metadata().entrySet()) {
            if (!e.getKey().equals(ArrowSchemaMetadata.KEY)) {
                keyValues.add(new KeyValue(e.getKey(), e.getValue()));
            }
        }
        if (options.storeSchema()) {
            keyValues.add(new KeyValue(ArrowSchemaMetadata.KEY, ArrowSchemaMetadata.encode(schema)));
        }
        int[] orders = new int[plan.leaves().size()];
        java.util.Arrays.fill(orders, 1);
        FileMetaData footer = new FileMetaData(2, plan.elements(), totalRows, groups,
                keyValues.isEmpty() ? null : keyValues, CREATED_BY, orders, false);
        ThriftWriter w = new ThriftWriter();
        footer.write(w);
        byte[] b = w.toByteArray();
        writeBytes(b, 0, b.length);
        ByteSink tail = new ByteSink(8);
        tail.writeIntLE(b.length);
        tail.write(MAGIC, 0, MAGIC.length);
        writeSink(tail);
    }

    private void writeSink(ByteSink sink) {
        writeBytes(sink.array(), 0, sink.size());
    }

    private void writeBytes(byte[] bytes, int from, int length) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes, from, length);
        try {
            while (buffer.hasRemaining()) {
                out.write(buffer);
            }
        } catch (IOException e) {
            failed = true;
            throw new ParquetException("cannot write the Parquet file at offset " + position + ": " + e.getMessage(),
                    e);
        }
        position += length;
    }

    private void checkOpen() {
        if (closed) {
            throw new ParquetException("the Parquet writer is closed");
        }
        if (failed) {
            throw new ParquetException("an earlier write failed: the Parquet writer takes no more batches");
        }
    }

    private static void discard(AtomicFileOutput file, Throwable cause) {
        try {
            file.close();
        } catch (IOException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            }
        }
    }

    /** A row group written: its chunks, rows, first byte, stored and uncompressed bytes. */
    private record RowGroupOutput(List<ChunkOutput> chunks, long rows, long start, long stored, long uncompressed) {
    }

    /** A column chunk written, with the places of what follows the row groups once they are written. */
    private static final class ChunkOutput {
        private final LeafSpec leaf;
        private final ColumnChunkWriter.Chunk chunk;
        private final long start;
        private final long dataStart;
        private final Long dictionaryOffset;
        private final OffsetIndex offsetIndex;
        private Long bloomOffset;
        private Integer bloomLength;
        private Long columnIndexOffset;
        private Integer columnIndexLength;
        private Long offsetIndexOffset;
        private Integer offsetIndexLength;

        ChunkOutput(LeafSpec leaf, ColumnChunkWriter.Chunk chunk, long start, long dataStart, Long dictionaryOffset,
                OffsetIndex offsetIndex) {
            this.leaf = leaf;
            this.chunk = new ColumnChunkWriter.Chunk(null, null, List.of(), chunk.encodings(), chunk.encodingStats(),
                    chunk.entries(), chunk.uncompressedBytes(), chunk.compressedBytes(), chunk.statistics(),
                    chunk.columnIndex(), chunk.bloomFilter(), chunk.sizeStatistics(), null);
            this.start = start;
            this.dataStart = dataStart;
            this.dictionaryOffset = dictionaryOffset;
            this.offsetIndex = offsetIndex;
        }

        ColumnChunkWriter.Chunk chunk() {
            return chunk;
        }

        OffsetIndex offsetIndex() {
            return offsetIndex;
        }

        ColumnChunk toColumnChunk(int codecCode) {
            ColumnMetaData meta = new ColumnMetaData(leaf.physicalType(), chunk.encodings(), leaf.pathInSchema(),
                    codecCode, chunk.entries(), chunk.uncompressedBytes(), chunk.compressedBytes(), null, dataStart,
                    null, dictionaryOffset, chunk.statistics(), chunk.encodingStats(), bloomOffset, bloomLength,
                    chunk.sizeStatistics());
            return new ColumnChunk(null, start, meta, offsetIndexOffset, offsetIndexLength, columnIndexOffset,
                    columnIndexLength, false);
        }
    }
}
