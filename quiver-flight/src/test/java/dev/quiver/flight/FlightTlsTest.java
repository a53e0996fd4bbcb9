// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.testkit.TestCertificates;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TLS: a client trusting the server's certificate gets through; one trusting another is refused. */
class FlightTlsTest {
    @TempDir
    Path dir;

    private static final FlightProducer PRODUCER = new FlightProducer() {
        @Override
        public List<ActionType> listActions(CallContext context) {
            return List.of(new ActionType("ping", "answers"));
        }
    };

    @Test
    void aClientTrustingTheServersCertificateConnects() throws Exception {
        TestCertificates server = TestCertificates.create(dir, "server");
        try (FlightServer flight = FlightServer.builder(PRODUCER)
                .useTls(server.certificate().toFile(), server.privateKey().toFile()).build().start();
                FlightClient client = FlightClient.builder(flight.location())
                        .trustRoots(server.certificate().toFile()).build()) {
            assertEquals("grpc+tls", flight.location().toUri().getScheme());
            assertEquals(List.of(new ActionType("ping", "answers")), client.listActions());
        }
    }

    @Test
    void anUntrustedCertificateIsRefused() throws Exception {
        TestCertificates server = TestCertificates.create(dir, "server");
        TestCertificates other = TestCertificates.create(dir, "other");
        try (FlightServer flight = FlightServer.builder(PRODUCER)
                .useTls(server.certificate().toFile(), server.privateKey().toFile()).build().start();
                FlightClient client = FlightClient.builder(flight.location())
                        .trustRoots(other.certificate().toFile()).build()) {
            assertEquals(FlightStatusCode.UNAVAILABLE,
                    assertThrows(FlightException.class, client::listActions).code());
        }
    }
}
