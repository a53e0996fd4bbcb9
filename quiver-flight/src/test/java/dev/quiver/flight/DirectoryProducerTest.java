// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DirectoryProducer: listing, ranges of batches as endpoints, mapped DoGet, atomic DoPut, refused names. */
class DirectoryProducerTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));

    @TempDir
    Path dir;

    private final List<RecordBatch> batches = new ArrayList<>();

    private static RecordBatch batch(long first, int rows) {
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        for (int i = 0; i < rows; i++) {
            b.append(first + i);
        }
        return new RecordBatch(SCHEMA, List.of(b.build()), rows);
    }

    @BeforeEach
    void files() throws IOException {
        for (int k = 0; k < 10; k++) {
            batches.add(batch(k * 1000L, k + 1));
        }
        try (IpcFileWriter w = IpcFileWriter.open(dir.resolve("ten.arrow"), SCHEMA)) {
            batches.forEach(w::write);
        }
        try (IpcStreamWriter w = IpcStreamWriter.open(dir.resolve("three.arrows"), SCHEMA)) {
            batches.subList(0, 3).forEach(w::write);
        }
        Files.writeString(dir.resolve("notes.txt"), "not arrow");
        Files.copy(dir.resolve("ten.arrow"), dir.resolve(".hidden.arrow"));
    }

    private FlightServer serve() {
        return FlightServer.builder(new DirectoryProducer(dir, 3, IpcReadOptions.DEFAULT, IpcWriteOptions.DEFAULT))
                .build().start();
    }

    private static List<RecordBatch> all(RecordBatchReader reader) {
        List<RecordBatch> out = new ArrayList<>();
        reader.forEach(out::add);
        return out;
    }

    @Test
    void listsTheArrowFilesAndStreamsWithRowCountsAndSizes() throws IOException {
        try (FlightServer server = serve(); FlightClient client = FlightClient.builder(server.location()).build()) {
            List<FlightInfo> flights = client.listFlights(new byte[0]);
            assertEquals(List.of(FlightDescriptor.path("ten.arrow"), FlightDescriptor.path("three.arrows")),
                    flights.stream().map(FlightInfo::descriptor).toList());
            assertEquals(55, flights.get(0).totalRecords());
            assertEquals(Files.size(dir.resolve("ten.arrow")), flights.get(0).totalBytes());
            assertEquals(6, flights.get(1).totalRecords());
            assertEquals(SCHEMA.fields(), flights.get(1).schema().fields());
        }
    }

    @Test
    void anArrowFileIsOneEndpointPerRangeOfBatchesReadBackInOrder() {
        try (FlightServer server = serve(); FlightClient client = FlightClient.builder(server.location()).build()) {
            FlightInfo info = client.getFlightInfo(FlightDescriptor.path("ten.arrow"));
            assertTrue(info.ordered());
            assertEquals(4, info.endpoints().size());
            try (RecordBatchReader reader = client.read(info)) {
                assertEquals(batches, all(reader));
            }
            try (FlightStream last = client.doGet(info.endpoints().get(3).ticket())) {
                assertEquals(List.of(batches.get(9)), all(last));
            }
            FlightInfo stream = client.getFlightInfo(FlightDescriptor.path("three.arrows"));
            assertEquals(1, stream.endpoints().size());
            try (RecordBatchReader reader = client.read(stream)) {
                assertEquals(batches.subList(0, 3), all(reader));
            }
            assertEquals(SCHEMA.fields(), client.getSchema(FlightDescriptor.path("ten.arrow")).fields());
        }
    }

    @Test
    void missingFilesForgedTicketsAndBadNamesAreRefused() {
        try (FlightServer server = serve(); FlightClient client = FlightClient.builder(server.location()).build()) {
            assertEquals(FlightStatusCode.NOT_FOUND, assertThrows(FlightException.class,
                    () -> client.getFlightInfo(FlightDescriptor.path("absent.arrow"))).code());
            assertEquals(FlightStatusCode.NOT_FOUND, assertThrows(FlightException.class,
                    () -> client.getFlightInfo(FlightDescriptor.path("notes.txt"))).code());
            for (String bad : new String[] {"../ten.arrow", "a/b", "..", ".hidden.arrow", "x\\y", ""}) {
                FlightException e = assertThrows(FlightException.class,
                        () -> client.getFlightInfo(FlightDescriptor.path(bad)), bad);
                assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.code(), bad);
                FlightException put = assertThrows(FlightException.class, () -> {
                    try (PutStream p = client.doPut(FlightDescriptor.path(bad), SCHEMA)) {
                        p.write(batches.getFirst());
                    }
                }, bad);
                assertEquals(FlightStatusCode.INVALID_ARGUMENT, put.code(), bad);
            }
            for (String forged : new String[] {"0-11/ten.arrow", "x", "5-2/ten.arrow", "0-1/../etc"}) {
                try (FlightStream s = client.doGet(new Ticket(forged.getBytes(StandardCharsets.UTF_8)))) {
                    assertEquals(FlightStatusCode.INVALID_ARGUMENT,
                            assertThrows(FlightException.class, s::schema).code(), forged);
                }
            }
        }
    }

    @Test
    void anUploadAppearsWholeAndAnExistingNameIsRefused() throws IOException {
        try (FlightServer server = serve(); FlightClient client = FlightClient.builder(server.location()).build()) {
            try (PutStream put = client.doPut(FlightDescriptor.path("new.arrow"), SCHEMA)) {
                batches.forEach(put::write);
            }
            try (IpcFileReader reader = IpcFileReader.open(dir.resolve("new.arrow"))) {
                assertEquals(batches, all(reader));
            }
            try (PutStream put = client.doPut(FlightDescriptor.path("new.arrows"), SCHEMA)) {
                batches.forEach(put::write);
            }
            try (IpcStreamReader reader = IpcStreamReader.open(dir.resolve("new.arrows"))) {
                assertEquals(batches, all(reader));
            }
            FlightException again = assertThrows(FlightException.class, () -> {
                try (PutStream put = client.doPut(FlightDescriptor.path("ten.arrow"), SCHEMA)) {
                    put.write(batches.getFirst());
                }
            });
            assertEquals(FlightStatusCode.ALREADY_EXISTS, again.code());
            assertEquals(List.of("new.arrow", "new.arrows", "ten.arrow", "three.arrows"),
                    client.listFlights(new byte[0]).stream().map(i -> i.descriptor().path().getFirst()).toList());
        }
    }

    @Test
    void aServiceWithoutUploadsRefusesThem() {
        DirectoryProducer readOnly = new DirectoryProducer(dir, 3, IpcReadOptions.DEFAULT, IpcWriteOptions.DEFAULT,
                false);
        try (FlightServer server = FlightServer.builder(readOnly).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            FlightException e = assertThrows(FlightException.class, () -> {
                try (PutStream put = client.doPut(FlightDescriptor.path("new.arrow"), SCHEMA)) {
                    put.write(batches.getFirst());
                }
            });
            assertEquals(FlightStatusCode.UNAUTHORIZED, e.code());
            assertFalse(Files.exists(dir.resolve("new.arrow")));
        }
    }

    @Test
    void anUploadCutOffMidStreamLeavesNothing() throws Exception {
        try (FlightServer server = serve(); FlightClient client = FlightClient.builder(server.location()).build()) {
            PutStream put = client.doPut(FlightDescriptor.path("cut.arrow"), SCHEMA);
            for (int k = 0; k < 20; k++) {
                put.write(batch(k, 1000));
            }
            awaitTrue(() -> temporaries().size() == 1, "the upload's temporary file appears");
            put.cancel();
            awaitTrue(() -> temporaries().isEmpty(), "the temporary file goes");
            assertFalse(Files.exists(dir.resolve("cut.arrow")));
        }
    }

    @Test
    void anUploadWhoseClientProcessIsKilledLeavesNothing() throws Exception {
        try (FlightServer server = serve()) {
            Process client = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), EndlessUpload.class.getName(),
                    server.location().uri(), "killed.arrow").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try {
                try (BufferedReader out = new BufferedReader(new InputStreamReader(client.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    assertEquals("started", out.readLine());
                }
                awaitTrue(() -> temporaries().size() == 1, "the upload's temporary file appears");
            } finally {
                client.destroyForcibly().waitFor();
            }
            awaitTrue(() -> temporaries().isEmpty(), "the temporary file goes once the client is killed");
            assertFalse(Files.exists(dir.resolve("killed.arrow")));
        }
    }

    private List<Path> temporaries() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Waits (at most ten seconds) for a condition the server reaches on its own threads. */
    static void awaitTrue(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        for (int i = 0; i < 1000 && !condition.getAsBoolean(); i++) {
            Thread.sleep(10);
        }
        assertTrue(condition.getAsBoolean(), what);
    }
}
