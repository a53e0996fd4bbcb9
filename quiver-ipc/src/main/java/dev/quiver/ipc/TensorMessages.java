// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Precision;
import dev.quiver.ipc.flatbuf.MessageHeader;
import dev.quiver.ipc.flatbuf.MetadataVersion;
import dev.quiver.ipc.flatbuf.Type;
import dev.quiver.ipc.internal.flatbuffers.FlatBufferBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes dense {@link Tensor}s as Arrow IPC {@code Tensor} messages, framed as in the stream
 * format (continuation marker, metadata length, Message flatbuffer, body), as pyarrow's
 * {@code ipc.write_tensor} and {@code ipc.read_tensor} do. Reading is zero-copy: the tensor's data is a
 * slice of the segment read. Untrusted metadata is checked: framing and flatbuffer bounds, the header
 * type, the element type, the shape and strides against the data, the data against the body.
 */
public final class TensorMessages {
    private static final int CONTINUATION = 0xFFFFFFFF;
    private static final int MAX_DIMENSIONS = 1024;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private TensorMessages() {
    }

    /**
     * Reads the tensor message at the start of {@code message}.
     *
     * @param message the framed message and its body
     * @return the tensor, its data a slice of {@code message}
     * @throws IpcException if the bytes are not a valid tensor message
     */
    public static Tensor read(MemorySegment message) {
        long size = message.byteSize();
        if (size < 8) {
            throw new IpcException("tensor message: " + size + " bytes cannot hold a message prefix");
        }
        int first = message.get(INT, 0);
        long metaStart = first == CONTINUATION ? 8 : 4;
        long metaLength = Integer.toUnsignedLong(first == CONTINUATION ? message.get(INT, 4) : first);
        if (metaLength < 8 || metaStart + metaLength > size) {
            throw new IpcException("tensor message: metadata length " + metaLength + " does not fit in " + size
                    + " bytes");
        }
        ByteBuffer meta = message.asSlice(metaStart, metaLength).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        long bodyStart = metaStart + metaLength;
        try {
            return decode(meta, message, bodyStart);
        } catch (IpcException e) {
            throw e;
        } catch (RuntimeException e) {
            // Offsets inside a corrupt flatbuffer point anywhere: out of bounds, bad UTF-8, negative lengths.
            throw new IpcException("tensor message: malformed metadata (" + e + ")", e);
        }
    }

    private static Tensor decode(ByteBuffer meta, MemorySegment message, long bodyStart) {
        dev.quiver.ipc.flatbuf.Message m = dev.quiver.ipc.flatbuf.Message.getRootAsMessage(meta);
        if (m.version() < MetadataVersion.V4) {
            throw new IpcException("tensor message: metadata version " + m.version() + " is older than V4");
        }
        if (m.headerType() != MessageHeader.Tensor) {
            throw new IpcException("tensor message: the header is of type " + m.headerType() + ", not Tensor");
        }
        long bodyLength = m.bodyLength();
        if (bodyLength < 0 || bodyLength > message.byteSize() - bodyStart) {
            throw new IpcException("tensor message: body of " + bodyLength + " bytes runs past the "
                    + (message.byteSize() - bodyStart) + " bytes after the metadata");
        }
        dev.quiver.ipc.flatbuf.Tensor t = (dev.quiver.ipc.flatbuf.Tensor) m.header(new dev.quiver.ipc.flatbuf.Tensor());
        if (t == null) {
            throw new IpcException("tensor message: no Tensor header");
        }
        ArrowType type = elementType(t);
        int ndim = t.shapeLength();
        if (ndim < 0 || ndim > MAX_DIMENSIONS) {
            throw new IpcException("tensor message: " + ndim + " dimensions, more than " + MAX_DIMENSIONS);
        }
        long[] shape = new long[ndim];
        List<String> names = new ArrayList<>(ndim);
        boolean named = false;
        for (int d = 0; d < ndim; d++) {
            dev.quiver.ipc.flatbuf.TensorDim dim = t.shape(d);
            shape[d] = dim.size();
            String name = dim.name();
            named |= name != null && !name.isEmpty();
            names.add(name == null ? "" : name);
        }
        long[] strides;
        if (t.stridesLength() == 0) {
            strides = Tensor.rowMajorStrides(shape, Tensor.byteWidth(type));
        } else if (t.stridesLength() != ndim) {
            throw new IpcException("tensor message: " + t.stridesLength() + " strides for " + ndim + " dimensions");
        } else {
            strides = new long[ndim];
            for (int d = 0; d < ndim; d++) {
                strides[d] = t.strides(d);
            }
        }
        dev.quiver.ipc.flatbuf.Buffer data = t.data();
        if (data == null || data.offset() < 0 || data.length() < 0 || data.offset() > bodyLength
                || data.length() > bodyLength - data.offset()) {
            throw new IpcException("tensor message: the data buffer "
                    + (data == null ? "is missing" : "[" + data.offset() + ", +" + data.length() + ")")
                    + " is not inside the body of " + bodyLength + " bytes");
        }
        MemorySegment bytes = message.asSlice(bodyStart + data.offset(), data.length());
        try {
            return new Tensor(type, shape, strides, named ? names : List.of(), bytes);
        } catch (IllegalArgumentException e) {
            throw new IpcException("tensor message: " + e.getMessage(), e);
        }
    }

    private static ArrowType elementType(dev.quiver.ipc.flatbuf.Tensor t) {
        switch (t.typeType()) {
            case Type.Int -> {
                dev.quiver.ipc.flatbuf.Int i = (dev.quiver.ipc.flatbuf.Int) t.type(new dev.quiver.ipc.flatbuf.Int());
                int bits = i.bitWidth();
                if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
                    throw new IpcException("tensor message: integer bit width " + bits);
                }
                return new ArrowType.Int(bits, i.isSigned());
            }
            case Type.FloatingPoint -> {
                dev.quiver.ipc.flatbuf.FloatingPoint f = (dev.quiver.ipc.flatbuf.FloatingPoint) t.type(
                        new dev.quiver.ipc.flatbuf.FloatingPoint());
                return switch (f.precision()) {
                    case dev.quiver.ipc.flatbuf.Precision.HALF -> new ArrowType.FloatingPoint(Precision.HALF);
                    case dev.quiver.ipc.flatbuf.Precision.SINGLE -> ArrowType.FLOAT32;
                    case dev.quiver.ipc.flatbuf.Precision.DOUBLE -> ArrowType.FLOAT64;
                    default -> throw new IpcException("tensor message: floating-point precision " + f.precision());
                };
            }
            default -> throw new IpcException("tensor message: element type id " + t.typeType()
                    + " is not an integer or floating-point type");
        }
    }

    /**
     * Writes a tensor as one message; its elements are written row-major.
     *
     * @param tensor the tensor
     * @param out where the message goes
     * @throws IOException if writing fails
     */
    public static void write(Tensor tensor, OutputStream out) throws IOException {
        out.write(toBytes(tensor));
    }

    /**
     * A tensor as the bytes of one message; its elements are written row-major.
     *
     * @param tensor the tensor
     * @return the framed message and its body
     */
    public static byte[] toBytes(Tensor tensor) {
        int width = Tensor.byteWidth(tensor.type());
        long dataLength = tensor.size() * width;
        long bodyLength = (dataLength + 63) & ~63L;
        long[] shape = tensor.shape();
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        int[] dims = new int[shape.length];
        for (int d = 0; d < shape.length; d++) {
            int name = tensor.dimNames().isEmpty() ? 0 : b.createString(tensor.dimNames().get(d));
            dims[d] = dev.quiver.ipc.flatbuf.TensorDim.createTensorDim(b, shape[d], name);
        }
        int shapeVector = dev.quiver.ipc.flatbuf.Tensor.createShapeVector(b, dims);
        int stridesVector = dev.quiver.ipc.flatbuf.Tensor.createStridesVector(b, Tensor.rowMajorStrides(shape, width));
        int type = switch (tensor.type()) {
            case ArrowType.Int t -> dev.quiver.ipc.flatbuf.Int.createInt(b, t.bitWidth(), t.signed());
            case ArrowType.FloatingPoint t -> dev.quiver.ipc.flatbuf.FloatingPoint.createFloatingPoint(b,
                    (short) t.precision().ordinal());
            default -> throw new IllegalStateException("unreachable: " + tensor.type());
        };
        dev.quiver.ipc.flatbuf.Tensor.startTensor(b);
        dev.quiver.ipc.flatbuf.Tensor.addTypeType(b, tensor.type() instanceof ArrowType.Int ? Type.Int : Type.FloatingPoint);
        dev.quiver.ipc.flatbuf.Tensor.addType(b, type);
        dev.quiver.ipc.flatbuf.Tensor.addShape(b, shapeVector);
        dev.quiver.ipc.flatbuf.Tensor.addStrides(b, stridesVector);
        dev.quiver.ipc.flatbuf.Tensor.addData(b, dev.quiver.ipc.flatbuf.Buffer.createBuffer(b, 0, dataLength));
        int header = dev.quiver.ipc.flatbuf.Tensor.endTensor(b);
        int root = dev.quiver.ipc.flatbuf.Message.createMessage(b, MetadataVersion.V5, MessageHeader.Tensor, header,
                bodyLength, 0);
        b.finish(root);
        ByteBuffer meta = b.dataBuffer();
        int metaLength = (meta.remaining() + 8 + 7 & ~7) - 8;
        byte[] out = new byte[Math.toIntExact(8 + metaLength + bodyLength)];
        MemorySegment seg = MemorySegment.ofArray(out);
        seg.set(INT, 0, CONTINUATION);
        seg.set(INT, 4, metaLength);
        meta.get(out, 8, meta.remaining());
        copyRowMajor(tensor, seg.asSlice(8 + metaLength, dataLength), width);
        return out;
    }

    static void copyRowMajor(Tensor tensor, MemorySegment target, int width) {
        if (tensor.isRowMajor()) {
            MemorySegment.copy(tensor.data(), 0, target, 0, target.byteSize());
            return;
        }
        long[] shape = tensor.shape();
        long[] strides = tensor.strides();
        long[] index = new long[shape.length];
        long n = tensor.size();
        for (long k = 0; k < n; k++) {
            long from = 0;
            for (int d = 0; d < shape.length; d++) {
                from += index[d] * strides[d];
            }
            MemorySegment.copy(tensor.data(), from, target, k * width, width);
            for (int d = shape.length - 1; d >= 0 && ++index[d] == shape[d]; d--) {
                index[d] = 0;
            }
        }
    }
}
