// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.ArrowType;
import dev.quiver.ipc.flatbuf.MessageHeader;
import dev.quiver.ipc.flatbuf.SparseMatrixCompressedAxis;
import dev.quiver.ipc.flatbuf.SparseMatrixIndexCSX;
import dev.quiver.ipc.flatbuf.SparseTensorIndex;
import dev.quiver.ipc.flatbuf.SparseTensorIndexCOO;
import dev.quiver.ipc.flatbuf.SparseTensorIndexCSF;
import dev.quiver.ipc.internal.flatbuffers.FlatBufferBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes {@link SparseTensor}s as Arrow IPC {@code SparseTensor} messages, framed as in the
 * stream format (continuation marker, metadata length, Message flatbuffer, body), as Arrow C++'s
 * {@code ipc::WriteSparseTensor} and {@code ipc::ReadSparseTensor} do. Reading is zero-copy: the values
 * and every index buffer are slices of the segment read. Untrusted input is checked: framing and
 * flatbuffer bounds, the header and index types, every buffer inside the body, then all that
 * {@link SparseTensor}'s constructor checks (index values within the shape, indptr rising, counts).
 *
 * <p>The body holds the index buffers (COO: indices; CSR/CSC: indptr, indices; CSF: every indptr, then
 * every indices buffer), then the values, each starting at a multiple of 8 bytes, as Arrow C++ lays it out.
 * The {@code length} of a CSF index buffer counts elements, not bytes: Arrow C++ (the one other
 * implementation) writes and reads it so, and Quiver follows it to read and be read by it.
 */
public final class SparseTensorMessages {
    private static final String WHAT = "sparse tensor message";

    private SparseTensorMessages() {
    }

    /**
     * Reads the sparse tensor message at the start of {@code message}.
     *
     * @param message the framed message and its body
     * @return the sparse tensor, its values and index slices of {@code message}
     * @throws IpcException if the bytes are not a valid sparse tensor message
     */
    public static SparseTensor read(MemorySegment message) {
        try {
            return decode(TensorFraming.frame(message, MessageHeader.SparseTensor, WHAT));
        } catch (IpcException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new IpcException(WHAT + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            // Offsets inside a corrupt flatbuffer point anywhere: out of bounds, bad UTF-8, negative lengths.
            throw new IpcException(WHAT + ": malformed metadata (" + e + ")", e);
        }
    }

    private static SparseTensor decode(TensorFraming.Framed framed) {
        dev.quiver.ipc.flatbuf.SparseTensor t = (dev.quiver.ipc.flatbuf.SparseTensor) framed.message().header(
                new dev.quiver.ipc.flatbuf.SparseTensor());
        if (t == null) {
            throw new IpcException(WHAT + ": no SparseTensor header");
        }
        ArrowType type = TensorFraming.elementType(t.typeType(), t::type, WHAT);
        TensorFraming.Shape shape = TensorFraming.shape(t.shapeLength(), t::shape, WHAT);
        long nonZero = t.nonZeroLength();
        MemorySegment body = framed.body();
        SparseIndex index = switch (t.sparseIndexType()) {
            case SparseTensorIndex.SparseTensorIndexCOO -> coo(
                    (SparseTensorIndexCOO) t.sparseIndex(new SparseTensorIndexCOO()), body, nonZero, shape);
            case SparseTensorIndex.SparseMatrixIndexCSX -> csx(
                    (SparseMatrixIndexCSX) t.sparseIndex(new SparseMatrixIndexCSX()), body);
            case SparseTensorIndex.SparseTensorIndexCSF -> csf(
                    (SparseTensorIndexCSF) t.sparseIndex(new SparseTensorIndexCSF()), body, shape.sizes().length);
            default -> throw new IpcException(WHAT + ": sparse index type " + t.sparseIndexType());
        };
        MemorySegment data = TensorFraming.buffer(body, t.data(), WHAT + ": the data buffer");
        return new SparseTensor(type, shape.sizes(), shape.names(), nonZero, index, data);
    }

    private static SparseIndex.Coo coo(SparseTensorIndexCOO coo, MemorySegment body, long nonZero,
            TensorFraming.Shape shape) {
        ArrowType.Int indexType = TensorFraming.intType(coo.indicesType(), WHAT + ": COO indices");
        int width = indexType.bitWidth() / 8;
        long[] indicesShape = {nonZero, shape.sizes().length};
        long[] strides;
        if (coo.indicesStridesLength() == 0) {
            strides = Tensor.rowMajorStrides(indicesShape, width);
        } else if (coo.indicesStridesLength() != 2) {
            throw new IpcException(WHAT + ": " + coo.indicesStridesLength() + " COO indices strides; it needs 2");
        } else {
            strides = new long[] {coo.indicesStrides(0), coo.indicesStrides(1)};
        }
        MemorySegment indices = TensorFraming.buffer(body, coo.indicesBuffer(), WHAT + ": the COO indices buffer");
        return new SparseIndex.Coo(new Tensor(indexType, indicesShape, strides, List.of(), indices), coo.isCanonical());
    }

    private static SparseIndex.Csx csx(SparseMatrixIndexCSX csx, MemorySegment body) {
        SparseIndex.Axis axis = switch (csx.compressedAxis()) {
            case SparseMatrixCompressedAxis.Row -> SparseIndex.Axis.ROW;
            case SparseMatrixCompressedAxis.Column -> SparseIndex.Axis.COLUMN;
            default -> throw new IpcException(WHAT + ": compressed axis " + csx.compressedAxis());
        };
        Tensor indptr = vector(TensorFraming.intType(csx.indptrType(), WHAT + ": CSX indptr"),
                TensorFraming.buffer(body, csx.indptrBuffer(), WHAT + ": the CSX indptr buffer"));
        Tensor indices = vector(TensorFraming.intType(csx.indicesType(), WHAT + ": CSX indices"),
                TensorFraming.buffer(body, csx.indicesBuffer(), WHAT + ": the CSX indices buffer"));
        return new SparseIndex.Csx(axis, indptr, indices);
    }

    private static SparseIndex.Csf csf(SparseTensorIndexCSF csf, MemorySegment body, int ndim) {
        ArrowType.Int indptrType = TensorFraming.intType(csf.indptrType(), WHAT + ": CSF indptr");
        ArrowType.Int indicesType = TensorFraming.intType(csf.indicesType(), WHAT + ": CSF indices");
        if (csf.axisOrderLength() != ndim || csf.indicesBuffersLength() != ndim
                || csf.indptrBuffersLength() != Math.max(ndim - 1, 0)) {
            throw new IpcException(WHAT + ": a CSF index for " + ndim + " dimensions has " + csf.axisOrderLength()
                    + " axes, " + csf.indicesBuffersLength() + " indices and " + csf.indptrBuffersLength()
                    + " indptr buffers");
        }
        List<Tensor> indptr = new ArrayList<>(ndim);
        List<Tensor> indices = new ArrayList<>(ndim);
        List<Integer> axisOrder = new ArrayList<>(ndim);
        for (int d = 0; d < ndim; d++) {
            axisOrder.add(csf.axisOrder(d));
            indices.add(counted(indicesType, body, csf.indicesBuffers(d), WHAT + ": CSF indices buffer " + d));
            if (d < ndim - 1) {
                indptr.add(counted(indptrType, body, csf.indptrBuffers(d), WHAT + ": CSF indptr buffer " + d));
            }
        }
        return new SparseIndex.Csf(indptr, indices, axisOrder);
    }

    /** A CSF buffer, whose length Arrow C++ writes and reads as a count of elements, not of bytes. */
    private static Tensor counted(ArrowType.Int type, MemorySegment body, dev.quiver.ipc.flatbuf.Buffer buffer,
            String what) {
        int width = type.bitWidth() / 8;
        if (buffer == null || buffer.length() < 0 || buffer.length() > body.byteSize() / width) {
            throw new IpcException(what + (buffer == null ? " is missing" : " of " + buffer.length()
                    + " elements is larger than the body of " + body.byteSize() + " bytes"));
        }
        return vector(type, TensorFraming.buffer(body, buffer.offset(), buffer.length() * width, what));
    }

    private static Tensor vector(ArrowType.Int type, MemorySegment buffer) {
        int width = type.bitWidth() / 8;
        return new Tensor(type, new long[] {buffer.byteSize() / width}, new long[] {width}, List.of(), buffer);
    }

    /**
     * Writes a sparse tensor as one message.
     *
     * @param tensor the sparse tensor
     * @param out where the message goes
     * @throws IOException if writing fails
     */
    public static void write(SparseTensor tensor, OutputStream out) throws IOException {
        out.write(toBytes(tensor));
    }

    /**
     * A sparse tensor as the bytes of one message. Index buffers keep their integer types and are written
     * contiguous (COO indices row-major).
     *
     * @param tensor the sparse tensor
     * @return the framed message and its body
     * @throws IllegalArgumentException if the message would exceed 2 GiB
     */
    public static byte[] toBytes(SparseTensor tensor) {
        List<Tensor> buffers = new ArrayList<>();
        switch (tensor.index()) {
            case SparseIndex.Coo coo -> buffers.add(coo.indices());
            case SparseIndex.Csx csx -> buffers.addAll(List.of(csx.indptr(), csx.indices()));
            case SparseIndex.Csf csf -> {
                buffers.addAll(csf.indptr());
                buffers.addAll(csf.indices());
            }
        }
        buffers.add(tensor.values());
        long[] offsets = new long[buffers.size()];
        long[] lengths = new long[buffers.size()];
        long bodyLength = 0;
        for (int i = 0; i < buffers.size(); i++) {
            offsets[i] = bodyLength;
            lengths[i] = buffers.get(i).size() * Tensor.byteWidth(buffers.get(i).type());
            bodyLength = TensorFraming.pad8(bodyLength + lengths[i]);
        }
        FlatBufferBuilder b = new FlatBufferBuilder(512);
        int index = writeIndex(b, tensor.index(), offsets, lengths);
        int shapeVector = dev.quiver.ipc.flatbuf.SparseTensor.createShapeVector(b,
                TensorFraming.writeDims(b, tensor.shape(), tensor.dimNames()));
        int type = TensorFraming.writeType(b, tensor.type());
        dev.quiver.ipc.flatbuf.SparseTensor.startSparseTensor(b);
        dev.quiver.ipc.flatbuf.SparseTensor.addTypeType(b, TensorFraming.typeTag(tensor.type()));
        dev.quiver.ipc.flatbuf.SparseTensor.addType(b, type);
        dev.quiver.ipc.flatbuf.SparseTensor.addShape(b, shapeVector);
        dev.quiver.ipc.flatbuf.SparseTensor.addNonZeroLength(b, tensor.nonZeroLength());
        dev.quiver.ipc.flatbuf.SparseTensor.addSparseIndexType(b, switch (tensor.index()) {
            case SparseIndex.Coo coo -> SparseTensorIndex.SparseTensorIndexCOO;
            case SparseIndex.Csx csx -> SparseTensorIndex.SparseMatrixIndexCSX;
            case SparseIndex.Csf csf -> SparseTensorIndex.SparseTensorIndexCSF;
        });
        dev.quiver.ipc.flatbuf.SparseTensor.addSparseIndex(b, index);
        int last = buffers.size() - 1;
        dev.quiver.ipc.flatbuf.SparseTensor.addData(b, dev.quiver.ipc.flatbuf.Buffer.createBuffer(b, offsets[last],
                lengths[last]));
        int header = dev.quiver.ipc.flatbuf.SparseTensor.endSparseTensor(b);
        TensorFraming.Framing framing;
        try {
            framing = TensorFraming.finish(b, MessageHeader.SparseTensor, header, bodyLength);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("a sparse tensor message of " + bodyLength
                    + " body bytes exceeds 2 GiB", e);
        }
        for (int i = 0; i < buffers.size(); i++) {
            Tensor t = buffers.get(i);
            TensorMessages.copyRowMajor(t, framing.body().asSlice(offsets[i], lengths[i]), Tensor.byteWidth(t.type()));
        }
        return framing.bytes();
    }

    private static int writeIndex(FlatBufferBuilder b, SparseIndex index, long[] offsets, long[] lengths) {
        switch (index) {
            case SparseIndex.Coo coo -> {
                ArrowType.Int type = (ArrowType.Int) coo.indices().type();
                int intType = TensorFraming.writeType(b, type);
                int width = type.bitWidth() / 8;
                // Arrow C++ takes an empty matrix as contiguous only with strides of one element each.
                int strides = SparseTensorIndexCOO.createIndicesStridesVector(b, coo.indices().size() == 0
                        ? new long[] {width, width} : Tensor.rowMajorStrides(coo.indices().shape(), width));
                SparseTensorIndexCOO.startSparseTensorIndexCOO(b);
                SparseTensorIndexCOO.addIndicesType(b, intType);
                SparseTensorIndexCOO.addIndicesStrides(b, strides);
                SparseTensorIndexCOO.addIndicesBuffer(b, dev.quiver.ipc.flatbuf.Buffer.createBuffer(b, offsets[0],
                        lengths[0]));
                SparseTensorIndexCOO.addIsCanonical(b, coo.canonical());
                return SparseTensorIndexCOO.endSparseTensorIndexCOO(b);
            }
            case SparseIndex.Csx csx -> {
                int indptrType = TensorFraming.writeType(b, csx.indptr().type());
                int indicesType = TensorFraming.writeType(b, csx.indices().type());
                SparseMatrixIndexCSX.startSparseMatrixIndexCSX(b);
                SparseMatrixIndexCSX.addCompressedAxis(b, csx.axis() == SparseIndex.Axis.ROW
                        ? SparseMatrixCompressedAxis.Row : SparseMatrixCompressedAxis.Column);
                SparseMatrixIndexCSX.addIndptrType(b, indptrType);
                SparseMatrixIndexCSX.addIndptrBuffer(b, dev.quiver.ipc.flatbuf.Buffer.createBuffer(b, offsets[0],
                        lengths[0]));
                SparseMatrixIndexCSX.addIndicesType(b, indicesType);
                SparseMatrixIndexCSX.addIndicesBuffer(b, dev.quiver.ipc.flatbuf.Buffer.createBuffer(b, offsets[1],
                        lengths[1]));
                return SparseMatrixIndexCSX.endSparseMatrixIndexCSX(b);
            }
            case SparseIndex.Csf csf -> {
                int ndim = csf.indices().size();
                int levels = csf.indptr().size();
                int indptrType = TensorFraming.writeType(b, levels == 0 ? ArrowType.INT64 : csf.indptr().getFirst().type());
                int indicesType = TensorFraming.writeType(b, ndim == 0 ? ArrowType.INT64 : csf.indices().getFirst().type());
                // Arrow C++ writes and reads the lengths of CSF buffers as counts of elements.
                SparseTensorIndexCSF.startIndptrBuffersVector(b, levels);
                for (int i = levels - 1; i >= 0; i--) {
                    dev.quiver.ipc.flatbuf.Buffer.createBuffer(b, offsets[i], csf.indptr().get(i).size());
                }
                int indptrBuffers = b.endVector();
                SparseTensorIndexCSF.startIndicesBuffersVector(b, ndim);
                for (int i = ndim - 1; i >= 0; i--) {
                    dev.quiver.ipc.flatbuf.Buffer.createBuffer(b, offsets[levels + i], csf.indices().get(i).size());
                }
                int indicesBuffers = b.endVector();
                int axisOrder = SparseTensorIndexCSF.createAxisOrderVector(b,
                        csf.axisOrder().stream().mapToInt(Integer::intValue).toArray());
                SparseTensorIndexCSF.startSparseTensorIndexCSF(b);
                SparseTensorIndexCSF.addIndptrType(b, indptrType);
                SparseTensorIndexCSF.addIndptrBuffers(b, indptrBuffers);
                SparseTensorIndexCSF.addIndicesType(b, indicesType);
                SparseTensorIndexCSF.addIndicesBuffers(b, indicesBuffers);
                SparseTensorIndexCSF.addAxisOrder(b, axisOrder);
                return SparseTensorIndexCSF.endSparseTensorIndexCSF(b);
            }
        }
    }
}
