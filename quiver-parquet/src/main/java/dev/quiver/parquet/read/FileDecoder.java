// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.ColumnChunk;
import dev.quiver.parquet.format.ColumnMetaData;
import dev.quiver.parquet.format.FileMetaData;
import dev.quiver.parquet.format.RowGroup;
import dev.quiver.parquet.thrift.ThriftReader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * An opened Parquet file: its footer checked and parsed, its schema mapped; makes the tasks that decode
 * the columns of a row group.
 */
public final class FileDecoder {
    private static final int MAGIC = 0x31524150; // "PAR1" little-endian
    private static final int ENCRYPTED_MAGIC = 0x45524150; // "PARE"

    private final FileInput input;
    private final FileMetaData metadata;
    private final FileSchema schema;
    /** The leaves' dotted paths, made once (a filter looks its columns up per row group). */
    private final List<String> leafPaths;

    private FileDecoder(FileInput input, FileMetaData metadata, FileSchema schema) {
        this.input = input;
        this.metadata = metadata;
        this.schema = schema;
        List<String> paths = new ArrayList<>(schema.leaves().size());
        for (LeafColumn leaf : schema.leaves()) {
            paths.add(leaf.dottedPath());
        }
        this.leafPaths = List.copyOf(paths);
    }

    /**
     * Reads and checks the footer.
     *
     * @param input the file
     * @param allocator the allocator of the footer's bytes (when read from a channel)
     * @return the opened file
     * @throws ParquetException if the file is not a readable Parquet file
     */
    public static FileDecoder open(FileInput input, BufferAllocator allocator) {
        String name = input.name();
        FileMetaData meta = footer(input, allocator, true);
        for (int g = 0; g < meta.rowGroups().size(); g++) {
            RowGroup rg = meta.rowGroups().get(g);
            if (rg.numRows() < 0 || rg.numRows() > Integer.MAX_VALUE) {
                throw new ParquetException(name + ": row group " + g + " declares " + rg.numRows() + " rows");
            }
            for (ColumnChunk c : rg.columns()) {
                if (c.encrypted()) {
                    throw new ParquetException(name + ": encrypted files are not supported (row group " + g
                            + " has encrypted columns)");
                }
            }
        }
        FileSchema schema;
        try {
            schema = FileSchema.of(meta);
        } catch (ParquetException e) {
            throw new ParquetException(name + ": " + e.getMessage(), e);
        }
        for (int g = 0; g < meta.rowGroups().size(); g++) {
            if (meta.rowGroups().get(g).columns().size() != schema.leaves().size()) {
                throw new ParquetException(name + ": row group " + g + " has " + meta.rowGroups().get(g).columns().size()
                        + " column chunks for " + schema.leaves().size() + " leaf columns");
            }
        }
        return new FileDecoder(input, meta, schema);
    }

    /**
     * Reads the Arrow schema of a file from its footer, its row groups skipped over without being parsed.
     *
     * @param input the file
     * @param allocator the allocator of the footer's bytes (when read from a channel)
     * @return the file's schema, as {@link #schema()} of the opened file gives it
     * @throws ParquetException if the file is not a readable Parquet file
     */
    public static Schema schemaOf(FileInput input, BufferAllocator allocator) {
        FileMetaData meta = footer(input, allocator, false);
        try {
            return FileSchema.of(meta).schema();
        } catch (ParquetException e) {
            throw new ParquetException(input.name() + ": " + e.getMessage(), e);
        }
    }

    /** The footer, checked for its magic, length and encryption; with its row groups parsed or skipped. */
    private static FileMetaData footer(FileInput input, BufferAllocator allocator, boolean rowGroups) {
        String name = input.name();
        long size = input.size();
        if (size < 12) {
            throw new ParquetException(name + ": " + size + " bytes is too small for a Parquet file (at least 12)");
        }
        ArrowBuffer tail = input.read(size - 8, 8, allocator, "the footer's length and magic");
        int footerLength = tail.getInt(0);
        int tailMagic = tail.getInt(4);
        allocator.release(tail);
        if (tailMagic == ENCRYPTED_MAGIC) {
            throw new ParquetException(name + ": encrypted files are not supported (the footer is encrypted, magic PARE)");
        }
        ArrowBuffer head = input.read(0, 4, allocator, "the leading magic");
        int headMagic = head.getInt(0);
        allocator.release(head);
        if (tailMagic != MAGIC || headMagic != MAGIC) {
            throw new ParquetException(name + ": not a Parquet file (no PAR1 magic at its " + (headMagic != MAGIC ? "start"
                    : "end") + ")");
        }
        if (footerLength <= 0 || footerLength > size - 12) {
            throw new ParquetException(name + ": footer length " + footerLength + " does not fit a file of " + size + " bytes");
        }
        ArrowBuffer footer = input.read(size - 8 - footerLength, footerLength, allocator, "the footer");
        FileMetaData meta;
        try {
            // parsed from a heap copy: a footer's many small fields read faster from an array than from native memory
            ThriftReader in = new ThriftReader(footer.segment().asSlice(0, footerLength).toArray(ValueLayout.JAVA_BYTE),
                    name + ": footer");
            meta = rowGroups ? FileMetaData.read(in) : FileMetaData.readWithoutRowGroups(in);
        } finally {
            allocator.release(footer);
        }
        if (meta.encrypted()) {
            throw new ParquetException(name + ": encrypted files are not supported (plaintext footer with encrypted columns)");
        }
        return meta;
    }

    /**
     * A decoder of another input holding the same file, sharing this one's parsed footer and schema (the
     * footer parsed once, as a dataset parses each file's footer when a scan first opens it and reuses it after).
     *
     * @param other the same file's bytes, opened again; its size must be this file's size
     * @return the decoder
     * @throws ParquetException if the sizes differ (the file changed)
     */
    public FileDecoder reopen(FileInput other) {
        if (other.size() != input.size()) {
            throw new ParquetException(other.name() + ": " + other.size() + " bytes, but its footer was read when it had "
                    + input.size() + " (the file changed)");
        }
        return new FileDecoder(other, metadata, schema);
    }

    /**
     * The footer.
     *
     * @return the file's metadata
     */
    public FileMetaData metadata() {
        return metadata;
    }

    /**
     * The Arrow schema of the whole file.
     *
     * @return the schema
     */
    public Schema schema() {
        return schema.schema();
    }

    /**
     * The input.
     *
     * @return the file's bytes
     */
    public FileInput input() {
        return input;
    }

    /**
     * The dotted paths of the leaf columns, in order.
     *
     * @return one path per leaf, unmodifiable
     */
    public List<String> leafPaths() {
        return leafPaths;
    }

    /**
     * The schema element of a leaf column.
     *
     * @param path the leaf's dotted path
     * @return its element
     * @throws ParquetException if there is no such leaf
     */
    public dev.quiver.parquet.format.SchemaElement leafElement(String path) {
        int index = leafPaths.indexOf(path);
        if (index >= 0) {
            return schema.leaves().get(index).element();
        }
        throw new ParquetException(input.name() + ": no leaf column " + path);
    }

    /**
     * The column index of a column chunk, or null when it has none.
     *
     * @param rowGroup the row group
     * @param leaf the leaf column's index
     * @param limits the allocator of the index's bytes
     * @return the index, or null
     * @throws ParquetException if the index cannot be read
     */
    public dev.quiver.parquet.format.ColumnIndex columnIndex(int rowGroup, int leaf, ReadLimits limits) {
        ColumnChunk chunk = metadata.rowGroups().get(rowGroup).columns().get(leaf);
        if (chunk.columnIndexOffset() == null || chunk.columnIndexLength() == null) {
            return null;
        }
        String what = "column index of " + schema.leaves().get(leaf).dottedPath() + " in row group " + rowGroup;
        ArrowBuffer bytes = input.read(chunk.columnIndexOffset(), chunk.columnIndexLength(), limits.allocator(), what);
        try {
            return dev.quiver.parquet.format.ColumnIndex.read(new ThriftReader(bytes.segment(), 0, bytes.byteSize(),
                    input.name() + ": " + what));
        } finally {
            limits.allocator().release(bytes);
        }
    }

    /**
     * The pages of a column chunk by its offset index, checked, or null when it has none.
     *
     * @param rowGroup the row group
     * @param leaf the leaf column's index
     * @param limits the allocator of the index's bytes
     * @return the pages, or null
     * @throws ParquetException if the index cannot be read or is malformed
     */
    public List<dev.quiver.parquet.format.PageLocation> pageLocations(int rowGroup, int leaf, ReadLimits limits) {
        LeafColumn column = schema.leaves().get(leaf);
        return PageSelection.offsetIndex(this, metadata.rowGroups().get(rowGroup), rowGroup, column, limits,
                input.name() + ": row group " + rowGroup + ", column " + column.dottedPath());
    }

    /**
     * A plan to read some columns.
     *
     * @param columns dotted field paths; empty for all
     * @param dictionaryColumns leaf paths to read as dictionary arrays
     * @return the plan
     * @throws ParquetException if a path names no field, or a dictionary column no leaf that can be one
     */
    public Plan plan(List<String> columns, List<String> dictionaryColumns) {
        List<ArrowNode> nodes = columns.isEmpty() ? schema.nodes() : Projection.select(schema.nodes(), columns);
        if (!dictionaryColumns.isEmpty()) {
            Set<String> wanted = new java.util.HashSet<>(dictionaryColumns);
            List<ArrowNode> asDictionary = new ArrayList<>();
            for (ArrowNode n : nodes) {
                asDictionary.add(DictionaryRequest.apply(n, wanted));
            }
            nodes = asDictionary;
            if (!wanted.isEmpty()) {
                throw new ParquetException(input.name() + ": no leaf column that can be read as a dictionary at "
                        + wanted + " (leaf columns: " + leafPaths() + ")");
            }
        }
        List<Field> fields = new ArrayList<>();
        Map<Integer, Conversion> conversions = new HashMap<>();
        for (ArrowNode n : nodes) {
            fields.add(n.field());
            collectConversions(n, conversions);
        }
        return new Plan(nodes, new Schema(fields, schema.schema().metadata(), schema.schema().endianness()), conversions);
    }

    private static void collectConversions(ArrowNode node, Map<Integer, Conversion> into) {
        if (node.kind() == ArrowNode.Kind.LEAF) {
            Conversion c = Conversion.of(node.leaf(), node.field().type());
            if (c == null) {
                throw new ParquetException("column " + node.leaf().dottedPath() + " cannot be read as "
                        + node.field().type());
            }
            into.put(node.leaf().index(), c);
        }
        for (ArrowNode child : node.children()) {
            collectConversions(child, into);
        }
    }

    /** The columns to read and how. */
    public final class Plan {
        private final List<ArrowNode> nodes;
        private final Schema planSchema;
        private final Map<Integer, Conversion> conversions;

        private Plan(List<ArrowNode> nodes, Schema planSchema, Map<Integer, Conversion> conversions) {
            this.nodes = nodes;
            this.planSchema = planSchema;
            this.conversions = conversions;
        }

        /**
         * The schema of the batches.
         *
         * @return the schema
         */
        public Schema schema() {
            return planSchema;
        }

        /**
         * The indices of the leaf columns the plan reads.
         *
         * @return the leaf indices, in order
         */
        public Set<Integer> leaves() {
            Set<Integer> result = new LinkedHashSet<>();
            for (ArrowNode n : nodes) {
                collectLeaves(n, result);
            }
            return result;
        }

        private void collectLeaves(ArrowNode n, Set<Integer> into) {
            if (n.kind() == ArrowNode.Kind.LEAF) {
                into.add(n.leaf().index());
            }
            for (ArrowNode c : n.children()) {
                collectLeaves(c, into);
            }
        }

        /**
         * One task per top-level field of a row group, each giving the field's data for each range of rows.
         *
         * @param rowGroup the row group's index
         * @param limits what decoding may use
         * @param ranges the rows to give, each {first, end} within the group, ascending and disjoint
         * @return the tasks, in the schema's order, each giving one array per range
         */
        public List<Callable<List<ArrayData>>> tasks(int rowGroup, ReadLimits limits, List<long[]> ranges) {
            RowGroup rg = metadata.rowGroups().get(rowGroup);
            List<Callable<List<ArrayData>>> tasks = new ArrayList<>();
            for (ArrowNode node : nodes) {
                tasks.add(() -> {
                    List<ArrayData> out = new ArrayList<>(ranges.size());
                    if (ranges.size() == 1 && ranges.get(0)[0] == 0 && ranges.get(0)[1] == rg.numRows()) {
                        out.add(decodeField(node, rg, rowGroup, limits));
                        return out;
                    }
                    ArrayData whole = null;
                    for (long[] range : ranges) {
                        ArrayData pages = whole != null ? null : PageSelection.decodeRows(FileDecoder.this, node, rg,
                                rowGroup, limits, conversions, range[0], range[1]);
                        if (pages == null) {
                            if (whole == null) {
                                whole = decodeField(node, rg, rowGroup, limits);
                            }
                            pages = whole.slice(range[0], range[1] - range[0]);
                        }
                        out.add(pages);
                    }
                    return out;
                });
            }
            return tasks;
        }

        private ArrayData decodeField(ArrowNode node, RowGroup rg, int rowGroup, ReadLimits limits) {
            String where = input.name() + ": row group " + rowGroup;
            Set<Integer> leafIndices = new LinkedHashSet<>();
            collectLeaves(node, leafIndices);
            Map<Integer, LeafChunk> chunks = new HashMap<>();
            try {
                for (int leafIndex : leafIndices) {
                    chunks.put(leafIndex, decodeChunk(schema.leaves().get(leafIndex), rg, rowGroup, limits, conversions));
                }
                ArrayData data = new Assembler(chunks, conversions, limits.allocator(), where).build(node);
                if (data.length() != rg.numRows()) {
                    throw new ParquetException(where + ": column " + node.field().name() + " has " + data.length()
                            + " rows where the row group declares " + rg.numRows());
                }
                try {
                    data.validate(limits.validation());
                } catch (QuiverException e) {
                    throw new ParquetException(where + ", column " + node.field().name()
                            + ": the data read is not valid Arrow: " + e.getMessage(), e);
                }
                return data;
            } catch (ParquetException e) {
                throw e;
            } catch (QuiverException e) {
                throw new ParquetException(where + ", column " + node.field().name() + ": " + e.getMessage(), e);
            } finally {
                for (LeafChunk c : chunks.values()) {
                    c.release();
                }
            }
        }
    }

    LeafChunk decodeChunk(LeafColumn leaf, RowGroup rg, int rowGroup, ReadLimits limits,
            Map<Integer, Conversion> conversions) {
        String where = input.name() + ": row group " + rowGroup + ", column " + leaf.dottedPath();
        ColumnChunk chunk = rg.columns().get(leaf.index());
        ColumnMetaData meta = chunk.metaData();
        if (meta == null) {
            throw new ParquetException(where + ": the column chunk has no metadata");
        }
        if (chunk.filePath() != null) {
            throw new ParquetException(where + ": column chunks in other files (" + new String(chunk.filePath()
                    .getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8) + ") are not supported");
        }
        long start = meta.dataPageOffset();
        if (meta.dictionaryPageOffset() != null && meta.dictionaryPageOffset() > 0 && meta.dictionaryPageOffset() < start) {
            start = meta.dictionaryPageOffset();
        }
        long length = meta.totalCompressedSize();
        if (WriterQuirks.dictionaryHeaderUncounted(metadata.createdBy()) && start >= 0 && length >= 0
                && start <= input.size() - length) {
            length += Math.min(WriterQuirks.MAX_DICTIONARY_HEADER_SIZE, input.size() - (start + length));
        }
        String what = "column chunk of " + leaf.dottedPath() + " in row group " + rowGroup;
        boolean borrowed = !input.inMemory();
        ArrowBuffer bytes = borrowed ? null : input.read(start, length, limits.allocator(), what);
        MemorySegment segment;
        if (borrowed) {
            if (start < 0 || length < 0 || start > input.size() || length > input.size() - start) {
                throw new ParquetException(input.name() + ": " + what + " (" + length + " bytes at offset " + start
                        + ") lies outside the file of " + input.size() + " bytes");
            }
            bytes = limits.scratch().take(length);
            segment = bytes.segment().asSlice(0, length);
        } else {
            segment = bytes.segment();
        }
        try {
            if (borrowed) {
                input.readInto(start, segment, what);
            }
            Conversion conversion = conversions.get(leaf.index());
            boolean keepDictionary = conversion != null && conversion.kind() == Conversion.Kind.DICTIONARY;
            boolean handedOver = conversion == null || conversion.kind() == Conversion.Kind.COPY;
            return new ChunkDecoder(leaf, meta, limits, where, keepDictionary, handedOver).decode(segment, meta.numValues(), rg.numRows(),
                    meta.totalUncompressedSize());
        } finally {
            if (borrowed) {
                limits.scratch().give(bytes);
            } else {
                limits.allocator().release(bytes);
            }
        }
    }
}
