// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

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

class CastPyarrowTest {
    private static final List<ArrowType> NUMBERS = List.of(ArrowType.INT8, ArrowType.INT16, ArrowType.INT32,
            ArrowType.INT64, ArrowType.UINT8, ArrowType.UINT16, ArrowType.UINT32, ArrowType.UINT64, ArrowType.FLOAT32,
            ArrowType.FLOAT64, ArrowType.BOOL);
    private static final List<ArrowType> OTHERS = List.of(ArrowType.UTF8, ArrowType.LARGE_UTF8,
            new ArrowType.Decimal(12, 3, 128), new ArrowType.Decimal(30, 0, 128), new ArrowType.Date(DateUnit.DAY),
            new ArrowType.Date(DateUnit.MILLISECOND), new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
            new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), new ArrowType.Timestamp(TimeUnit.SECOND, null),
            new ArrowType.Timestamp(TimeUnit.NANOSECOND, "Europe/Paris"));

    @Test
    void castsMatchPyarrow(@TempDir Path dir) throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Random random = new Random(34);
        int n = 300;
        PyarrowOracle oracle = new PyarrowOracle();
        List<ArrowType> sources = new java.util.ArrayList<>(NUMBERS);
        sources.addAll(List.of(ArrowType.UTF8, new ArrowType.Decimal(12, 3, 128), new ArrowType.Date(DateUnit.DAY),
                new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));
        for (ArrowType from : sources) {
            String c = "c" + oracle.size();
            Array values = oracle.input(c, RandomArrays.of(from, random, n, 0.1));
            String col = "t['" + c + "'].combine_chunks()";
            List<ArrowType> targets = new java.util.ArrayList<>(NUMBERS);
            targets.addAll(OTHERS);
            for (ArrowType to : targets) {
                if (skip(from, to)) {
                    continue;
                }
                oracle.check("cast " + from + " to " + to, col + ".cast(" + py(to) + ")",
                        () -> Cast.to(values, to));
                if (from instanceof ArrowType.FloatingPoint && (to instanceof ArrowType.Int
                        || to instanceof ArrowType.Decimal)) {
                    // Unsafe NaN and out-of-range floats to integers are undefined in C++ (x86 gives MIN_VALUE);
                    // Quiver saturates as Java does, or refuses NaN for decimals.
                    continue;
                }
                oracle.check("unsafe cast " + from + " to " + to, col + ".cast(" + py(to) + ", safe=False)",
                        () -> Cast.to(values, to, CastOptions.UNSAFE));
            }
        }
        Array numbers = oracle.input("numtext", text(random, n));
        for (ArrowType to : List.of(ArrowType.INT8, ArrowType.INT64, ArrowType.UINT64, ArrowType.FLOAT64)) {
            oracle.check("parse numbers as " + to, "t['numtext'].combine_chunks().cast(" + py(to) + ")",
                    () -> Cast.to(numbers, to));
        }
        oracle.verify(python.get(), dir);
    }

    private static boolean skip(ArrowType from, ArrowType to) {
        boolean fromText = from instanceof ArrowType.Utf8;
        boolean toTemporal = to instanceof ArrowType.Date || to instanceof ArrowType.Timestamp;
        boolean fromTemporal = from instanceof ArrowType.Date || from instanceof ArrowType.Timestamp;
        boolean toNumber = to instanceof ArrowType.Int || to instanceof ArrowType.FloatingPoint
                || to instanceof ArrowType.Bool || to instanceof ArrowType.Decimal;
        // Random words are not numbers or dates: both sides must fail alike, one case each is enough.
        return fromText && (toTemporal || toNumber) && !(to instanceof ArrowType.Int i && i.bitWidth() == 64)
                || fromTemporal && toNumber
                || (from instanceof ArrowType.Bool || from instanceof ArrowType.Decimal) && toTemporal
                || (from instanceof ArrowType.Int || from instanceof ArrowType.FloatingPoint) && toTemporal
                || from instanceof ArrowType.Bool && to instanceof ArrowType.Decimal
                || from instanceof ArrowType.Decimal && to instanceof ArrowType.Bool;
    }

    private static Array text(Random random, int n) {
        ArrayBuilder b = ArrayBuilder.of(ArrowType.UTF8);
        String[] samples = {"0", "-12", "+7", "127", "128", "-129", "9223372036854775807", "-9223372036854775808",
            "18446744073709551615", "1.5", "-0.25", "1e3", "nan", "inf", "-inf", ".5"};
        for (int i = 0; i < n; i++) {
            b.appendObject(random.nextInt(10) == 0 ? null : samples[random.nextInt(samples.length)]);
        }
        return b.build();
    }

    static String py(ArrowType t) {
        return switch (t) {
            case ArrowType.Int i -> "pa." + (i.signed() ? "int" : "uint") + i.bitWidth() + "()";
            case ArrowType.FloatingPoint f -> f.precision() == dev.quiver.core.type.Precision.SINGLE ? "pa.float32()"
                    : "pa.float64()";
            case ArrowType.Bool b -> "pa.bool_()";
            case ArrowType.Utf8 u -> "pa.string()";
            case ArrowType.LargeUtf8 u -> "pa.large_string()";
            case ArrowType.Decimal d -> "pa.decimal128(" + d.precision() + ", " + d.scale() + ")";
            case ArrowType.Date d -> d.unit() == DateUnit.DAY ? "pa.date32()" : "pa.date64()";
            case ArrowType.Timestamp s -> "pa.timestamp('" + s.unit().symbol() + "'"
                    + (s.timezone() == null ? "" : ", '" + s.timezone() + "'") + ")";
            default -> throw new IllegalArgumentException(t.toString());
        };
    }
}
