// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import org.apache.arrow.memory.BufferAllocator;

/**
 * One scenario of Arrow's Flight integration suite (arrow-java's {@code flight-integration-tests}), written
 * twice: its server side as a Quiver producer and as an arrow-java producer, its client side with Quiver's
 * client and with arrow-java's. {@link ArrowJavaFlightScenariosTest} runs each client against the other's
 * server.
 */
interface FlightScenario {
    /** The server side on Quiver. */
    dev.quiver.flight.FlightProducer quiverProducer();

    /** The server side on arrow-java. */
    org.apache.arrow.flight.FlightProducer arrowJavaProducer(BufferAllocator allocator);

    /** The client side on Quiver, against an arrow-java server. */
    void quiverClient(dev.quiver.flight.FlightClient client) throws Exception;

    /** The client side on arrow-java, against a Quiver server. */
    void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) throws Exception;

    /** What the scenario adds to a Quiver server (authentication, middleware). */
    default dev.quiver.flight.FlightServer.Builder quiverServer(dev.quiver.flight.FlightServer.Builder builder) {
        return builder;
    }

    /** What the scenario adds to an arrow-java server. */
    default org.apache.arrow.flight.FlightServer.Builder arrowJavaServer(
            org.apache.arrow.flight.FlightServer.Builder builder) {
        return builder;
    }

    /** What the scenario adds to a Quiver client. */
    default dev.quiver.flight.FlightClient.Builder quiverClientBuilder(dev.quiver.flight.FlightClient.Builder builder) {
        return builder;
    }

    /** What the scenario adds to an arrow-java client. */
    default org.apache.arrow.flight.FlightClient.Builder arrowJavaClientBuilder(
            org.apache.arrow.flight.FlightClient.Builder builder) {
        return builder;
    }
}
