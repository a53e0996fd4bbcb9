// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.type.Schema;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * How to get a flight: its schema, the descriptor it answers, and its endpoints.
 *
 * @param schema the schema of the data, or null if the service does not say
 * @param descriptor the descriptor the flight answers
 * @param endpoints the parts of the flight; fetched together they give the whole data
 * @param totalRecords the number of rows, or -1 if unknown
 * @param totalBytes the size in bytes, or -1 if unknown
 * @param ordered whether the data is ordered across endpoints (endpoint order is then data order)
 * @param appMetadata application-defined bytes (empty if none)
 */
public record FlightInfo(Schema schema, FlightDescriptor descriptor, List<FlightEndpoint> endpoints,
        long totalRecords, long totalBytes, boolean ordered, byte[] appMetadata) {
    /**
     * A FlightInfo.
     *
     * @param schema the schema of the data, or null if the service does not say
     * @param descriptor the descriptor the flight answers
     * @param endpoints the parts of the flight
     * @param totalRecords the number of rows, or -1 if unknown
     * @param totalBytes the size in bytes, or -1 if unknown
     * @param ordered whether the data is ordered across endpoints
     * @param appMetadata application-defined bytes (empty if none)
     */
    public FlightInfo {
        Objects.requireNonNull(descriptor, "descriptor");
        endpoints = List.copyOf(endpoints);
        appMetadata = appMetadata.clone();
    }

    /**
     * A FlightInfo with unknown totals, unordered, without metadata.
     *
     * @param schema the schema of the data
     * @param descriptor the descriptor the flight answers
     * @param endpoints the parts of the flight
     */
    public FlightInfo(Schema schema, FlightDescriptor descriptor, List<FlightEndpoint> endpoints) {
        this(schema, descriptor, endpoints, -1, -1, false, new byte[0]);
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
        return o instanceof FlightInfo i && Objects.equals(i.schema, schema) && i.descriptor.equals(descriptor)
                && i.endpoints.equals(endpoints) && i.totalRecords == totalRecords && i.totalBytes == totalBytes
                && i.ordered == ordered && Arrays.equals(i.appMetadata, appMetadata);
    }

    @Override
    public int hashCode() {
        return Objects.hash(schema, descriptor, endpoints, totalRecords, totalBytes, ordered,
                Arrays.hashCode(appMetadata));
    }
}
