// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 28 item 4: symbolic links do not lead a DirectoryProducer out of its directory. */
class SymlinkBoundaryTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));
    private static final String SECRET = "root:x:0:0:secret line of 37 bytes\n";

    @TempDir
    Path dir;

    @TempDir
    Path outside;

    private static RecordBatch batch() {
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        b.append(42);
        return new RecordBatch(SCHEMA, List.of(b.build()), 1);
    }

    private static void write(Path path) throws IOException {
        try (IpcFileWriter w = IpcFileWriter.open(path, SCHEMA)) {
            w.write(batch());
        }
    }

    @BeforeEach
    void links() throws IOException {
        write(dir.resolve("real.arrow"));
        write(outside.resolve("elsewhere.arrow"));
        Files.writeString(outside.resolve("passwd"), SECRET);
        write(dir.resolve(".hidden.arrow"));
        Files.createSymbolicLink(dir.resolve("inner.arrow"), dir.resolve("real.arrow"));
        Files.createSymbolicLink(dir.resolve("link.arrow"), outside.resolve("elsewhere.arrow"));
        Files.createSymbolicLink(dir.resolve("passwd.arrow"), outside.resolve("passwd"));
        Files.createSymbolicLink(dir.resolve("dangling.arrow"), outside.resolve("created.arrow"));
        Files.createSymbolicLink(dir.resolve("tohidden.arrow"), dir.resolve(".hidden.arrow"));
    }

    @Test
    void linksLeavingTheDirectoryAreNeitherListedNorServedNorOverwritten() throws IOException {
        try (FlightServer server = FlightServer.builder(new DirectoryProducer(dir)).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            assertEquals(List.of("inner.arrow", "real.arrow"), client.listFlights(new byte[0]).stream()
                    .map(i -> i.descriptor().path().getFirst()).toList());
            assertEquals(1, client.getFlightInfo(FlightDescriptor.path("inner.arrow")).totalRecords());
            for (String name : List.of("link.arrow", "passwd.arrow", "dangling.arrow", "tohidden.arrow")) {
                FlightException info = assertThrows(FlightException.class,
                        () -> client.getFlightInfo(FlightDescriptor.path(name)), name);
                assertEquals(FlightStatusCode.NOT_FOUND, info.code(), name);
                // Nothing about the target: the same answer as for a name that does not exist.
                assertEquals("no flight " + name, info.getMessage(), name);
                try (FlightStream get = client.doGet(new Ticket(("0-1/" + name).getBytes(StandardCharsets.UTF_8)))) {
                    FlightException e = assertThrows(FlightException.class, get::schema, name);
                    assertEquals(FlightStatusCode.NOT_FOUND, e.code(), name);
                    assertEquals("no flight " + name, e.getMessage(), name);
                }
                FlightException put = assertThrows(FlightException.class, () -> {
                    try (PutStream p = client.doPut(FlightDescriptor.path(name), SCHEMA)) {
                        p.write(batch());
                    }
                }, name);
                assertEquals(FlightStatusCode.ALREADY_EXISTS, put.code(), name);
            }
            assertEquals(SECRET, Files.readString(outside.resolve("passwd")));
            assertFalse(Files.exists(outside.resolve("created.arrow")), "no file created through a dangling link");
            assertArrayEquals(Files.readAllBytes(dir.resolve("real.arrow")),
                    Files.readAllBytes(outside.resolve("elsewhere.arrow")), "the outside file is unchanged");
        }
    }

    @Test
    void aDirectoryNamedThroughALinkIsServed() throws IOException {
        Path alias = outside.resolve("alias");
        Files.createSymbolicLink(alias, dir);
        DirectoryProducer producer = new DirectoryProducer(alias);
        assertEquals(dir.toRealPath(), producer.directory());
        try (FlightServer server = FlightServer.builder(producer).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            assertEquals(2, client.listFlights(new byte[0]).size());
        }
    }
}
