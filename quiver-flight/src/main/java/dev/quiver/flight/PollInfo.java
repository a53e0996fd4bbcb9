// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.time.Instant;

/**
 * The progress of a long-running query (PollFlightInfo).
 *
 * @param info the FlightInfo so far (endpoints may be added until the query completes)
 * @param flightDescriptor the descriptor to poll with next, or null when the query is complete
 * @param progress the progress from 0.0 to 1.0, or null if unknown
 * @param expirationTime when {@code flightDescriptor} stops being valid, or null
 */
public record PollInfo(FlightInfo info, FlightDescriptor flightDescriptor, Double progress, Instant expirationTime) {
}
