// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.BufferKind;
import dev.quiver.core.type.BufferSpec;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Layout;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.flatbuf.MetadataVersion;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Rebuilds array data from a RecordBatch header and its body, walking the schema's fields in pre-order
 * as the writer flattened them. Every node, buffer range and count is checked against the header and the
 * body before use; buffers are zero-copy slices of the body unless they are compressed, big-endian or
 * misaligned. The result is validated to the options' {@link IpcReadOptions#validation() level}.
 */
final class RecordBatchLoader {
    private final IpcReadOptions options;
    private final boolean bigEndian;
    private final short version;

    RecordBatchLoader(IpcReadOptions options, boolean bigEndian, short version) {
        this.options = options;
        this.bigEndian = bigEndian;
        this.version = version;
    }

    /** The state of one load: the header, the body, and cursors into nodes, buffers and variadic counts. */
    private final class Load {
        final Header.Batch batch;
        final ArrowBuffer body;
        final CompressionCodec codec;
        final LongFunction<ArrayData> dictionaries;
        final String where;
        int node;
        int buffer;
        int variadic;
        /** What the buffers of this batch may still take once decompressed. */
        long decompressible = options.maxDecompressedBytes();

        Load(Header.Batch batch, ArrowBuffer body, LongFunction<ArrayData> dictionaries, String where) {
            this.batch = batch;
            this.body = body;
            this.dictionaries = dictionaries;
            this.where = where;
            if (batch.compression() == null) {
                this.codec = null;
            } else {
                this.codec = options.codecs().get(batch.compression());
                if (codec == null) {
                    throw new IpcException(where + ": no codec for " + batch.compression());
                }
            }
        }

        ArrayData field(Field field, String path, int depth) {
            if (depth > IpcLimits.MAX_NESTING_DEPTH) {
                throw new IpcException(where + ", field " + path + ": nested too deep");
            }
            if (node >= batch.nodeCount()) {
                throw new IpcException(where + ": the schema needs more field nodes than the "
                        + batch.nodeCount() + " given (at field " + path + ")");
            }
            long length = batch.nodes()[2 * node];
            long nulls = batch.nodes()[2 * node + 1];
            String at = where + ", field " + path + " (" + field.type() + ", node " + node + ")";
            node++;
            if (length < 0 || nulls < 0 || nulls > length) {
                throw new IpcException(at + ": invalid length " + length + " and null count " + nulls);
            }
            ArrowType type = field.type();
            ArrowType storage = Types.storage(type);
            Layout layout = type.layout();
            if (storage instanceof ArrowType.Union && version < MetadataVersion.V5) {
                nextBuffer(at, "validity (pre-V5 union)", BufferBounds.bytes(length, 1));
            }
            List<ArrowBuffer> buffers = new ArrayList<>();
            boolean hasValidity = false;
            ArrowBuffer offsets = null;
            int offsetWidth = 0;
            for (BufferSpec spec : layout.buffers()) {
                // Decompressed data is bounded by the offsets decompressed before it.
                long need = codec == null ? 0 : spec.kind() == BufferKind.DATA
                        ? BufferBounds.data(offsets, offsetWidth, length, at) : BufferBounds.fixed(spec, length);
                ArrowBuffer b = nextBuffer(at, spec.kind().name().toLowerCase(java.util.Locale.ROOT), need);
                if (spec.kind() == BufferKind.OFFSETS) {
                    offsets = b;
                    offsetWidth = spec.bitWidth();
                }
                if (spec.kind() == BufferKind.VALIDITY) {
                    if (b.byteSize() == 0) {
                        b = null;
                    } else {
                        hasValidity = true;
                    }
                }
                buffers.add(b);
            }
            if (layout.variadicDataBuffers()) {
                if (variadic >= batch.variadicCounts().length) {
                    throw new IpcException(at + ": no variadic buffer count for this field");
                }
                long count = batch.variadicCounts()[variadic++];
                if (count < 0 || count > batch.bufferCount() - buffer) {
                    throw new IpcException(at + ": variadic buffer count " + count + " exceeds the buffers left");
                }
                for (long i = 0; i < count; i++) {
                    // Views may leave bytes of their buffers unused: only the batch's limit bounds these.
                    buffers.add(nextBuffer(at, "variadic data " + i, Long.MAX_VALUE));
                }
            }
            long nullCount;
            if (storage instanceof ArrowType.Null) {
                nullCount = length;
            } else if (hasValidity) {
                nullCount = ArrayData.UNKNOWN_NULL_COUNT;
            } else if (nulls != 0 && layout.hasValidity()) {
                throw new IpcException(at + ": " + nulls + " nulls but no validity buffer");
            } else {
                nullCount = 0;
            }
            List<ArrayData> children = new ArrayList<>();
            ArrayData dictionary = null;
            if (storage instanceof ArrowType.Dictionary d) {
                long id = field.dictionaryId() == null ? -1 : field.dictionaryId();
                dictionary = dictionaries.apply(id);
                if (dictionary == null) {
                    if (nulls != length) {
                        throw new IpcException(at + ": dictionary " + id + " is used before it is defined");
                    }
                    dictionary = EmptyArrays.of(d.valueType());
                }
            } else {
                List<Field> childFields = storage.children();
                for (Field child : childFields) {
                    children.add(field(child, path + "." + child.name(), depth + 1));
                }
            }
            try {
                return new ArrayData(type, length, 0, nullCount, buffers, children, dictionary);
            } catch (QuiverException e) {
                throw new IpcException(at + ": " + e.getMessage(), e);
            }
        }

        /** The next buffer of the body; {@code need} is what it needs, when compressed, decompressed. */
        ArrowBuffer nextBuffer(String at, String what, long need) {
            if (buffer >= batch.bufferCount()) {
                throw new IpcException(at + ": the schema needs more buffers than the " + batch.bufferCount()
                        + " given (" + what + ")");
            }
            long offset = batch.buffers()[2 * buffer];
            long length = batch.buffers()[2 * buffer + 1];
            String name = at + ", buffer " + buffer + " (" + what + ")";
            buffer++;
            long size = body.byteSize();
            if (offset < 0 || length < 0 || offset > size || length > size - offset) {
                throw new IpcException(name + ": range [" + offset + ", +" + length + ") lies outside the body of "
                        + size + " bytes");
            }
            ArrowBuffer b = body.slice(offset, length);
            if (codec != null) {
                ArrowBuffer out = BodyCompression.decompress(b, codec, options.allocator(), name,
                        new BodyCompression.Limit(need, decompressible));
                decompressible -= out.byteSize();
                return out;
            }
            MemorySegment s = b.segment();
            if (s.isNative() && (s.address() & 7) != 0) {
                ArrowBuffer copy = options.allocator().allocate(length);
                copy.copyFrom(b, 0, 0, length);
                return copy;
            }
            return b;
        }
    }

    /** Loads the columns of {@code fields} from a batch; {@code dictionaries} gives a dictionary by id. */
    List<ArrayData> load(List<Field> fields, Header.Batch batch, ArrowBuffer body,
            LongFunction<ArrayData> dictionaries, String where) {
        if (batch.length() < 0) {
            throw new IpcException(where + ": negative row count " + batch.length());
        }
        Load load = new Load(batch, body, dictionaries, where);
        List<ArrayData> columns = new ArrayList<>();
        try {
            for (Field field : fields) {
                ArrayData column = load.field(field, field.name(), 0);
                if (column.length() != batch.length()) {
                    throw new IpcException(where + ", field " + field.name() + ": " + column.length()
                            + " rows where the batch has " + batch.length());
                }
                columns.add(column);
            }
        } catch (IpcException e) {
            throw e;
        } catch (QuiverException e) {
            throw new IpcException(where + ": " + e.getMessage(), e);
        }
        if (load.node != batch.nodeCount() || load.buffer != batch.bufferCount()
                || load.variadic != batch.variadicCounts().length) {
            throw new IpcException(where + ": the batch has " + batch.nodeCount() + " field nodes, "
                    + batch.bufferCount() + " buffers and " + batch.variadicCounts().length
                    + " variadic counts where the schema needs " + load.node + ", " + load.buffer + " and "
                    + load.variadic);
        }
        List<ArrayData> out = new ArrayList<>();
        ByteSwapper swapper = bigEndian ? new ByteSwapper(options.allocator(), true) : null;
        for (int i = 0; i < columns.size(); i++) {
            ArrayData column = columns.get(i);
            try {
                if (swapper != null) {
                    column = swapper.swap(column);
                }
                validate(column);
            } catch (IpcException e) {
                throw e;
            } catch (QuiverException | IndexOutOfBoundsException e) {
                throw new IpcException(where + ", field " + fields.get(i).name() + ": invalid data: "
                        + e.getMessage(), e);
            }
            out.add(column);
        }
        return out;
    }

    /**
     * Validates a column to the options' level; its dictionaries were validated when they arrived, so
     * full validation checks only their indices.
     */
    private void validate(ArrayData column) {
        switch (options.validation()) {
            case NONE -> { }
            case STRUCTURE -> column.validate(ValidationLevel.STRUCTURE);
            case FULL -> {
                column.validate(ValidationLevel.STRUCTURE);
                Array.ofUnchecked(column).validateFullTrustingDictionaries();
            }
        }
    }
}
