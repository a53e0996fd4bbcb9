// SPDX-License-Identifier: Apache-2.0
package dev.quiver.examples;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchBuilder;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.BufferAllocator;
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
        RecordBatch batch = RecordBatchBuilder.fromRecords(trips, BufferAllocator.managed());
        Arrow.write(new Table(batch.schema(), List.of(batch)), Path.of(args[0]),
                ArrowOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.ZSTD)));
        System.out.println("wrote " + batch.rowCount() + " rows to " + args[0]);
    }
}
