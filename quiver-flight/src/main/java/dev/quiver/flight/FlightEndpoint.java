// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One part of a flight: a ticket and where to redeem it.
 *
 * @param ticket the ticket for DoGet
 * @param locations where the ticket can be redeemed; empty means the service that gave the FlightInfo
 * @param expirationTime when the ticket stops being valid, or null if it does not expire
 * @param appMetadata application-defined bytes (empty if none)
 */
public record FlightEndpoint(Ticket ticket, List<Location> locations, Instant expirationTime, byte[] appMetadata) {
    /**
     * An endpoint.
     *
     * @param ticket the ticket for DoGet
     * @param locations where the ticket can be redeemed; empty means the service that gave the FlightInfo
     * @param expirationTime when the ticket stops being valid, or null if it does not expire
     * @param appMetadata application-defined bytes (empty if none)
     */
    public FlightEndpoint {
        Objects.requireNonNull(ticket, "ticket");
        locations = List.copyOf(locations);
        appMetadata = appMetadata.clone();
    }

    /**
     * An endpoint without expiration or metadata.
     *
     * @param ticket the ticket for DoGet
     * @param locations where the ticket can be redeemed
     */
    public FlightEndpoint(Ticket ticket, Location... locations) {
        this(ticket, List.of(locations), null, new byte[0]);
    }

    /**
     * The application-defined bytes.
     *
     * @return a copy of the bytes (empty if none)
     */
    @Override
    public byte[] appMetadata() {
        return appMetadata.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlightEndpoint e && e.ticket.equals(ticket) && e.locations.equals(locations)
                && Objects.equals(e.expirationTime, expirationTime) && Arrays.equals(e.appMetadata, appMetadata);
    }

    @Override
    public int hashCode() {
        return Objects.hash(ticket, locations, expirationTime, Arrays.hashCode(appMetadata));
    }
}
