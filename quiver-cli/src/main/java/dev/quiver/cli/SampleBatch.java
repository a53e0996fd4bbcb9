package dev.quiver.cli;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A small record batch made in code, for the demo. */
final class SampleBatch {
    static final Schema SCHEMA = Schema.of(
            Field.notNull("id", ArrowType.INT64),
            Field.nullable("score", ArrowType.INT32),
            Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
            Field.notNull("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));

    private SampleBatch() {
    }

    static RecordBatch build() {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            rows.add(Arrays.asList((long) i, i % 4 == 3 ? null : i * 10 - 20, i % 5 == 0 ? null : 19_000 + i,
                    1_700_000_000_000_000L + i * 1000L));
        }
        return RecordBatch.ofRows(SCHEMA, rows);
    }
}
