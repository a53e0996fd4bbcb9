// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static dev.quiver.flight.DirectoryProducerTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 28 item 1: an upload is stored whole or not at all, and a failed one frees its name at once. */
class UploadAtomicityTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));

    @TempDir
    Path dir;

    private static RecordBatch batch(long first) {
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        for (int i = 0; i < 100; i++) {
            b.append(first + i);
        }
        return new RecordBatch(SCHEMA, List.of(b.build()), 100);
    }

    private FlightServer serve(ServerLimits limits) {
        return FlightServer.builder(new DirectoryProducer(dir)).limits(limits).build().start();
    }

    private List<Path> temporaries() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith(".")).toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private void assertNameIsFree(FlightServer server, String name) throws IOException {
        try (FlightClient client = FlightClient.builder(server.location()).build();
                PutStream put = client.doPut(FlightDescriptor.path(name), SCHEMA)) {
            put.write(batch(0));
        }
        try (IpcFileReader reader = IpcFileReader.open(dir.resolve(name))) {
            assertEquals(1, reader.batchCount());
        }
    }

    @Test
    void aBatchWithALyingBodyLengthFailsTheWholeUpload() throws Exception {
        try (FlightServer server = serve(ServerLimits.DEFAULT)) {
            ManagedChannel channel = RawFlightData.channel(server);
            try {
                RawFlightData raw = new RawFlightData(FlightDescriptor.path("bad.arrow"), SCHEMA);
                Status status = new RawFlightData.Call(channel).send(raw.schema()).send(raw.batch(batch(0)))
                        .send(raw.batch(batch(100))).send(raw.lyingBodyLength(batch(200), 5))
                        .send(raw.batch(batch(300))).finish();
                assertNotEquals(Status.Code.OK, status.getCode(), status.toString());
                awaitTrue(() -> temporaries().isEmpty(), "the temporary file goes");
                assertFalse(Files.exists(dir.resolve("bad.arrow")), "nothing is committed");
                assertNameIsFree(server, "bad.arrow");
            } finally {
                channel.shutdownNow();
            }
        }
    }

    @Test
    void aLyingBatchAfterAPauseEndsTheUploadAndFreesTheName() throws Exception {
        try (FlightServer server = serve(ServerLimits.DEFAULT)) {
            ManagedChannel channel = RawFlightData.channel(server);
            try {
                RawFlightData raw = new RawFlightData(FlightDescriptor.path("paused.arrow"), SCHEMA);
                RawFlightData.Call call = new RawFlightData.Call(channel).send(raw.schema())
                        .send(raw.batch(batch(0))).send(raw.batch(batch(100)));
                awaitTrue(() -> temporaries().size() == 1, "the upload's temporary file appears");
                Thread.sleep(300);
                call.send(raw.lyingBodyLength(batch(200), 5));
                Status status = call.status.get(20, java.util.concurrent.TimeUnit.SECONDS);
                assertNotEquals(Status.Code.OK, status.getCode(), status.toString());
                awaitTrue(() -> temporaries().isEmpty(), "the temporary file goes");
                assertFalse(Files.exists(dir.resolve("paused.arrow")));
                assertNameIsFree(server, "paused.arrow");
            } finally {
                channel.shutdownNow();
            }
        }
    }

    @Test
    void anIdleUploadTimesOutAndFreesTheName() throws Exception {
        ServerLimits limits = ServerLimits.DEFAULT.withIdleTimeout(Duration.ofMillis(500));
        try (FlightServer server = serve(limits)) {
            ManagedChannel channel = RawFlightData.channel(server);
            try {
                RawFlightData raw = new RawFlightData(FlightDescriptor.path("idle.arrow"), SCHEMA);
                RawFlightData.Call call = new RawFlightData.Call(channel).send(raw.schema())
                        .send(raw.batch(batch(0)));
                Status status = call.status.get(20, java.util.concurrent.TimeUnit.SECONDS);
                assertEquals(Status.Code.DEADLINE_EXCEEDED, status.getCode(), status.toString());
                awaitTrue(() -> temporaries().isEmpty(), "the temporary file goes");
                assertFalse(Files.exists(dir.resolve("idle.arrow")));
                assertNameIsFree(server, "idle.arrow");
            } finally {
                channel.shutdownNow();
            }
        }
    }
}
