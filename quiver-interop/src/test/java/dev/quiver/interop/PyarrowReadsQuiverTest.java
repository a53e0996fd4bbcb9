// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.extension.FixedShapeTensorArray;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Precision;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.SparseIndex;
import dev.quiver.ipc.SparseTensor;
import dev.quiver.ipc.SparseTensorConversions;
import dev.quiver.ipc.SparseTensorMessages;
import dev.quiver.ipc.Tensor;
import dev.quiver.ipc.TensorMessages;
import dev.quiver.testkit.PythonPeer;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pyarrow 25 reads what Quiver writes, with equal values: dense Tensor messages, SparseTensor messages of
 * every format (read by Arrow C++'s ReadSparseTensor through testing/data/pyarrow/sparse_ipc.py), and an
 * IPC file and stream with a column of every canonical extension type. The checks run in
 * testing/data/pyarrow/check_quiver_output.py, which reports per item; any FAIL fails this test. Skipped
 * with {@link PythonPeer#SKIP_MESSAGE} when no Python is named.
 */
class PyarrowReadsQuiverTest {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    @TempDir
    Path dir;

    private final List<String> tensors = new ArrayList<>();
    private final List<String> sparse = new ArrayList<>();

    private static MemorySegment longs(long... values) {
        MemorySegment s = MemorySegment.ofArray(new byte[values.length * 8]);
        for (int i = 0; i < values.length; i++) {
            s.set(LONG, 8L * i, values[i]);
        }
        return s;
    }

    private static MemorySegment ints(int... values) {
        MemorySegment s = MemorySegment.ofArray(new byte[values.length * 4]);
        for (int i = 0; i < values.length; i++) {
            s.set(INT, 4L * i, values[i]);
        }
        return s;
    }

    private static Tensor vector(ArrowType type, MemorySegment data) {
        int width = Tensor.byteWidth(type);
        return new Tensor(type, new long[] {data.byteSize() / width}, new long[] {width}, List.of(), data);
    }

    private static String dtype(ArrowType type) {
        return switch (type) {
            case ArrowType.Int t -> (t.signed() ? "int" : "uint") + t.bitWidth();
            case ArrowType.FloatingPoint t -> t.precision() == Precision.HALF ? "float16"
                    : t.precision() == Precision.SINGLE ? "float32" : "float64";
            default -> throw new IllegalArgumentException(type.toString());
        };
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** The JSON of a dense tensor's type, shape, names and row-major values. */
    private static Map<String, String> describe(Tensor dense) {
        List<String> values = new ArrayList<>();
        long[] shape = dense.shape();
        long[] at = new long[shape.length];
        for (long e = 0; e < dense.size(); e++) {
            values.add(dense.type() instanceof ArrowType.Int ? Long.toString(dense.getLong(at))
                    : Double.toString(dense.getDouble(at)));
            for (int d = at.length - 1; d >= 0 && ++at[d] == shape[d]; d--) {
                at[d] = 0;
            }
        }
        Map<String, String> item = new LinkedHashMap<>();
        item.put("dtype", quote(dtype(dense.type())));
        item.put("shape", java.util.Arrays.stream(shape).mapToObj(Long::toString)
                .collect(Collectors.joining(", ", "[", "]")));
        item.put("dim_names", dense.dimNames().stream().map(PyarrowReadsQuiverTest::quote)
                .collect(Collectors.joining(", ", "[", "]")));
        item.put("values", String.join(", ", values).transform(v -> "[" + v + "]"));
        return item;
    }

    private static String json(String name, String file, Map<String, String> item) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("name", quote(name));
        all.put("file", quote(file));
        all.putAll(item);
        return all.entrySet().stream().map(e -> quote(e.getKey()) + ": " + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private void tensor(String name, Tensor tensor) throws IOException {
        Files.write(dir.resolve(name + ".tensor"), TensorMessages.toBytes(tensor));
        tensors.add(json(name, name + ".tensor", describe(tensor)));
    }

    private void sparse(String name, SparseTensor tensor) throws IOException {
        Files.write(dir.resolve(name + ".sparse"), SparseTensorMessages.toBytes(tensor));
        Map<String, String> item = describe(SparseTensorConversions.toDense(tensor));
        item.put("format", quote(switch (tensor.index().format()) {
            case COO -> "coo_tensor";
            case CSR -> "csr_matrix";
            case CSC -> "csc_matrix";
            case CSF -> "csf_tensor";
        }));
        item.put("non_zero_length", Long.toString(tensor.nonZeroLength()));
        if (tensor.index() instanceof SparseIndex.Coo coo) {
            item.put("canonical", Boolean.toString(coo.canonical()));
        }
        sparse.add(json(name, name + ".sparse", item));
    }

    private void writeTensors() throws IOException {
        tensor("int32_2x3", Tensor.rowMajor(ArrowType.INT32, new long[] {2, 3}, List.of("r", "c"),
                ints(-10, -3, 4, 11, 18, Integer.MAX_VALUE)));
        // Column-major: Quiver writes it row-major.
        tensor("float64_colmajor_2x3", new Tensor(ArrowType.FLOAT64, new long[] {2, 3}, new long[] {8, 16}, List.of(),
                MemorySegment.ofArray(new double[] {0.5, 1.5, -2.25, 3e10, 4, 5})));
        tensor("uint16_2x2x2", Tensor.rowMajor(ArrowType.UINT16, new long[] {2, 2, 2}, List.of("a", "", "c"),
                MemorySegment.ofArray(new short[] {0, 1, 2, 3, 1000, -1, 7, 8})));
        tensor("float16_3", Tensor.rowMajor(new ArrowType.FloatingPoint(Precision.HALF), new long[] {3}, List.of(),
                MemorySegment.ofArray(new short[] {Float.floatToFloat16(0.5f), Float.floatToFloat16(-2f),
                    Float.floatToFloat16(1024f)})));
        tensor("int64_empty_0x3", Tensor.rowMajor(ArrowType.INT64, new long[] {0, 3}, List.of(), MemorySegment.NULL));
    }

    private void writeSparseTensors() throws IOException {
        long[] cube = new long[2 * 3 * 4];
        cube[6] = 1;
        cube[17] = -2;
        cube[9] = 3;
        cube[20] = Long.MIN_VALUE;
        cube[23] = 5;
        Tensor dense3 = Tensor.rowMajor(ArrowType.INT64, new long[] {2, 3, 4}, List.of("x", "y", "z"), longs(cube));
        double[] m = {0, 1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 4.5, 0, 5, 0, 0, 0, 0, 0, -6};
        Tensor matrix = Tensor.rowMajor(ArrowType.FLOAT64, new long[] {4, 5}, List.of("row", "col"),
                MemorySegment.ofArray(m));
        for (SparseIndex.Format format : SparseIndex.Format.values()) {
            boolean is2d = format == SparseIndex.Format.CSR || format == SparseIndex.Format.CSC;
            String lower = format.name().toLowerCase(java.util.Locale.ROOT);
            sparse(lower + (is2d ? "_float64_4x5" : "_int64_2x3x4"),
                    SparseTensorConversions.fromDense(is2d ? matrix : dense3, format));
            Tensor zeros = Tensor.rowMajor(ArrowType.UINT8, new long[] {3, 2}, List.of(),
                    MemorySegment.ofArray(new byte[6]));
            sparse(lower + "_uint8_empty_3x2", SparseTensorConversions.fromDense(zeros, format));
        }
        // Hand-made indexes: unsorted COO coordinates, int32 CSR buffers, a CSF tree in axis order [1, 0].
        Tensor coordinates = Tensor.rowMajor(ArrowType.INT64, new long[] {3, 2}, List.of(), longs(1, 0, 0, 1, 0, 0));
        sparse("coo_noncanonical_int16_2x2", new SparseTensor(ArrowType.INT16, new long[] {2, 2}, List.of(), 3,
                new SparseIndex.Coo(coordinates, false), MemorySegment.ofArray(new short[] {7, 8, 9})));
        sparse("csr_int32_index_float32_3x3", new SparseTensor(ArrowType.FLOAT32, new long[] {3, 3}, List.of(), 3,
                new SparseIndex.Csx(SparseIndex.Axis.ROW, vector(ArrowType.INT32, ints(0, 2, 2, 3)),
                        vector(ArrowType.INT32, ints(0, 2, 1))), MemorySegment.ofArray(new float[] {1.5f, -1, 8})));
        sparse("csf_axis_order_1_0_int32_2x3", new SparseTensor(ArrowType.INT32, new long[] {2, 3}, List.of(), 3,
                new SparseIndex.Csf(List.of(vector(ArrowType.INT64, longs(0, 2, 3))),
                        List.of(vector(ArrowType.INT64, longs(0, 2)), vector(ArrowType.INT64, longs(0, 1, 1))),
                        List.of(1, 0)), ints(10, 20, 30)));
    }

    @Test
    void pyarrowReadsQuiversTensorsSparseTensorsAndExtensionTypes() throws IOException {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        writeTensors();
        writeSparseTensors();
        RecordBatch batch = CanonicalExtensionsRoundTripTest.batch();
        // The logical layout the script expects of the permuted fixed-shape tensor, as Quiver reads it.
        FixedShapeTensorArray fixed = new FixedShapeTensorArray(batch.column("fixed"));
        assertEquals(List.of(1f, 3f, 2f, 4f), List.of(fixed.getElement(0, 0, 0), fixed.getElement(0, 0, 1),
                fixed.getElement(0, 1, 0), fixed.getElement(0, 1, 1)));
        Files.write(dir.resolve("extensions.arrow_file"), QuiverIpc.writeFile(batch.schema(), List.of(batch),
                IpcWriteOptions.DEFAULT));
        Files.write(dir.resolve("extensions.stream"), QuiverIpc.writeStream(batch.schema(), List.of(batch),
                IpcWriteOptions.DEFAULT));
        Files.writeString(dir.resolve("manifest.json"), "{\"tensors\": [" + String.join(",\n", tensors)
                + "],\n\"sparse\": [" + String.join(",\n", sparse) + "]}\n");

        String out = python.get().run("import runpy, sys; sys.argv = sys.argv[1:]; "
                + "runpy.run_path(sys.argv[0], run_name='__main__')",
                TestData.resolve("pyarrow/check_quiver_output.py").toString(), dir.toString());
        List<String> lines = out.lines().toList();
        List<String> failures = lines.stream().filter(l -> !l.startsWith("OK ") && !l.equals("DONE")).toList();
        assertEquals(List.of(), failures, out);
        assertEquals("DONE", lines.getLast(), out);
        assertEquals(tensors.size() + sparse.size() + 2, lines.size() - 1, out);
        assertTrue(lines.contains("OK extensions.arrow_file") && lines.contains("OK extensions.stream"), out);
    }
}
