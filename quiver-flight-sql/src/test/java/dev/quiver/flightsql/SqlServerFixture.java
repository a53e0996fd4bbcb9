// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchBuilder;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.Schema;
import dev.quiver.duckdb.DuckDb;
import dev.quiver.duckdb.DuckDbConnection;
import dev.quiver.flight.FlightServer;
import dev.quiver.flight.ServerAuthenticator;
import dev.quiver.flight.ServerLimits;
import dev.quiver.ipc.IpcFileWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A Flight SQL server over a directory holding {@code trips.arrow} (2,000 rows: id, city, fare, day), and
 * the same rows queried by DuckDB directly, for comparison.
 */
final class SqlServerFixture implements AutoCloseable {
    static final Schema TRIPS = Schema.of(Field.notNull("id", new ArrowType.Int(64, true)),
            Field.nullable("city", new ArrowType.Utf8()), Field.nullable("fare", new ArrowType.FloatingPoint(
                    Precision.DOUBLE)), Field.nullable("day", new ArrowType.Date(DateUnit.DAY)));
    static final int ROWS = 2000;
    private static final String[] CITIES = {"Lyon", "Oslo", "Lima", "Pune", null};

    final Path directory;
    final DuckDbSqlProducer producer;
    final FlightServer server;

    SqlServerFixture(Path directory, SqlLimits limits, ServerAuthenticator authenticator) {
        this.directory = directory;
        writeTrips(directory.resolve("trips.arrow"));
        this.producer = DuckDbSqlProducer.open(directory, limits);
        // All test clients come from 127.0.0.1: room for 32 of them with a call (or an upload of parameters,
        // which sessions side by side make at once) ending as the next starts.
        FlightServer.Builder b = FlightServer.builder(producer).port(0).limits(ServerLimits.DEFAULT.withMaxCalls(256, 64)
                .withMaxUploads(64, 64));
        if (authenticator != null) {
            b.authenticator(authenticator);
        }
        this.server = b.build().start();
    }

    SqlServerFixture(Path directory) {
        this(directory, SqlLimits.DEFAULT, null);
    }

    static Table trips() {
        RecordBatchBuilder b = RecordBatchBuilder.of(TRIPS, BufferAllocator.managed());
        for (int i = 0; i < ROWS; i++) {
            b.addRow((long) i, CITIES[i % CITIES.length], i % 7 == 0 ? null : i * 0.25, 19000 + i % 60);
        }
        RecordBatch batch = b.build();
        return new Table(TRIPS, List.of(batch.slice(0, 1200), batch.slice(1200, ROWS - 1200)));
    }

    static void writeTrips(Path file) {
        try (IpcFileWriter w = IpcFileWriter.open(file, TRIPS)) {
            for (RecordBatch b : trips()) {
                w.write(b);
            }
        }
    }

    /** DuckDB's own answer to a query over the same rows (the table registered as {@code trips}). */
    static List<List<Object>> duckDb(String sql) {
        try (DuckDbConnection db = DuckDb.open()) {
            db.register("trips", trips());
            try (RecordBatchReader r = db.query(sql)) {
                return rows(Table.from(r));
            }
        }
    }

    static List<List<Object>> rows(Table t) {
        List<List<Object>> out = new ArrayList<>();
        for (long i = 0; i < t.rowCount(); i++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < t.columnCount(); c++) {
                row.add(t.row(i).get(c));
            }
            out.add(row);
        }
        return out;
    }

    @Override
    public void close() {
        server.close();
        producer.close();
    }
}
