// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.ArrowType;
import dev.quiver.ipc.flatbuf.MessageHeader;
import dev.quiver.ipc.internal.flatbuffers.FlatBufferBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;

/**
 * Reads and writes dense {@link Tensor}s as Arrow IPC {@code Tensor} messages, framed as in the stream
 * format (continuation marker, metadata length, Message flatbuffer, body), as pyarrow's
 * {@code ipc.write_tensor} and {@code ipc.read_tensor} do. Reading is zero-copy: the tensor's data is a
 * slice of the segment read. Untrusted metadata is checked: framing and flatbuffer bounds, the header
 * type, the element type, the shape and strides against the data, the data against the body.
 */
public final class TensorMessages {
    private static final String WHAT = "tensor message";

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
        try {
            return decode(TensorFraming.frame(message, MessageHeader.Tensor, WHAT));
        } catch (IpcException e) {
            throw e;
        } catch (RuntimeException e) {
            // Offsets inside a corrupt flatbuffer point anywhere: out of bounds, bad UTF-8, negative lengths.
            throw new IpcException(WHAT + ": malformed metadata (" + e + ")", e);
        }
    }

    private static Tensor decode(TensorFraming.Framed framed) {
        dev.quiver.ipc.flatbuf.Tensor t = (dev.quiver.ipc.flatbuf.Tensor) framed.message().header(
                new dev.quiver.ipc.flatbuf.Tensor());
        if (t == null) {
            throw new IpcException(WHAT + ": no Tensor header");
        }
        ArrowType type = TensorFraming.elementType(t.typeType(), t::type, WHAT);
        TensorFraming.Shape shape = TensorFraming.shape(t.shapeLength(), t::shape, WHAT);
        int ndim = shape.sizes().length;
        long[] strides;
        if (t.stridesLength() == 0) {
            strides = Tensor.rowMajorStrides(shape.sizes(), Tensor.byteWidth(type));
        } else if (t.stridesLength() != ndim) {
            throw new IpcException(WHAT + ": " + t.stridesLength() + " strides for " + ndim + " dimensions");
        } else {
            strides = new long[ndim];
            for (int d = 0; d < ndim; d++) {
                strides[d] = t.strides(d);
            }
        }
        MemorySegment bytes = TensorFraming.buffer(framed.body(), t.data(), WHAT + ": the data buffer");
        try {
            return new Tensor(type, shape.sizes(), strides, shape.names(), bytes);
        } catch (IllegalArgumentException e) {
            throw new IpcException(WHAT + ": " + e.getMessage(), e);
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
        int shapeVector = dev.quiver.ipc.flatbuf.Tensor.createShapeVector(b,
                TensorFraming.writeDims(b, shape, tensor.dimNames()));
        int stridesVector = dev.quiver.ipc.flatbuf.Tensor.createStridesVector(b, Tensor.rowMajorStrides(shape, width));
        int type = TensorFraming.writeType(b, tensor.type());
        dev.quiver.ipc.flatbuf.Tensor.startTensor(b);
        dev.quiver.ipc.flatbuf.Tensor.addTypeType(b, TensorFraming.typeTag(tensor.type()));
        dev.quiver.ipc.flatbuf.Tensor.addType(b, type);
        dev.quiver.ipc.flatbuf.Tensor.addShape(b, shapeVector);
        dev.quiver.ipc.flatbuf.Tensor.addStrides(b, stridesVector);
        dev.quiver.ipc.flatbuf.Tensor.addData(b, dev.quiver.ipc.flatbuf.Buffer.createBuffer(b, 0, dataLength));
        int header = dev.quiver.ipc.flatbuf.Tensor.endTensor(b);
        TensorFraming.Framing framing = TensorFraming.finish(b, MessageHeader.Tensor, header, bodyLength);
        copyRowMajor(tensor, framing.body().asSlice(0, dataLength), width);
        return framing.bytes();
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
