// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.ExchangeStream;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.Validator;

/**
 * {@code do_exchange:echo}: the client sends four batches of ten int32 values in lock-step with the
 * echo, {@code app_metadata} on every other one; each comes back equal, with its metadata or none; the
 * echo ends when the client's side does.
 */
final class DoExchangeEchoScenario implements FlightScenario {
    private static final byte[] COMMAND = "echo".getBytes(StandardCharsets.UTF_8);
    private static final Schema SCHEMA = Schema.of(Field.notNull("x", ArrowType.INT32));
    private static final org.apache.arrow.vector.types.pojo.Schema ARROW_SCHEMA = new org.apache.arrow.vector.types.pojo.Schema(
            List.of(org.apache.arrow.vector.types.pojo.Field.notNullable("x",
                    new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, true))));
    private static final int BATCHES = 4;
    private static final int ROWS = 10;

    private static byte[] metadata(int batch) {
        return Integer.toString(batch).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public FlightProducer quiverProducer() {
        return new FlightProducer() {
            @Override
            public void doExchange(dev.quiver.flight.CallContext context, FlightStream data, DataSink sink) {
                try (FlightDataWriter out = sink.start(data.schema())) {
                    for (RecordBatch b : data) {
                        byte[] metadata = data.appMetadata();
                        if (metadata.length == 0) {
                            out.write(b);
                        } else {
                            out.write(b, metadata);
                        }
                    }
                }
            }
        };
    }

    @Override
    public org.apache.arrow.flight.FlightProducer arrowJavaProducer(BufferAllocator allocator) {
        return new NoOpFlightProducer() {
            @Override
            public void doExchange(CallContext context, org.apache.arrow.flight.FlightStream reader,
                    ServerStreamListener writer) {
                writer.start(reader.getRoot(), reader.getDictionaryProvider());
                while (reader.next()) {
                    ArrowBuf metadata = reader.getLatestMetadata();
                    if (metadata == null) {
                        writer.putNext();
                    } else {
                        metadata.getReferenceManager().retain();
                        writer.putNext(metadata);
                    }
                }
                writer.completed();
            }
        };
    }

    @Override
    public void quiverClient(dev.quiver.flight.FlightClient client) {
        BatchComparator comparator = new BatchComparator();
        try (ExchangeStream exchange = client.doExchange(FlightDescriptor.command(COMMAND))) {
            FlightStream reader = exchange.reader();
            try (FlightDataWriter writer = exchange.startWriting(SCHEMA)) {
                for (int batch = 0; batch < BATCHES; batch++) {
                    List<List<Integer>> rows = new ArrayList<>();
                    for (int row = 0; row < ROWS; row++) {
                        rows.add(List.of(batch + row));
                    }
                    RecordBatch sent = RecordBatch.ofRows(SCHEMA, rows);
                    boolean withMetadata = batch % 2 == 0;
                    if (withMetadata) {
                        writer.write(sent, metadata(batch));
                    } else {
                        writer.write(sent);
                    }
                    RecordBatch back = reader.readNext().orElseThrow(() -> new AssertionError("Unexpected end of reader"));
                    assertArrayEquals(withMetadata ? metadata(batch) : new byte[0], reader.appMetadata());
                    assertEquals(SCHEMA, reader.schema());
                    assertEquals(Optional.empty(), comparator.compare(batch, sent, back).map(d -> d.message()));
                }
            }
            assertEquals(Optional.empty(), reader.readNext(), "Expected to reach end of reader");
        }
    }

    @Override
    public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) throws Exception {
        try (org.apache.arrow.flight.FlightClient.ExchangeReaderWriter stream = client.doExchange(
                org.apache.arrow.flight.FlightDescriptor.command(COMMAND));
                VectorSchemaRoot root = VectorSchemaRoot.create(ARROW_SCHEMA, allocator)) {
            org.apache.arrow.flight.FlightStream reader = stream.getReader();
            IntVector x = (IntVector) root.getVector("x");
            x.allocateNew();
            stream.getWriter().start(root);
            for (int batch = 0; batch < BATCHES; batch++) {
                for (int row = 0; row < ROWS; row++) {
                    x.setSafe(row, batch + row);
                }
                root.setRowCount(ROWS);
                boolean withMetadata = batch % 2 == 0;
                if (withMetadata) {
                    byte[] raw = metadata(batch);
                    ArrowBuf buffer = allocator.buffer(raw.length);
                    buffer.writeBytes(raw);
                    stream.getWriter().putNext(buffer);
                } else {
                    stream.getWriter().putNext();
                }
                assertTrue(reader.next(), "Unexpected end of reader");
                if (withMetadata) {
                    assertNotNull(reader.getLatestMetadata());
                    byte[] read = new byte[metadata(batch).length];
                    reader.getLatestMetadata().getBytes(0, read);
                    assertArrayEquals(metadata(batch), read);
                } else {
                    assertNull(reader.getLatestMetadata());
                }
                assertEquals(root.getSchema(), reader.getSchema());
                Validator.compareVectorSchemaRoot(reader.getRoot(), root);
            }
            stream.getWriter().completed();
            assertFalse(reader.next(), "Expected to reach end of reader");
        }
    }
}
