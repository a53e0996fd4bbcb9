// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.List;
import java.util.Map;

/**
 * A Flight program as a user writes it, for {@link JvmWarningsTest}: serves a table, lists and reads it
 * back with a client, prints "rows N" and ends.
 */
public final class FlightHello {
    private FlightHello() {
    }

    public static void main(String[] args) {
        Schema schema = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        for (int i = 0; i < 3; i++) {
            b.append(i);
        }
        Table table = new Table(schema, List.of(new RecordBatch(schema, List.of(b.build()), 3)));
        try (FlightServer server = FlightServer.serve(Map.of("t", table));
                FlightClient client = FlightClient.builder(server.location()).build()) {
            FlightInfo info = client.listFlights().getFirst();
            long rows = 0;
            try (RecordBatchReader reader = client.read(info)) {
                for (RecordBatch batch : reader) {
                    rows += batch.rowCount();
                }
            }
            System.out.println("rows " + rows);
        }
    }
}
