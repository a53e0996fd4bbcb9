// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.List;

/**
 * A client process for {@link DirectoryProducerTest}: uploads batches to the flight {@code args[1]} at
 * {@code args[0]} without end, printing "started" once the first batch is out, until it is killed.
 */
public final class EndlessUpload {
    private EndlessUpload() {
    }

    public static void main(String[] args) {
        Schema schema = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        for (int i = 0; i < 1000; i++) {
            b.append(i);
        }
        RecordBatch batch = new RecordBatch(schema, List.of(b.build()), 1000);
        try (FlightClient client = FlightClient.builder(new Location(args[0])).build();
                PutStream put = client.doPut(FlightDescriptor.path(args[1]), schema)) {
            put.write(batch);
            System.out.println("started");
            System.out.flush();
            while (true) {
                put.write(batch);
            }
        }
    }
}
