// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * Writes run-end encoded data as its logical runs: the run ends relative to the array's window (the
 * last one equal to its length) and the values of those runs.
 */
final class JsonRunEnds {
    private JsonRunEnds() {
    }

    static void write(JsonColumnWriter out, ArrowType.RunEndEncoded type, ArrayData data) throws IOException {
        ArrayData runEnds = data.child(0);
        int width = ((ArrowType.Int) runEnds.type()).bitWidth();
        long start = data.offset();
        long end = start + data.length();
        long first = data.length() == 0 ? 0 : firstRunEndingAfter(runEnds, width, start);
        long last = data.length() == 0 ? -1 : firstRunEndingAfter(runEnds, width, end - 1);
        long runs = last - first + 1;
        JsonGenerator g = out.generator();
        g.writeArrayFieldStart("children");
        g.writeStartObject();
        g.writeStringField("name", type.runEnds().name());
        g.writeNumberField("count", runs);
        g.writeArrayFieldStart("VALIDITY");
        for (long i = 0; i < runs; i++) {
            g.writeNumber(1);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("DATA");
        for (long p = first; p <= last; p++) {
            out.writeInteger(Math.min(runEnd(runEnds, width, p), end) - start, width, true);
        }
        g.writeEndArray();
        g.writeEndObject();
        out.write(type.values().name(), data.child(1).slice(first, runs));
        g.writeEndArray();
    }

    /** The first physical run whose end is past logical position {@code pos} (binary search). */
    private static long firstRunEndingAfter(ArrayData runEnds, int width, long pos) {
        long lo = 0;
        long hi = runEnds.length() - 1;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (runEnd(runEnds, width, mid) > pos) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static long runEnd(ArrayData runEnds, int width, long p) {
        MemorySegment s = runEnds.buffer(1).segment();
        long at = runEnds.offset() + p;
        return switch (width) {
            case 16 -> s.get(LittleEndian.SHORT, at * 2);
            case 32 -> s.get(LittleEndian.INT, at * 4);
            default -> s.get(LittleEndian.LONG, at * 8);
        };
    }
}
