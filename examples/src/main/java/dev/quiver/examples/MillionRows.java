// SPDX-License-Identifier: Apache-2.0
package dev.quiver.examples;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.builder.FloatBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.Arrow;
import dev.quiver.io.ArrowOptions;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;

/**
 * Builds a million rows from Java records and writes them, ZSTD-compressed: {@code MillionRows trips.arrow}.
 */
public final class MillionRows {
    /**
     * One row.
     *
     * @param id the trip's number
     * @param city where it started
     * @param fare what it cost
     */
    public record Trip(long id, String city, double fare) {
    }

    private MillionRows() {
    }

    /**
     * Runs the example.
     *
     * @param args the output file (any format the front door knows, by name)
     */
    public static void main(String[] args) {
        List<String> cities = List.of("Lisbon", "Oslo", "Quito");
        List<Trip> trips = LongStream.range(0, 1_000_000)
                .mapToObj(i -> new Trip(i, cities.get((int) (i % 3)), i % 1000 / 10.0)).toList();
        // ISSUE-36 SWITCH: RecordBatchBuilder.fromRecords(trips) replaces the schema and the builders below
        // once it is in quiver-core.
        Schema schema = Schema.of(Field.notNull("id", ArrowType.INT64), Field.notNull("city", ArrowType.UTF8),
                Field.notNull("fare", ArrowType.FLOAT64));
        var allocator = BufferAllocator.managed();
        var ids = IntBuilder.int64(allocator);
        var names = new VarBinaryBuilder(ArrowType.UTF8, allocator);
        var fares = FloatBuilder.float64(allocator);
        for (Trip trip : trips) {
            ids.append(trip.id());
            names.append(trip.city());
            fares.append(trip.fare());
        }
        var batch = new RecordBatch(schema, List.of(ids.build(), names.build(), fares.build()));
        Arrow.write(new Table(schema, List.of(batch)), Path.of(args[0]),
                ArrowOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.ZSTD)));
        System.out.println("wrote " + batch.rowCount() + " rows to " + args[0]);
    }
}
