// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.time.ZoneId;

/**
 * Casts among temporal types: timestamps, times and durations between units (to a coarser unit only without a
 * remainder unless allowed; to a finer one only without overflow), timestamps between time zones (the instant
 * kept), dates between days and milliseconds, timestamps to dates (in the timestamp's zone) and dates to
 * timestamps (midnight).
 */
final class TemporalCasts {
    private static final long MS_PER_DAY = 86_400_000L;

    private TemporalCasts() {
    }

    static boolean handles(ArrowType from, ArrowType to) {
        return from instanceof ArrowType.Timestamp && (to instanceof ArrowType.Timestamp || to instanceof ArrowType.Date)
                || from instanceof ArrowType.Date && (to instanceof ArrowType.Date || to instanceof ArrowType.Timestamp)
                || from instanceof ArrowType.Time && to instanceof ArrowType.Time
                || from instanceof ArrowType.Duration && to instanceof ArrowType.Duration;
    }

    static Array cast(Array a, ArrowType target, CastOptions options) {
        ArrowType from = a.type();
        long n = a.length();
        ArrowBuffer validity = Validity.and(a);
        MemorySegment valid = validity == null ? null : validity.segment();
        int ks = Physical.kind(from);
        int kd = Physical.kind(target);
        ArrowBuffer out = Outputs.allocate(n * Physical.width(kd));
        MemorySegment src = Chunks.values(a);
        long base = a.offset();
        for (long i = 0; i < n; i++) {
            if (valid != null && !Bitmaps.get(valid, i)) {
                continue;
            }
            long v = Physical.readLong(src, ks, base + i);
            long r = switch (from) {
                case ArrowType.Timestamp f when target instanceof ArrowType.Date d -> {
                    long days = toDays(v, f);
                    yield d.unit() == DateUnit.DAY ? days : days * MS_PER_DAY;
                }
                case ArrowType.Date f when target instanceof ArrowType.Timestamp t -> {
                    long ms = f.unit() == DateUnit.DAY ? Math.multiplyExact(v, MS_PER_DAY) : v;
                    yield rescale(ms, TimeUnit.MILLISECOND, t.unit(), options, i, a);
                }
                case ArrowType.Date f -> {
                    DateUnit to = ((ArrowType.Date) target).unit();
                    if (f.unit() == to) {
                        yield v;
                    }
                    if (to == DateUnit.MILLISECOND) {
                        yield Math.multiplyExact(v, MS_PER_DAY);
                    }
                    if (v % MS_PER_DAY != 0 && !options.allowTimeTruncate()) {
                        throw new ComputeException("cast: date64 value " + v + " at row " + i
                                + " is not a whole day");
                    }
                    yield Math.floorDiv(v, MS_PER_DAY);
                }
                default -> rescale(v, unit(from), unit(target), options, i, a);
            };
            Physical.writeLong(out.segment(), kd, i, r);
        }
        return Outputs.fixedWidth(target, n, validity, out);
    }

    private static long toDays(long v, ArrowType.Timestamp t) {
        long seconds = Math.floorDiv(v, t.unit().perSecond());
        if (t.timezone() == null) {
            return Math.floorDiv(seconds, 86_400L);
        }
        return Instant.ofEpochSecond(seconds).atZone(ZoneId.of(t.timezone())).toLocalDate().toEpochDay();
    }

    private static TimeUnit unit(ArrowType t) {
        return switch (t) {
            case ArrowType.Timestamp x -> x.unit();
            case ArrowType.Time x -> x.unit();
            case ArrowType.Duration x -> x.unit();
            default -> throw new IllegalStateException(t.toString());
        };
    }

    private static long rescale(long v, TimeUnit from, TimeUnit to, CastOptions options, long row, Array a) {
        if (from == to) {
            return v;
        }
        if (to.perSecond() > from.perSecond()) {
            long factor = to.perSecond() / from.perSecond();
            try {
                return Math.multiplyExact(v, factor);
            } catch (ArithmeticException e) {
                throw new ComputeException("cast: " + a.type() + " value " + v + " at row " + row
                        + " overflows in unit " + to, e);
            }
        }
        long factor = from.perSecond() / to.perSecond();
        if (v % factor != 0 && !options.allowTimeTruncate()) {
            throw new ComputeException("cast from " + a.type() + " to unit " + to + " would lose data: " + v
                    + " at row " + row);
        }
        return v / factor;
    }
}
