// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.compute.PyarrowOracle;
import dev.quiver.compute.RandomArrays;
import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SelectionPyarrowTest {
    static final List<ArrowType> TYPES = List.of(ArrowType.INT8, ArrowType.INT16, ArrowType.INT32,
            ArrowType.INT64, ArrowType.UINT8, ArrowType.UINT32, ArrowType.UINT64, ArrowType.FLOAT32, ArrowType.FLOAT64,
            ArrowType.BOOL, ArrowType.UTF8, ArrowType.LARGE_UTF8, ArrowType.BINARY,
            new ArrowType.Decimal(20, 3, 128), new ArrowType.Date(DateUnit.DAY),
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"));

    @Test
    void filterTakeDropNullAndConcatMatchPyarrow(@TempDir Path dir) throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Random random = new Random(30);
        int n = 1000;
        PyarrowOracle oracle = new PyarrowOracle();
        Array mask = oracle.input("mask", RandomArrays.of(ArrowType.BOOL, random, n, 0.1));
        Array idx = oracle.input("idx", RandomArrays.of(ArrowType.INT32, random, n, 0.05));
        Array positions = oracle.input("positions", inRange(random, n));
        for (ArrowType type : TYPES) {
            String c = "c_" + oracle.size();
            Array values = oracle.input(c, RandomArrays.of(type, random, n, 0.2));
            String col = "t['" + c + "'].combine_chunks()";
            oracle.check("filter " + type, "pc.filter(" + col + ", t['mask'].combine_chunks())",
                    () -> Selection.filter(values, mask));
            oracle.check("filter emit_null " + type, "pc.filter(" + col + ", t['mask'].combine_chunks(), "
                    + "null_selection_behavior='emit_null')",
                    () -> Selection.filter(values, mask, NullSelection.EMIT_NULL));
            oracle.check("take " + type, "pc.take(" + col + ", t['positions'].combine_chunks())",
                    () -> Selection.take(values, positions));
            oracle.check("take out of range " + type, "pc.take(" + col + ", t['idx'].combine_chunks())",
                    () -> Selection.take(values, idx));
            oracle.check("drop_null " + type, "pc.drop_null(" + col + ")", () -> Selection.dropNull(values));
            oracle.check("concat " + type, "pa.concat_arrays([" + col + ".slice(0, 300), " + col + ".slice(10)])",
                    () -> Selection.concat(values.type(), List.of(values.slice(0, 300), values.slice(10, n - 10))));
        }
        oracle.verify(python.get(), dir);
    }

    private static Array inRange(Random random, int n) {
        ArrayBuilder b = ArrayBuilder.of(ArrowType.INT64);
        for (int i = 0; i < n; i++) {
            b.appendObject(random.nextInt(10) == 0 ? null : (Object) (long) random.nextInt(n));
        }
        return b.build();
    }
}
