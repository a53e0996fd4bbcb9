// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.JsonFile;
import dev.quiver.testkit.TestData.GoldCase;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every gold case through a loopback server: DoPut (ZSTD-compressed bodies) then DoGet, and DoExchange
 * echo (LZ4), each equal to the case's JSON after the trip; dictionaries and deltas go as IPC messages.
 */
class FlightGoldCasesTest {
    private static final MemoryProducer PRODUCER = new MemoryProducer();
    private static FlightServer server;
    private static FlightClient zstdClient;
    private static FlightClient lz4Client;

    @BeforeAll
    static void start() {
        server = FlightServer.builder(PRODUCER).build().start();
        zstdClient = FlightClient.builder(server.location())
                .writeOptions(IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.ZSTD))).build();
        lz4Client = FlightClient.builder(server.location())
                .writeOptions(IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.LZ4_FRAME)))
                .build();
    }

    @AfterAll
    static void stop() {
        zstdClient.close();
        lz4Client.close();
        server.close();
    }

    static List<GoldCase> cases() {
        return TestData.goldCases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void doPutThenDoGet(GoldCase c) throws IOException {
        JsonFile json = IntegrationJsonReader.read(c.json());
        try (PutStream put = zstdClient.doPut(FlightDescriptor.path(c.name()), json.schema())) {
            for (RecordBatch b : json.batches()) {
                put.write(b);
            }
            put.close();
            assertEquals(json.batches().size(), put.results().size(), "one PutResult per batch");
        }
        try (FlightStream get = zstdClient.doGet(new Ticket(c.name().getBytes(StandardCharsets.UTF_8)))) {
            assertSame(json, get.schema(), readAll(get), "DoGet");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void doExchangeEchoes(GoldCase c) throws Exception {
        JsonFile json = IntegrationJsonReader.read(c.json());
        try (ExchangeStream exchange = lz4Client.doExchange(FlightDescriptor.command(new byte[] {1}))) {
            CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
                try (FlightDataWriter out = exchange.startWriting(json.schema())) {
                    for (RecordBatch b : json.batches()) {
                        out.write(b, new byte[] {7});
                    }
                }
            });
            FlightStream in = exchange.reader();
            Schema schema = in.schema();
            List<RecordBatch> back = new ArrayList<>();
            for (RecordBatch b : in) {
                back.add(b);
                assertEquals(7, in.appMetadata()[0], "app_metadata echoed with each batch");
            }
            sent.get();
            assertSame(json, schema, back, "DoExchange");
        }
    }

    private static List<RecordBatch> readAll(FlightStream stream) {
        List<RecordBatch> out = new ArrayList<>();
        for (RecordBatch b : stream) {
            out.add(b);
        }
        return out;
    }

    private static void assertSame(JsonFile json, Schema schema, List<RecordBatch> batches, String what) {
        assertEquals(json.schema().fields().size(), schema.fields().size(), what + ": field count");
        for (int i = 0; i < schema.fields().size(); i++) {
            assertEquals(json.schema().field(i).type(), schema.field(i).type(), what + ": type of field " + i);
            assertEquals(json.schema().field(i).name(), schema.field(i).name(), what + ": name of field " + i);
        }
        assertEquals(json.schema().metadata(), schema.metadata(), what + ": schema metadata");
        assertEquals(Optional.empty(), new BatchComparator().compare(json.batches(), batches).map(d -> d.message()),
                what);
    }
}
