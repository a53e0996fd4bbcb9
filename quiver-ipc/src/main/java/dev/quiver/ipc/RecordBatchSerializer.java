// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Endianness;
import dev.quiver.core.type.Layout;
import dev.quiver.core.type.Types;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.LongFunction;

/**
 * Serializes columns into a RecordBatch header and body: each column compacted, then field nodes and
 * buffers flattened in pre-order depth-first, with a variadic buffer count for every view-typed node;
 * buffers optionally compressed, laid out at aligned offsets, sizes recorded without padding.
 */
final class RecordBatchSerializer {
    /** The flattened form: (length, null count) per node, the buffers (null: empty), variadic counts. */
    record Flattened(long[] nodes, List<ArrowBuffer> buffers, long[] variadicCounts) {
    }

    /** A serialized batch: its header and its body. */
    record Serialized(Header.Batch header, MessageBody body) {
    }

    private final IpcWriteOptions options;
    private final ArrayCompactor compactor;
    private final CompressionSlots slots;

    RecordBatchSerializer(IpcWriteOptions options) {
        this(options, null);
    }

    /**
     * A serializer compressing into {@code slots} (reused: for a writer that writes each body before the
     * next serialization), or into memory of the options' allocator when null.
     */
    RecordBatchSerializer(IpcWriteOptions options, CompressionSlots slots) {
        this.options = options;
        this.compactor = new ArrayCompactor(options.allocator());
        this.slots = slots;
    }

    Serialized serialize(long length, List<ArrayData> columns) throws IOException {
        Flattened flat = flatten(columns);
        int count = flat.buffers().size();
        long[] buffers = new long[2 * count];
        List<MemorySegment> parts = options.codec() != null ? compressed(flat.buffers()) : new ArrayList<>(count);
        long[] offsets = new long[count];
        long cursor = 0;
        for (int i = 0; i < count; i++) {
            if (options.codec() == null) {
                ArrowBuffer buffer = flat.buffers().get(i);
                parts.add(buffer == null ? MemorySegment.NULL : buffer.segment());
            }
            MemorySegment bytes = parts.get(i);
            offsets[i] = cursor;
            buffers[2 * i] = cursor;
            buffers[2 * i + 1] = bytes.byteSize();
            cursor += bytes.byteSize();
            cursor += ByteOutput.padding(cursor, options.alignment());
        }
        Header.Batch header = new Header.Batch(length, flat.nodes(), buffers, flat.variadicCounts(),
                options.codec() == null ? null : options.codec().type());
        return new Serialized(header, new MessageBody(parts, offsets, cursor));
    }

    /**
     * The buffers compressed, each on its own, on up to the options' number of threads, in order; on the
     * caller's thread alone when a buffer lives in a confined arena, which other threads cannot read.
     */
    private List<MemorySegment> compressed(List<ArrowBuffer> buffers) throws IOException {
        List<Callable<MemorySegment>> work = new ArrayList<>(buffers.size());
        int threads = IpcThreads.resolve(options.threads());
        for (int i = 0; i < buffers.size(); i++) {
            ArrowBuffer buffer = buffers.get(i);
            int index = i;
            LongFunction<MemorySegment> target = slots == null ? null : bytes -> slots.slot(index, bytes);
            work.add(() -> BodyCompression.compress(buffer, options.codec(), options.allocator(), target));
            if (buffer != null && !IpcThreads.readableByOtherThreads(buffer.segment())) {
                threads = 1;
            }
        }
        return new ArrayList<>(IpcThreads.map(work, threads));
    }

    /** Compacts the columns (and byte-swaps them for big-endian output), then flattens them. */
    Flattened flatten(List<ArrayData> columns) {
        LongList nodes = new LongList();
        LongList variadic = new LongList();
        List<ArrowBuffer> buffers = new ArrayList<>();
        ByteSwapper swapper = options.byteOrder() == Endianness.BIG
                ? new ByteSwapper(options.allocator(), false) : null;
        for (ArrayData column : columns) {
            ArrayData compact = compactor.compact(column);
            visit(swapper == null ? compact : swapper.swap(compact), nodes, buffers, variadic);
        }
        return new Flattened(nodes.toArray(), buffers, variadic.toArray());
    }

    private static void visit(ArrayData d, LongList nodes, List<ArrowBuffer> buffers, LongList variadic) {
        nodes.add(d.length());
        nodes.add(d.nullCount());
        Layout layout = d.type().layout();
        for (int i = 0; i < layout.bufferCount(); i++) {
            buffers.add(d.buffer(i));
        }
        if (layout.variadicDataBuffers()) {
            variadic.add(d.bufferCount() - layout.bufferCount());
            for (int i = layout.bufferCount(); i < d.bufferCount(); i++) {
                buffers.add(d.buffer(i));
            }
        }
        if (Types.storage(d.type()) instanceof ArrowType.Dictionary) {
            return;
        }
        for (ArrayData child : d.children()) {
            visit(child, nodes, buffers, variadic);
        }
    }

    /** A growable list of longs. */
    static final class LongList {
        private long[] values = new long[16];
        private int size;

        void add(long v) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        long[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }
}
