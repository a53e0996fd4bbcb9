// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.sql.FlightSqlProducer;
import org.apache.arrow.flight.sql.NoOpFlightSqlProducer;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * Quiver's FlightSqlClient against a Flight SQL server written on arrow-java's FlightSqlProducer API: a
 * table {@code numbers} (n = 0 to 9), updates that count their text's length, a prepared statement whose
 * int64 parameter limits the rows, and one catalog.
 */
class ArrowJavaProducerTest {
    private static final Schema NUMBERS = new Schema(List.of(Field.nullable("n", new ArrowType.Int(64, true))));
    private static final Schema LIMIT = new Schema(List.of(Field.nullable("limit", new ArrowType.Int(64, true))));

    /** The server: the parts of Flight SQL the test uses, the rest UNIMPLEMENTED. */
    static final class Producer extends NoOpFlightSqlProducer {
        private final BufferAllocator allocator;
        final AtomicLong limit = new AtomicLong(10);

        Producer(BufferAllocator allocator) {
            this.allocator = allocator;
        }

        private static FlightInfo info(Schema schema, FlightDescriptor descriptor, com.google.protobuf.Message ticket) {
            return new FlightInfo(schema, descriptor, List.of(new FlightEndpoint(new Ticket(Any.pack(ticket)
                    .toByteArray()))), -1, -1);
        }

        private void numbers(long count, ServerStreamListener listener) {
            try (VectorSchemaRoot root = VectorSchemaRoot.create(NUMBERS, allocator)) {
                BigIntVector n = (BigIntVector) root.getVector(0);
                for (int i = 0; i < count; i++) {
                    n.setSafe(i, i);
                }
                root.setRowCount((int) count);
                listener.start(root);
                listener.putNext();
                listener.completed();
            }
        }

        @Override
        public FlightInfo getFlightInfoStatement(FlightSql.CommandStatementQuery command, CallContext context,
                FlightDescriptor descriptor) {
            if (!command.getQuery().equals("SELECT * FROM numbers")) {
                throw CallStatus.INVALID_ARGUMENT.withDescription("unknown table in " + command.getQuery())
                        .toRuntimeException();
            }
            return info(NUMBERS, descriptor, FlightSql.TicketStatementQuery.newBuilder()
                    .setStatementHandle(ByteString.copyFromUtf8("numbers")).build());
        }

        @Override
        public void getStreamStatement(FlightSql.TicketStatementQuery ticket, CallContext context,
                ServerStreamListener listener) {
            numbers(10, listener);
        }

        @Override
        public Runnable acceptPutStatement(FlightSql.CommandStatementUpdate command, CallContext context,
                FlightStream flightStream, StreamListener<PutResult> ackStream) {
            return () -> {
                byte[] result = FlightSql.DoPutUpdateResult.newBuilder().setRecordCount(command.getQuery().length())
                        .build().toByteArray();
                try (ArrowBuf buf = allocator.buffer(result.length)) {
                    buf.writeBytes(result);
                    ackStream.onNext(PutResult.metadata(buf));
                }
                ackStream.onCompleted();
            };
        }

        @Override
        public void createPreparedStatement(FlightSql.ActionCreatePreparedStatementRequest request,
                CallContext context, StreamListener<Result> listener) {
            listener.onNext(new Result(Any.pack(FlightSql.ActionCreatePreparedStatementResult.newBuilder()
                    .setPreparedStatementHandle(ByteString.copyFrom(request.getQuery(), StandardCharsets.UTF_8))
                    .setDatasetSchema(ByteString.copyFrom(NUMBERS.serializeAsMessage()))
                    .setParameterSchema(ByteString.copyFrom(LIMIT.serializeAsMessage())).build()).toByteArray()));
            listener.onCompleted();
        }

        @Override
        public Runnable acceptPutPreparedStatementQuery(FlightSql.CommandPreparedStatementQuery command,
                CallContext context, FlightStream flightStream, StreamListener<PutResult> ackStream) {
            return () -> {
                while (flightStream.next()) {
                    VectorSchemaRoot root = flightStream.getRoot();
                    if (root.getRowCount() > 0) {
                        limit.set(((BigIntVector) root.getVector(0)).get(0));
                    }
                }
                ackStream.onCompleted();
            };
        }

        @Override
        public FlightInfo getFlightInfoPreparedStatement(FlightSql.CommandPreparedStatementQuery command,
                CallContext context, FlightDescriptor descriptor) {
            return info(NUMBERS, descriptor, command);
        }

        @Override
        public void getStreamPreparedStatement(FlightSql.CommandPreparedStatementQuery command, CallContext context,
                ServerStreamListener listener) {
            numbers(limit.get(), listener);
        }

        @Override
        public void closePreparedStatement(FlightSql.ActionClosePreparedStatementRequest request, CallContext context,
                StreamListener<Result> listener) {
            listener.onCompleted();
        }

        @Override
        public FlightInfo getFlightInfoCatalogs(FlightSql.CommandGetCatalogs request, CallContext context,
                FlightDescriptor descriptor) {
            return info(FlightSqlProducer.Schemas.GET_CATALOGS_SCHEMA, descriptor, request);
        }

        @Override
        public void getStreamCatalogs(CallContext context, ServerStreamListener listener) {
            try (VectorSchemaRoot root = VectorSchemaRoot.create(FlightSqlProducer.Schemas.GET_CATALOGS_SCHEMA,
                    allocator)) {
                ((VarCharVector) root.getVector(0)).setSafe(0, "quiver_test".getBytes(StandardCharsets.UTF_8));
                root.setRowCount(1);
                listener.start(root);
                listener.putNext();
                listener.completed();
            }
        }
    }

    private static List<Long> longs(Table t) {
        List<Long> out = new ArrayList<>();
        for (long i = 0; i < t.rowCount(); i++) {
            out.add((Long) t.row(i).get(0));
        }
        return out;
    }

    @Test
    void quiversClientAgainstArrowJavasProducer() throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                FlightServer server = FlightServer.builder(allocator, Location.forGrpcInsecure("localhost", 0),
                        new Producer(allocator)).build().start();
                dev.quiver.flight.sql.FlightSqlClient sql = new dev.quiver.flight.sql.FlightSqlClient(
                        dev.quiver.flight.FlightClient.builder(dev.quiver.flight.Location.forGrpcInsecure("localhost",
                                server.getPort())).build())) {
            try (RecordBatchReader r = sql.read(sql.execute("SELECT * FROM numbers"))) {
                assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), longs(Table.from(r)));
            }
            FlightException e = assertThrows(FlightException.class, () -> sql.execute("SELECT * FROM other"));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.code());
            assertEquals("DELETE FROM numbers".length(), sql.executeUpdate("DELETE FROM numbers"));
            try (dev.quiver.flight.sql.FlightSqlClient.PreparedStatement p = sql.prepare(
                    "SELECT * FROM numbers LIMIT ?")) {
                assertEquals(1, p.parameterSchema().fields().size());
                assertEquals("n", p.datasetSchema().fields().getFirst().name());
                p.setParameters(RecordBatch.ofRows(p.parameterSchema(), List.of(List.of(3L))));
                try (RecordBatchReader r = sql.read(p.execute())) {
                    assertEquals(List.of(0L, 1L, 2L), longs(Table.from(r)));
                }
            }
            try (RecordBatchReader r = sql.read(sql.getCatalogs())) {
                assertEquals("quiver_test", Table.from(r).row(0).get(0));
            }
        }
    }
}
