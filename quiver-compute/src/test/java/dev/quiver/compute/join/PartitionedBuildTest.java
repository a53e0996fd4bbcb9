// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A build side long enough to be partitioned on several threads gives the join one thread gives (one grouper): same
 * rows in the same order, for every join type, on an int64 key, a utf8 key and both, with nulls in keys.
 */
class PartitionedBuildTest {
    private static final Schema LEFT = Schema.of(Field.nullable("k", ArrowType.INT64), Field.nullable("s", ArrowType.UTF8),
            Field.nullable("v", ArrowType.INT64));
    private static final Schema RIGHT = Schema.of(Field.nullable("s", ArrowType.UTF8), Field.nullable("k", ArrowType.INT64),
            Field.nullable("w", ArrowType.INT64));

    private static Table table(Schema schema, Random random, int rows, int batches) {
        List<RecordBatch> out = new ArrayList<>();
        for (int b = 0; b < batches; b++) {
            List<Array> columns = new ArrayList<>();
            for (Field f : schema.fields()) {
                ArrayBuilder builder = ArrayBuilder.of(f.type());
                for (int i = 0; i < rows; i++) {
                    int key = random.nextInt(60_000);
                    if (random.nextInt(50) == 0) {
                        builder.appendNull();
                    } else if (f.name().equals("s")) {
                        builder.appendObject("key-" + key);
                    } else {
                        builder.appendObject((long) (f.name().equals("k") ? key : random.nextInt()));
                    }
                }
                columns.add(builder.build());
            }
            out.add(new RecordBatch(schema, columns, rows));
        }
        return new Table(schema, out);
    }

    @Test
    void partitionedBuildJoinsAsOneGrouper() {
        Random random = new Random(60);
        Table left = table(LEFT, random, 6_000, 2);
        Table right = table(RIGHT, random, 33_000, 2);
        assertTrue(right.rowCount() >= BuildKeys.PARTITIONED_ROWS);
        for (List<String> keys : List.of(List.of("k"), List.of("s"), List.of("k", "s"))) {
            List<JoinType> types = keys.equals(List.of("k")) ? List.of(JoinType.values())
                    : List.of(JoinType.INNER, JoinType.FULL_OUTER, JoinType.RIGHT_ANTI);
            for (JoinType type : types) {
                JoinOptions one = JoinOptions.on(keys.toArray(new String[0])).type(type).suffixes("_l", "_r")
                        .threads(1);
                Table expected = HashJoin.join(left, right, one);
                Table partitioned = HashJoin.join(left, right, one.threads(3));
                assertEquals(expected.rowCount(), partitioned.rowCount(), type + " on " + keys);
                assertEquals(expected, partitioned, type + " on " + keys);
            }
        }
    }
}
