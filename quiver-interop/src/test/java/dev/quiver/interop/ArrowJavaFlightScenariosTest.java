// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scenarios of Arrow's Flight integration suite that apply to Quiver, against arrow-java's flight-core
 * 19 both ways: Quiver's client against an arrow-java server doing the scenario's server side, and
 * arrow-java's client against a Quiver server doing it. Each scenario is named as the suite names it;
 * {@link AuthBasicHeaderScenario} is added beside them.
 * Not here: {@code session_options} and the {@code flight_sql*} scenarios (Quiver has neither session
 * options nor Flight SQL).
 */
class ArrowJavaFlightScenariosTest {
    static Stream<Named<FlightScenario>> scenarios() {
        return Stream.of(
                Named.of("auth:basic_proto", new AuthBasicProtoScenario()),
                Named.of("auth:basic_proto in its header form (auth2)", new AuthBasicHeaderScenario()),
                Named.of("middleware", new MiddlewareScenario()),
                Named.of("ordered", new OrderedScenario()),
                Named.of("expiration_time:do_get", ExpirationTimeScenarios.doGet()),
                Named.of("expiration_time:list_actions", ExpirationTimeScenarios.listActions()),
                Named.of("expiration_time:cancel_flight_info", ExpirationTimeScenarios.cancelFlightInfo()),
                Named.of("expiration_time:renew_flight_endpoint", ExpirationTimeScenarios.renewFlightEndpoint()),
                Named.of("poll_flight_info", new PollFlightInfoScenario()),
                Named.of("app_metadata_flight_info_endpoint", new AppMetadataFlightInfoEndpointScenario()),
                Named.of("do_exchange:echo", new DoExchangeEchoScenario()),
                Named.of("location:reuse_connection", new LocationReuseConnectionScenario()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void quiverClientAgainstArrowJavaServer(FlightScenario scenario) throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                org.apache.arrow.flight.FlightServer server = scenario.arrowJavaServer(
                        org.apache.arrow.flight.FlightServer.builder(allocator,
                                org.apache.arrow.flight.Location.forGrpcInsecure("localhost", 0),
                                scenario.arrowJavaProducer(allocator))).build().start();
                dev.quiver.flight.FlightClient client = scenario.quiverClientBuilder(dev.quiver.flight.FlightClient
                        .builder(dev.quiver.flight.Location.forGrpcInsecure("localhost", server.getPort()))).build()) {
            scenario.quiverClient(client);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void arrowJavaClientAgainstQuiverServer(FlightScenario scenario) throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                dev.quiver.flight.FlightServer server = scenario.quiverServer(
                        dev.quiver.flight.FlightServer.builder(scenario.quiverProducer())).build().start();
                org.apache.arrow.flight.FlightClient client = scenario.arrowJavaClientBuilder(
                        org.apache.arrow.flight.FlightClient.builder(allocator,
                                org.apache.arrow.flight.Location.forGrpcInsecure("localhost", server.port()))).build()) {
            scenario.arrowJavaClient(allocator, client);
        }
    }
}
