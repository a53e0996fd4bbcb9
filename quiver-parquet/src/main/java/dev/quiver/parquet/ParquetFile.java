// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.format.FileMetaData;
import dev.quiver.parquet.format.KeyValue;
import dev.quiver.parquet.format.RowGroup;
import dev.quiver.parquet.read.FileDecoder;
import dev.quiver.parquet.read.FileInput;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An open Parquet file: its metadata (row groups, column chunks, encodings, sizes, statistics, key-value
 * metadata), the Arrow schema it reads as, and readers of its record batches.
 *
 * <pre>{@code
 * try (ParquetFile file = ParquetFile.open(path);
 *         ParquetReader reader = file.reader()) {
 *     for (RecordBatch batch : reader) { ... }
 * }
 * }</pre>
 *
 * <p>A file opened from a path is read at positions as its column chunks are decoded, so memory follows
 * the row groups being read, not the file's size. Readers of one file may run at the same time.
 */
public final class ParquetFile implements AutoCloseable {
    private final FileDecoder decoder;

    private ParquetFile(FileDecoder decoder) {
        this.decoder = decoder;
    }

    /**
     * Opens a file.
     *
     * @param path the file
     * @return the open file, to be closed
     * @throws ParquetException if the file cannot be opened or is not a readable Parquet file
     */
    public static ParquetFile open(Path path) {
        FileInput input = input(path);
        try {
            return new ParquetFile(FileDecoder.open(input, BufferAllocator.managed()));
        } catch (RuntimeException e) {
            input.close();
            throw e;
        }
    }

    /**
     * Opens a file again, reusing the footer and schema parsed when {@code opened} was opened (it may be closed
     * since): a reader that opens the same files several times parses each footer once. The file must not have
     * changed in between; a file of another size is refused.
     *
     * @param path the file {@code opened} was opened from
     * @param opened the same file opened before
     * @return the open file, to be closed
     * @throws ParquetException if the file cannot be opened or its size is not the size it had
     */
    public static ParquetFile reopen(Path path, ParquetFile opened) {
        FileInput input = input(path);
        try {
            return new ParquetFile(opened.decoder.reopen(input));
        } catch (RuntimeException e) {
            input.close();
            throw e;
        }
    }

    /**
     * Reads a file's Arrow schema from its footer alone, the row groups skipped over without being parsed:
     * cheaper than {@link #open} then {@link #schema()} for a file of many row groups (a dataset reading its
     * files' schemas).
     *
     * @param path the file
     * @return the schema {@link #schema()} gives
     * @throws ParquetException if the file cannot be opened or is not a readable Parquet file
     */
    public static Schema readSchema(Path path) {
        try (FileInput input = input(path)) {
            return FileDecoder.schemaOf(input, BufferAllocator.managed());
        }
    }

    private static FileInput input(Path path) {
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new ParquetException(path + ": cannot open: " + e.getMessage(), e);
        }
        return FileInput.of(channel, path.toString());
    }

    /**
     * Opens a file held in memory; column chunks are read from it without copying.
     *
     * @param bytes the whole file; it must stay accessible while the file and its batches are used, from the
     *     decoding threads too (memory of a shared or global arena, or the heap) unless a reader uses one thread
     * @param name a name for messages
     * @return the open file
     * @throws ParquetException if the bytes are not a readable Parquet file
     */
    public static ParquetFile open(MemorySegment bytes, String name) {
        return new ParquetFile(FileDecoder.open(FileInput.of(bytes, name), BufferAllocator.managed()));
    }

    /**
     * The footer: schema, row groups, column chunks and their metadata.
     *
     * @return the file's metadata
     */
    public FileMetaData metadata() {
        return decoder.metadata();
    }

    /**
     * The Arrow schema of the whole file: the stored {@code ARROW:schema} where present and readable,
     * else the types mapped from the Parquet schema (see docs/parquet.md).
     *
     * @return the schema
     */
    public Schema schema() {
        return decoder.schema();
    }

    /**
     * The key-value metadata of the footer.
     *
     * @return the pairs in order (keys without a value map to an empty string)
     */
    public Map<String, String> keyValueMetadata() {
        Map<String, String> result = new LinkedHashMap<>();
        List<KeyValue> kv = decoder.metadata().keyValueMetadata();
        if (kv != null) {
            for (KeyValue pair : kv) {
                result.put(pair.key(), pair.value() == null ? "" : pair.value());
            }
        }
        return result;
    }

    /**
     * The number of row groups.
     *
     * @return the count
     */
    public int rowGroupCount() {
        return decoder.metadata().rowGroups().size();
    }

    /**
     * A row group's metadata.
     *
     * @param index the row group's index
     * @return its metadata
     * @throws IndexOutOfBoundsException if there is no such row group
     */
    public RowGroup rowGroup(int index) {
        return decoder.metadata().rowGroups().get(index);
    }

    /**
     * The number of rows.
     *
     * @return the sum of the row groups' rows
     */
    public long rowCount() {
        long rows = 0;
        for (RowGroup g : decoder.metadata().rowGroups()) {
            rows += g.numRows();
        }
        return rows;
    }

    /**
     * The dotted paths of the leaf columns, in the order of their column chunks.
     *
     * @return the paths, unmodifiable
     */
    public List<String> leafColumns() {
        return decoder.leafPaths();
    }

    /**
     * The offset index of a column chunk (where each data page lies and its first row), if written.
     *
     * @param rowGroup the row group's index
     * @param column the leaf column's index
     * @return the index, or empty when the chunk has none
     * @throws ParquetException if the index cannot be read
     */
    public java.util.Optional<dev.quiver.parquet.format.OffsetIndex> offsetIndex(int rowGroup, int column) {
        dev.quiver.parquet.format.ColumnChunk c = rowGroup(rowGroup).columns().get(column);
        if (c.offsetIndexOffset() == null || c.offsetIndexLength() == null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(dev.quiver.parquet.format.OffsetIndex.read(indexReader(c.offsetIndexOffset(),
                c.offsetIndexLength(), "offset index")));
    }

    /**
     * The column index of a column chunk (each data page's bounds and null count), if written.
     *
     * @param rowGroup the row group's index
     * @param column the leaf column's index
     * @return the index, or empty when the chunk has none
     * @throws ParquetException if the index cannot be read
     */
    public java.util.Optional<dev.quiver.parquet.format.ColumnIndex> columnIndex(int rowGroup, int column) {
        dev.quiver.parquet.format.ColumnChunk c = rowGroup(rowGroup).columns().get(column);
        if (c.columnIndexOffset() == null || c.columnIndexLength() == null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(dev.quiver.parquet.format.ColumnIndex.read(indexReader(c.columnIndexOffset(),
                c.columnIndexLength(), "column index")));
    }

    private dev.quiver.parquet.thrift.ThriftReader indexReader(long offset, int length, String what) {
        dev.quiver.core.memory.ArrowBuffer bytes = decoder.input().read(offset, length, BufferAllocator.managed(), what);
        return new dev.quiver.parquet.thrift.ThriftReader(bytes.segment(), 0, bytes.byteSize(), decoder.input().name()
                + ": " + what);
    }

    /**
     * The row groups that may hold a row matching a predicate, by their column statistics (and bloom
     * filters where the reader uses them): the others certainly hold none.
     *
     * @param filter the predicate
     * @return the indices of the row groups to read, in order
     */
    public int[] rowGroupsMatching(ParquetPredicate filter) {
        return RowGroupFilter.keep(decoder, java.util.stream.IntStream.range(0, rowGroupCount()).toArray(), filter);
    }

    /**
     * A reader of all columns and row groups with the default options.
     *
     * @return a reader, to be closed
     */
    public ParquetReader reader() {
        return reader(ParquetReadOptions.DEFAULT);
    }

    /**
     * A reader.
     *
     * @param options what to read and how
     * @return a reader, to be closed (closing it leaves this file open)
     * @throws ParquetException if a column or row group asked for does not exist
     */
    public ParquetReader reader(ParquetReadOptions options) {
        return new ParquetReader(decoder, options, null);
    }

    ParquetReader readerOwning(ParquetReadOptions options) {
        return new ParquetReader(decoder, options, this);
    }

    /** Closes the file (readers still open fail on their next read). */
    @Override
    public void close() {
        decoder.input().close();
    }
}
