// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Precision;
import dev.quiver.ipc.flatbuf.Message;
import dev.quiver.ipc.flatbuf.MessageHeader;
import dev.quiver.ipc.flatbuf.MetadataVersion;
import dev.quiver.ipc.flatbuf.Type;
import dev.quiver.ipc.internal.flatbuffers.FlatBufferBuilder;
import dev.quiver.ipc.internal.flatbuffers.Table;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What the {@code Tensor} and {@code SparseTensor} messages share: the stream framing (continuation
 * marker, metadata length, Message flatbuffer, body), the element type, the shape, and checked buffers.
 */
final class TensorFraming {
    static final int MAX_DIMENSIONS = 1024;
    private static final int CONTINUATION = 0xFFFFFFFF;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** A message read: its metadata, and its body as a slice of the bytes read. */
    record Framed(Message message, MemorySegment body) {
    }

    /** A shape and its dimension names (empty when none is named). */
    record Shape(long[] sizes, List<String> names) {
    }

    private TensorFraming() {
    }

    /**
     * The message at the start of {@code bytes}, checked to be of {@code header} type with its body inside.
     */
    static Framed frame(MemorySegment bytes, byte header, String what) {
        long size = bytes.byteSize();
        if (size < 8) {
            throw new IpcException(what + ": " + size + " bytes cannot hold a message prefix");
        }
        int first = bytes.get(INT, 0);
        long metaStart = first == CONTINUATION ? 8 : 4;
        long metaLength = Integer.toUnsignedLong(first == CONTINUATION ? bytes.get(INT, 4) : first);
        if (metaLength < 8 || metaStart + metaLength > size) {
            throw new IpcException(what + ": metadata length " + metaLength + " does not fit in " + size + " bytes");
        }
        ByteBuffer meta = bytes.asSlice(metaStart, metaLength).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        long bodyStart = metaStart + metaLength;
        Message m = Message.getRootAsMessage(meta);
        if (m.version() < MetadataVersion.V4) {
            throw new IpcException(what + ": metadata version " + m.version() + " is older than V4");
        }
        if (m.headerType() != header) {
            throw new IpcException(what + ": the header is of type " + m.headerType() + ", not "
                    + MessageHeader.name(header));
        }
        long bodyLength = m.bodyLength();
        if (bodyLength < 0 || bodyLength > size - bodyStart) {
            throw new IpcException(what + ": body of " + bodyLength + " bytes runs past the " + (size - bodyStart)
                    + " bytes after the metadata");
        }
        return new Framed(m, bytes.asSlice(bodyStart, bodyLength));
    }

    /** A buffer of the body, checked to lie inside it. */
    static MemorySegment buffer(MemorySegment body, dev.quiver.ipc.flatbuf.Buffer buffer, String what) {
        if (buffer == null) {
            throw new IpcException(what + " is missing");
        }
        return buffer(body, buffer.offset(), buffer.length(), what);
    }

    /** The bytes {@code [offset, offset + length)} of the body, checked to lie inside it. */
    static MemorySegment buffer(MemorySegment body, long offset, long length, String what) {
        long size = body.byteSize();
        if (offset < 0 || length < 0 || offset > size || length > size - offset) {
            throw new IpcException(what + " [" + offset + ", +" + length + ") is not inside the body of " + size
                    + " bytes");
        }
        return body.asSlice(offset, length);
    }

    /** The shape of a {@code [TensorDim]} vector, its length checked. */
    static Shape shape(int ndim, java.util.function.IntFunction<dev.quiver.ipc.flatbuf.TensorDim> dims,
            String what) {
        if (ndim < 0 || ndim > MAX_DIMENSIONS) {
            throw new IpcException(what + ": " + ndim + " dimensions, more than " + MAX_DIMENSIONS);
        }
        long[] sizes = new long[ndim];
        List<String> names = new ArrayList<>(ndim);
        boolean named = false;
        for (int d = 0; d < ndim; d++) {
            dev.quiver.ipc.flatbuf.TensorDim dim = dims.apply(d);
            sizes[d] = dim.size();
            String name = dim.name();
            named |= name != null && !name.isEmpty();
            names.add(name == null ? "" : name);
        }
        return new Shape(sizes, named ? names : List.of());
    }

    /** The element type of a {@code Type} union: an integer or floating-point type. */
    static ArrowType elementType(byte typeType, UnaryOperator<Table> union, String what) {
        switch (typeType) {
            case Type.Int -> {
                return intType((dev.quiver.ipc.flatbuf.Int) union.apply(new dev.quiver.ipc.flatbuf.Int()), what);
            }
            case Type.FloatingPoint -> {
                dev.quiver.ipc.flatbuf.FloatingPoint f = (dev.quiver.ipc.flatbuf.FloatingPoint) union.apply(
                        new dev.quiver.ipc.flatbuf.FloatingPoint());
                return switch (f.precision()) {
                    case dev.quiver.ipc.flatbuf.Precision.HALF -> new ArrowType.FloatingPoint(Precision.HALF);
                    case dev.quiver.ipc.flatbuf.Precision.SINGLE -> ArrowType.FLOAT32;
                    case dev.quiver.ipc.flatbuf.Precision.DOUBLE -> ArrowType.FLOAT64;
                    default -> throw new IpcException(what + ": floating-point precision " + f.precision());
                };
            }
            default -> throw new IpcException(what + ": element type id " + typeType
                    + " is not an integer or floating-point type");
        }
    }

    /** An {@code Int} table as a type, its bit width checked. */
    static ArrowType.Int intType(dev.quiver.ipc.flatbuf.Int i, String what) {
        if (i == null) {
            throw new IpcException(what + ": the integer type is missing");
        }
        int bits = i.bitWidth();
        if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
            throw new IpcException(what + ": integer bit width " + bits);
        }
        return new ArrowType.Int(bits, i.isSigned());
    }

    /** Writes an integer or floating-point type into {@code b}; returns its offset. */
    static int writeType(FlatBufferBuilder b, ArrowType type) {
        return switch (type) {
            case ArrowType.Int t -> dev.quiver.ipc.flatbuf.Int.createInt(b, t.bitWidth(), t.signed());
            case ArrowType.FloatingPoint t -> dev.quiver.ipc.flatbuf.FloatingPoint.createFloatingPoint(b,
                    (short) t.precision().ordinal());
            default -> throw new IllegalStateException("unreachable: " + type);
        };
    }

    /** The {@code Type} union tag of an integer or floating-point type. */
    static byte typeTag(ArrowType type) {
        return type instanceof ArrowType.Int ? Type.Int : Type.FloatingPoint;
    }

    /** Writes the {@code TensorDim} tables of a shape into {@code b}; returns their offsets. */
    static int[] writeDims(FlatBufferBuilder b, long[] shape, List<String> names) {
        int[] dims = new int[shape.length];
        for (int d = 0; d < shape.length; d++) {
            int name = names.isEmpty() ? 0 : b.createString(names.get(d));
            dims[d] = dev.quiver.ipc.flatbuf.TensorDim.createTensorDim(b, shape[d], name);
        }
        return dims;
    }

    /**
     * Finishes a Message of {@code header} in {@code b} and frames it: continuation marker, metadata length
     * (padded so that the body starts at a multiple of 8), metadata; then room for the body.
     *
     * @return the framed bytes and the body's offset in them
     */
    static Framing finish(FlatBufferBuilder b, byte headerType, int header, long bodyLength) {
        int root = Message.createMessage(b, MetadataVersion.V5, headerType, header, bodyLength, 0);
        b.finish(root);
        ByteBuffer meta = b.dataBuffer();
        int metaLength = (meta.remaining() + 8 + 7 & ~7) - 8;
        byte[] out = new byte[Math.toIntExact(8 + metaLength + bodyLength)];
        MemorySegment seg = MemorySegment.ofArray(out);
        seg.set(INT, 0, CONTINUATION);
        seg.set(INT, 4, metaLength);
        meta.get(out, 8, meta.remaining());
        return new Framing(out, seg.asSlice(8 + metaLength));
    }

    /** Framed message bytes and the slice of them the body goes into. */
    record Framing(byte[] bytes, MemorySegment body) {
    }

    /** {@code length} rounded up to a multiple of 8. */
    static long pad8(long length) {
        return (length + 7) & ~7L;
    }
}
