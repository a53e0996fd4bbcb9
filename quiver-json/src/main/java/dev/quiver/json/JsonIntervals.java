// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.json.JsonScalars.BadValue;
import java.io.IOException;

/**
 * Day-time intervals as {@code {"days", "milliseconds"}} objects and month-day-nano intervals as
 * {@code {"months", "days", "nanoseconds"}} objects; a missing member (as in the {@code {}} written
 * for null slots) reads as 0, other members are ignored.
 */
final class JsonIntervals {
    static final String MONTHS = "months";
    static final String DAYS = "days";
    static final String MILLISECONDS = "milliseconds";
    static final String NANOSECONDS = "nanoseconds";

    private JsonIntervals() {
    }

    static JsonBufferReader.Decoded read(JsonBufferReader buffers, IntervalUnit unit, String key, String place)
            throws IOException {
        JsonInput in = buffers.input();
        JsonParser p = in.parser();
        boolean dayTime = unit == IntervalUnit.DAY_TIME;
        int width = dayTime ? 8 : 16;
        in.expectArray(key, place);
        GrowableBuffer out = buffers.growable();
        long i = 0;
        while (in.nextValue() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                throw JsonFormatException.at(JsonBufferReader.entry(place, key, i), "expected an object, found "
                        + in.describeCurrent());
            }
            long base = out.size();
            out.appendZeros(width);
            while (in.nextValue() == JsonToken.FIELD_NAME) {
                String member = p.currentName();
                in.nextValue();
                int at = dayTime ? dayTimeOffset(member) : monthDayNanoOffset(member);
                if (at < 0) {
                    in.skipValue();
                    continue;
                }
                try {
                    if (at == 8) {
                        out.segment().set(LittleEndian.LONG, base + at, JsonScalars.integer(p, 64, true));
                    } else {
                        out.segment().set(LittleEndian.INT, base + at, (int) JsonScalars.integer(p, 32, true));
                    }
                } catch (BadValue e) {
                    throw JsonFormatException.at(JsonBufferReader.entry(place, key, i) + "." + member, e.getMessage());
                }
            }
            i++;
        }
        return new JsonBufferReader.Decoded(out.finish(), i);
    }

    /** The byte offset of a day-time member in its 8 bytes, or -1 for another member. */
    private static int dayTimeOffset(String member) {
        return switch (member) {
            case DAYS -> 0;
            case MILLISECONDS -> 4;
            default -> -1;
        };
    }

    /** The byte offset of a month-day-nano member in its 16 bytes, or -1 for another member. */
    private static int monthDayNanoOffset(String member) {
        return switch (member) {
            case MONTHS -> 0;
            case DAYS -> 4;
            case NANOSECONDS -> 8;
            default -> -1;
        };
    }
}
