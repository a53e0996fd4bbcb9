// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.compare;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.compute.PyarrowOracle;
import dev.quiver.compute.RandomArrays;
import dev.quiver.compute.kernel.Scalars;
import dev.quiver.core.array.Array;
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

class ComparePyarrowTest {
    private static final List<ArrowType> TYPES = List.of(ArrowType.INT8, ArrowType.INT32, ArrowType.INT64,
            ArrowType.UINT8, ArrowType.UINT64, ArrowType.FLOAT32, ArrowType.FLOAT64, ArrowType.BOOL, ArrowType.UTF8,
            ArrowType.LARGE_UTF8, ArrowType.BINARY, new ArrowType.Decimal(20, 3, 128), new ArrowType.Date(DateUnit.DAY),
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"));
    private static final String[] OPS = {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"};

    @Test
    void comparisonsLogicPredicatesAndChoicesMatchPyarrow(@TempDir Path dir) throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Random random = new Random(32);
        int n = 600;
        PyarrowOracle oracle = new PyarrowOracle();
        Array cond = oracle.input("cond", RandomArrays.of(ArrowType.BOOL, random, n, 0.2));
        for (ArrowType type : TYPES) {
            String a = "a" + oracle.size();
            String b = "b" + oracle.size();
            Array x = oracle.input(a, RandomArrays.of(type, random, n, 0.15));
            Array y = oracle.input(b, RandomArrays.of(type, random, n, 0.15));
            String pa = "t['" + a + "'].combine_chunks()";
            String pb = "t['" + b + "'].combine_chunks()";
            for (int k = 0; k < OPS.length; k++) {
                CompareOp op = CompareOp.values()[k];
                oracle.check(OPS[k] + " " + type, "pc." + OPS[k] + "(" + pa + ", " + pb + ")",
                        () -> Comparison.compare(op, x, y));
                oracle.check(OPS[k] + " scalar " + type, "pc." + OPS[k] + "(" + pa + ", " + pb + "[5])",
                        () -> Comparison.compare(op, x, y.slice(5, 1)));
            }
            oracle.check("is_null " + type, "pc.is_null(" + pa + ")", () -> Predicates.isNull(x));
            oracle.check("is_valid " + type, "pc.is_valid(" + pa + ")", () -> Predicates.isValid(x));
            oracle.check("is_in " + type, "pc.is_in(" + pa + ", value_set=" + pb + ".slice(0, 40))",
                    () -> Predicates.isIn(x, y.slice(0, 40)));
            oracle.check("if_else " + type, "pc.if_else(t['cond'], " + pa + ", " + pb + ")",
                    () -> Choice.ifElse(cond, x, y));
            oracle.check("coalesce " + type, "pc.coalesce(" + pa + ", " + pb + ", " + pb + "[3])",
                    () -> Choice.coalesce(x, y, y.slice(3, 1)));
            oracle.check("fill_null " + type, "pc.fill_null(" + pa + ", " + pb + ")", () -> Choice.fillNull(x, y));
            if (type instanceof ArrowType.FloatingPoint || type instanceof ArrowType.Int) {
                oracle.check("is_nan " + type, "pc.is_nan(" + pa + ")", () -> Predicates.isNan(x));
            }
        }
        Array p = oracle.input("p", RandomArrays.of(ArrowType.BOOL, random, n, 0.3));
        Array q = oracle.input("q", RandomArrays.of(ArrowType.BOOL, random, n, 0.3));
        String pp = "t['p'].combine_chunks()";
        String pq = "t['q'].combine_chunks()";
        oracle.check("and", "pc.and_(" + pp + ", " + pq + ")", () -> Logic.and(p, q));
        oracle.check("or", "pc.or_(" + pp + ", " + pq + ")", () -> Logic.or(p, q));
        oracle.check("xor", "pc.xor(" + pp + ", " + pq + ")", () -> Logic.xor(p, q));
        oracle.check("and_kleene", "pc.and_kleene(" + pp + ", " + pq + ")", () -> Logic.andKleene(p, q));
        oracle.check("or_kleene", "pc.or_kleene(" + pp + ", " + pq + ")", () -> Logic.orKleene(p, q));
        oracle.check("and_kleene scalar null", "pc.and_kleene(" + pp + ", pa.scalar(None, pa.bool_()))",
                () -> Logic.andKleene(p, Scalars.of(ArrowType.BOOL, null)));
        oracle.check("or_kleene scalar true", "pc.or_kleene(" + pp + ", pa.scalar(True))",
                () -> Logic.orKleene(p, Scalars.of(ArrowType.BOOL, true)));
        oracle.check("not", "pc.invert(" + pp + ")", () -> Logic.not(p));
        oracle.check("not sliced", "pc.invert(" + pp + ".slice(13, 100))", () -> Logic.not(p.slice(13, 100)));
        oracle.verify(python.get(), dir);
    }
}
