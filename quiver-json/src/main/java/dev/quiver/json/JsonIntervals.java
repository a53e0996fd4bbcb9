package dev.quiver.json;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LE;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.json.JsonValue.JArray;
import dev.quiver.json.JsonValue.JObject;
import java.lang.foreign.MemorySegment;

/**
 * Day-time intervals as {@code {"days", "milliseconds"}} objects and month-day-nano intervals as
 * {@code {"months", "days", "nanoseconds"}} objects; a missing member (as in the {@code {}} written
 * for null slots) reads as 0.
 */
final class JsonIntervals {
    static final String MONTHS = "months";
    static final String DAYS = "days";
    static final String MILLISECONDS = "milliseconds";
    static final String NANOSECONDS = "nanoseconds";

    private JsonIntervals() {
    }

    static ArrowBuffer read(JsonBufferReader buffers, JArray values, IntervalUnit unit, String place) {
        boolean dayTime = unit == IntervalUnit.DAY_TIME;
        int width = dayTime ? 8 : 16;
        ArrowBuffer buffer = buffers.allocate((long) values.size() * width);
        MemorySegment segment = buffer.segment();
        for (int i = 0; i < values.size(); i++) {
            String at = place + "[" + i + "]";
            JObject obj = JsonAccess.object(values.get(i), at);
            long base = (long) i * width;
            if (dayTime) {
                segment.set(LE.INT, base, (int) member(obj, DAYS, 32, at));
                segment.set(LE.INT, base + 4, (int) member(obj, MILLISECONDS, 32, at));
            } else {
                segment.set(LE.INT, base, (int) member(obj, MONTHS, 32, at));
                segment.set(LE.INT, base + 4, (int) member(obj, DAYS, 32, at));
                segment.set(LE.LONG, base + 8, member(obj, NANOSECONDS, 64, at));
            }
        }
        return buffer;
    }

    private static long member(JObject obj, String key, int bitWidth, String place) {
        JsonValue value = obj.get(key);
        return value == null ? 0 : JsonBufferReader.integer(value, bitWidth, true, place + "." + key);
    }
}
