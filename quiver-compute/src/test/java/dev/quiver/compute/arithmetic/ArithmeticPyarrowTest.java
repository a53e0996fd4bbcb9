// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.arithmetic;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.compute.PyarrowOracle;
import dev.quiver.compute.RandomArrays;
import dev.quiver.core.array.Array;
import dev.quiver.core.type.ArrowType;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArithmeticPyarrowTest {
    private static final List<ArrowType> TYPES = List.of(ArrowType.INT8, ArrowType.INT16, ArrowType.INT32,
            ArrowType.INT64, ArrowType.UINT8, ArrowType.UINT32, ArrowType.UINT64, ArrowType.FLOAT32,
            ArrowType.FLOAT64, new ArrowType.Decimal(12, 3, 128), new ArrowType.Decimal(9, 1, 128));
    private static final List<ArithmeticOp> OPS = List.of(ArithmeticOp.values());

    @Test
    void arithmeticMatchesPyarrow(@TempDir Path dir) throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Random random = new Random(33);
        int n = 400;
        PyarrowOracle oracle = new PyarrowOracle();
        Array[] cols = new Array[TYPES.size()];
        for (int k = 0; k < cols.length; k++) {
            cols[k] = oracle.input("c" + k, RandomArrays.of(TYPES.get(k), random, n, 0.1));
        }
        Array small = oracle.input("small", RandomArrays.of(ArrowType.INT8, random, n, 0.1));
        for (int i = 0; i < cols.length; i++) {
            Array a = cols[i];
            String pa = "t['c" + i + "'].combine_chunks()";
            for (int j : new int[] {i, (i + 3) % cols.length, (i + 5) % cols.length}) {
                Array b = cols[j];
                String pb = "t['c" + j + "'].combine_chunks()";
                for (ArithmeticOp op : OPS) {
                    if (op == ArithmeticOp.POWER) {
                        continue;
                    }
                    String what = op.function() + " " + a.type() + " " + b.type();
                    oracle.check(what, "pc." + op.function() + "(" + pa + ", " + pb + ")",
                            () -> Arithmetic.apply(op, false, a, b));
                    oracle.check(what + " checked", "pc." + op.function() + "_checked(" + pa + ", " + pb + ")",
                            () -> Arithmetic.apply(op, true, a, b));
                    oracle.check(what + " scalar", "pc." + op.function() + "(" + pa + ", " + pb + "[7])",
                            () -> Arithmetic.apply(op, false, a, b.slice(7, 1)));
                }
            }
            if (!(a.type() instanceof ArrowType.Decimal)) {
                oracle.check("power " + a.type(), "pc.power(" + pa + ", pc.abs(t['small']).cast('"
                        + pyType(a.type()) + "'))",
                        () -> Arithmetic.power(a, dev.quiver.compute.cast.Cast.to(Arithmetic.abs(small), a.type())));
            }
            oracle.check("negate " + a.type(), "pc.negate(" + pa + ")", () -> Arithmetic.negate(a));
            oracle.check("abs " + a.type(), "pc.abs(" + pa + ")", () -> Arithmetic.abs(a));
            oracle.check("abs_checked " + a.type(), "pc.abs_checked(" + pa + ")", () -> Arithmetic.absChecked(a));
            oracle.check("round " + a.type(), "pc.round(" + pa + ")", () -> Arithmetic.round(a));
            oracle.check("floor " + a.type(), "pc.floor(" + pa + ")", () -> Arithmetic.floor(a));
            oracle.check("ceil " + a.type(), "pc.ceil(" + pa + ")", () -> Arithmetic.ceil(a));
            if (!(a.type() instanceof ArrowType.FloatingPoint f)
                    || f.precision() == dev.quiver.core.type.Precision.DOUBLE) {
                oracle.check("sqrt " + a.type(), "pc.sqrt(" + pa + ")", () -> Arithmetic.sqrt(a));
                oracle.check("ln " + a.type(), "pc.ln(" + pa + ")", () -> Arithmetic.ln(a));
                oracle.check("ln_checked " + a.type(), "pc.ln_checked(" + pa + ")", () -> Arithmetic.lnChecked(a));
            }
        }
        oracle.verify(python.get(), dir);
    }

    private static String pyType(ArrowType t) {
        return switch (t) {
            case ArrowType.Int i -> (i.signed() ? "int" : "uint") + i.bitWidth();
            case ArrowType.FloatingPoint f -> f.precision() == dev.quiver.core.type.Precision.SINGLE ? "float32"
                    : "float64";
            default -> throw new IllegalArgumentException(t.toString());
        };
    }
}
