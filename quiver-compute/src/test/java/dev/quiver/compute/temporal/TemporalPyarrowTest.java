// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.temporal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.PyarrowOracle;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The temporal kernels against pyarrow.compute on random sliced dates, times and timestamps (several zones). */
class TemporalPyarrowTest {
    private static final int N = 300;

    @TempDir
    Path dir;

    /** A random array of raw values: {@code range} units either side of the epoch, nulls, offset 2. */
    private static Array raw(ArrowType type, int width, Random rnd, long low, long high) {
        ArrowBuffer values = BufferAllocator.managed().allocate((N + 4L) * width);
        ArrowBuffer validity = BufferAllocator.managed().allocate(Bitmaps.bytesFor(N + 4));
        for (int i = 0; i < N + 4; i++) {
            long v = rnd.nextLong(low, high);
            if (width == 4) {
                values.segment().set(LittleEndian.INT, i * 4L, (int) v);
            } else {
                values.segment().set(LittleEndian.LONG, i * 8L, v);
            }
            Bitmaps.set(validity.segment(), i, rnd.nextInt(10) != 0);
        }
        return Array.of(new ArrayData(type, N + 4, 0, ArrayData.UNKNOWN_NULL_COUNT, Arrays.asList(validity, values),
                List.of(), null)).slice(2, N);
    }

    @Test
    void temporalKernelsEqualPyarrow() throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        PyarrowOracle oracle = new PyarrowOracle();
        Random rnd = new Random(31);
        long century = 100L * 365 * 86_400;
        int k = 0;
        for (String zone : new String[] {null, "UTC", "America/New_York", "+05:30", "Asia/Kolkata"}) {
            for (TimeUnit unit : TimeUnit.values()) {
                long per = unit.perSecond();
                // 1950 to 2037: pyarrow's zone data stops applying daylight saving time after 2037, and
                // rounds the offsets of local mean time (before 1950 in some zones) to whole minutes
                long low = zone == null ? -century * 7 / 10 : -century / 5;
                long high = century * 67 / 100;
                Array ts = oracle.input("t" + k++, raw(new ArrowType.Timestamp(unit, zone), 8, rnd, low * per, high * per));
                check(oracle, ts, "t" + (k - 1), zone);
            }
        }
        Array d32 = oracle.input("d32", raw(new ArrowType.Date(DateUnit.DAY), 4, rnd, -40_000, 60_000));
        check(oracle, d32, "d32", null);
        Array d64 = oracle.input("d64", raw(new ArrowType.Date(DateUnit.MILLISECOND), 8, rnd, -40_000, 60_000));
        Array d64days = oracle.input("d64d", timesDays(d64));
        check(oracle, d64days, "d64d", null);
        Array t32 = oracle.input("t32", raw(new ArrowType.Time(TimeUnit.MILLISECOND, 32), 4, rnd, 0, 86_400_000));
        Array t64 = oracle.input("t64", raw(new ArrowType.Time(TimeUnit.NANOSECOND, 64), 8, rnd, 0, 86_400_000_000_000L));
        for (String name : new String[] {"t32", "t64"}) {
            Array t = name.equals("t32") ? t32 : t64;
            for (Component c : Component.values()) {
                String fn = c.name().toLowerCase();
                oracle.check(fn + " " + name, "pc." + fn + "(t['" + name + "'])", () -> Temporal.extract(t, c));
            }
        }
        oracle.verify(python.get(), dir);
    }

    /** date64 values that are whole days, as the format requires. */
    private static Array timesDays(Array d64) {
        ArrowBuffer values = BufferAllocator.managed().allocate(8L * N);
        for (int i = 0; i < N; i++) {
            long days = d64.data().buffer(1).segment().get(LittleEndian.LONG, (d64.offset() + i) * 8);
            values.segment().set(LittleEndian.LONG, i * 8L, days * 86_400_000L);
        }
        return Array.of(new ArrayData(d64.type(), N, 0, d64.nullCount(), Arrays.asList(copyValidity(d64), values),
                List.of(), null));
    }

    private static ArrowBuffer copyValidity(Array a) {
        ArrowBuffer v = BufferAllocator.managed().allocate(Bitmaps.bytesFor(a.length()));
        for (long i = 0; i < a.length(); i++) {
            Bitmaps.set(v.segment(), i, a.isValid(i));
        }
        return v;
    }

    private static void check(PyarrowOracle oracle, Array a, String name, String zone) {
        String c = "t['" + name + "']";
        boolean date = a.type() instanceof ArrowType.Date;
        for (Component comp : Component.values()) {
            String fn = comp.name().toLowerCase();
            oracle.check(fn + " " + a.type(), "pc." + fn + "(" + c + ")", () -> Temporal.extract(a, comp));
        }
        for (Temporal.Unit unit : Temporal.Unit.values()) {
            if (date && unit.ordinal() < Temporal.Unit.DAY.ordinal()) {
                continue;
            }
            for (int multiple : new int[] {1, 3}) {
                if (multiple > 1 && unit.ordinal() < finestUnit(a.type())) {
                    continue;
                }
                String u = unit.name().toLowerCase();
                oracle.check("floor_temporal " + multiple + " " + u + " " + a.type(),
                        "pc.floor_temporal(" + c + ", multiple=" + multiple + ", unit='" + u + "')",
                        () -> Temporal.floor(a, multiple, unit));
            }
        }
        String format = zone != null && zone.startsWith("+") ? "%a %A %b %B %d %e %j %I%p %u %w %y %F %T %z %%"
                : "%a %A %b %B %d %e %j %I%p %u %w %y %F %T %z %Z %%";
        if (!date) {
            oracle.check("strftime default " + a.type(), "pc.strftime(" + c + ")", () -> Temporal.strftime(a, "%Y-%m-%dT%H:%M:%S"));
        }
        oracle.check("strftime " + a.type(), "pc.strftime(" + c + ", '" + format + "')", () -> Temporal.strftime(a, format));
    }

    /** The ordinal of the {@link Temporal.Unit} of an array's unit. */
    private static int finestUnit(ArrowType type) {
        if (type instanceof ArrowType.Timestamp ts) {
            return switch (ts.unit()) {
                case SECOND -> Temporal.Unit.SECOND.ordinal();
                case MILLISECOND -> Temporal.Unit.MILLISECOND.ordinal();
                case MICROSECOND -> Temporal.Unit.MICROSECOND.ordinal();
                case NANOSECOND -> Temporal.Unit.NANOSECOND.ordinal();
            };
        }
        return Temporal.Unit.DAY.ordinal();
    }

    @Test
    void aMultipleOfAFinerUnitIsRefused() {
        Array ts = raw(new ArrowType.Timestamp(TimeUnit.SECOND, null), 8, new Random(1), 0, 1000);
        ComputeException e = assertThrows(ComputeException.class, () -> Temporal.floor(ts, 3, Temporal.Unit.MILLISECOND));
        assertEquals(true, e.getMessage().contains("finer"), e.getMessage());
        assertEquals(ts, Temporal.floor(ts, 1, Temporal.Unit.MILLISECOND));
    }

    @Test
    void strptimeRefusesADayTheMonthDoesNotHave() {
        // pyarrow 25 reads 2020-02-30 as 2020-03-01; Quiver never changes a value silently
        ArrayBuilder b = ArrayBuilder.of(ArrowType.UTF8);
        b.appendObject("2020-02-29");
        b.appendObject("2020-02-30");
        ComputeException e = assertThrows(ComputeException.class, () -> Temporal.strptime(b.build(), "%Y-%m-%d",
                TimeUnit.SECOND));
        assertEquals(true, e.getMessage().contains("row 1"), e.getMessage());
    }

    @Test
    void strptimeEqualsPyarrowAndNamesTheUnparsableRow() throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        PyarrowOracle oracle = new PyarrowOracle();
        ArrayBuilder b = ArrayBuilder.of(ArrowType.UTF8);
        Random rnd = new Random(5);
        for (int i = 0; i < 200; i++) {
            if (rnd.nextInt(10) == 0) {
                b.appendNull();
            } else {
                b.appendObject(String.format("%04d-%02d-%02d %02d:%02d:%02d", 1900 + rnd.nextInt(250), 1 + rnd.nextInt(12),
                        1 + rnd.nextInt(28), rnd.nextInt(24), rnd.nextInt(60), rnd.nextInt(60)));
            }
        }
        Array good = oracle.input("good", b.build());
        ArrayBuilder bad = ArrayBuilder.of(ArrowType.UTF8);
        for (int i = 0; i < 200; i++) {
            bad.appendObject(i == 150 ? "2020-01-0x 00:00:00" : "2020-01-05 10:11:12");
        }
        Array wrong = oracle.input("bad", bad.build());
        for (TimeUnit unit : TimeUnit.values()) {
            String u = switch (unit) {
                case SECOND -> "s";
                case MILLISECOND -> "ms";
                case MICROSECOND -> "us";
                case NANOSECOND -> "ns";
            };
            oracle.check("strptime " + unit, "pc.strptime(t['good'], format='%Y-%m-%d %H:%M:%S', unit='" + u + "')",
                    () -> Temporal.strptime(good, "%Y-%m-%d %H:%M:%S", unit));
        }
        oracle.check("strptime other pattern", "pc.strptime(t['good'], format='%Y-%m-%d', unit='s')",
                () -> Temporal.strptime(good, "%Y-%m-%d", TimeUnit.SECOND));
        oracle.check("strptime invalid date", "pc.strptime(t['bad'], format='%Y-%m-%d %H:%M:%S', unit='s')",
                () -> Temporal.strptime(wrong, "%Y-%m-%d %H:%M:%S", TimeUnit.SECOND));
        oracle.verify(python.get(), dir);
        ComputeException e = assertThrows(ComputeException.class, () -> Temporal.strptime(wrong, "%Y-%m-%d %H:%M:%S",
                TimeUnit.SECOND));
        assertEquals(true, e.getMessage().contains("row 150"), e.getMessage());
    }
}
