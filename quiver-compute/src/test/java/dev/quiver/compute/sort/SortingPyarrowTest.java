// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.compute.PyarrowOracle;
import dev.quiver.compute.RandomArrays;
import dev.quiver.compute.selection.Selection;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SortingPyarrowTest {
    private static final List<ArrowType> TYPES = List.of(ArrowType.INT8, ArrowType.INT16, ArrowType.INT32,
            ArrowType.INT64, ArrowType.UINT8, ArrowType.UINT32, ArrowType.UINT64, ArrowType.FLOAT32, ArrowType.FLOAT64,
            ArrowType.BOOL, ArrowType.UTF8, ArrowType.LARGE_UTF8, ArrowType.BINARY,
            new ArrowType.Decimal(20, 3, 128), new ArrowType.Date(DateUnit.DAY),
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"));

    @Test
    void sortIndicesRankAndSelectKMatchPyarrow(@TempDir Path dir) throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Random random = new Random(31);
        int n = 700;
        PyarrowOracle oracle = new PyarrowOracle();
        for (ArrowType type : TYPES) {
            String c = "c" + oracle.size();
            Array values = oracle.input(c, RandomArrays.of(type, random, n, 0.15));
            String col = "t['" + c + "'].combine_chunks()";
            for (SortOrder order : SortOrder.values()) {
                for (NullPlacement nulls : NullPlacement.values()) {
                    String py = "'" + order.name().toLowerCase() + "'";
                    String np = "'" + nulls.name().toLowerCase() + "'";
                    oracle.check("sort_indices " + type + " " + order + " " + nulls,
                            "pc.array_sort_indices(" + col + ", order=" + py + ", null_placement=" + np + ")",
                            () -> Sorting.sortIndices(values, order, nulls));
                    if (!(type instanceof ArrowType.FloatingPoint)) {
                        for (Tiebreaker ties : Tiebreaker.values()) {
                            oracle.check("rank " + type + " " + order + " " + nulls + " " + ties,
                                    "pc.rank(" + col + ", sort_keys=" + py + ", null_placement=" + np
                                            + ", tiebreaker='" + ties.name().toLowerCase() + "')",
                                    () -> Sorting.rank(values, order, nulls, ties));
                        }
                    }
                }
            }
        }
        Array a = oracle.input("a", RandomArrays.of(ArrowType.INT8, random, n, 0.1));
        Array b = oracle.input("b", RandomArrays.of(ArrowType.UTF8, random, n, 0.1));
        Array x = oracle.input("x", RandomArrays.of(ArrowType.FLOAT64, random, n, 0.1));
        Schema schema = new Schema(List.of(Field.nullable("a", a.type()), Field.nullable("b", b.type()),
                Field.nullable("x", x.type())));
        Table table = new Table(schema, List.of(new RecordBatch(schema, List.of(a.slice(0, 300), b.slice(0, 300),
                x.slice(0, 300))), new RecordBatch(schema, List.of(a.slice(300, n - 300), b.slice(300, n - 300),
                x.slice(300, n - 300)))));
        List<SortKey> keys = List.of(SortKey.ascending("a"), SortKey.descending("b"), SortKey.ascending("x"));
        String pyKeys = "[('a','ascending'),('b','descending'),('x','ascending')]";
        String tab = "t.select(['a','b','x'])";
        for (NullPlacement nulls : NullPlacement.values()) {
            oracle.check("sort_indices on three keys " + nulls, "pc.sort_indices(" + tab + ", sort_keys=" + pyKeys
                    + ", null_placement='" + nulls.name().toLowerCase() + "')",
                    () -> Sorting.sortIndices(table, keys, nulls));
        }
        oracle.check("select_k top 10", "pc.select_k_unstable(" + tab + ", k=10, sort_keys=[('x','descending')])",
                () -> Sorting.selectK(table, 10, List.of(SortKey.descending("x"))));
        // select_k is unstable in pyarrow: compare the values selected, not their positions among ties.
        oracle.check("select_k bottom 5 of array",
                "pc.take(t['a'], pc.select_k_unstable(t['a'], k=5, sort_keys=[('a','ascending')]))",
                () -> Selection.take(a, Sorting.selectK(a, 5, SortOrder.ASCENDING)));
        oracle.verify(python.get(), dir);
    }
}
