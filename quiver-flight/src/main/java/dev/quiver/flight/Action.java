// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.util.Arrays;
import java.util.Objects;

/**
 * An action for DoAction: a type and an opaque body.
 *
 * @param type the action's type
 * @param body the action's bytes (empty if none)
 */
public record Action(String type, byte[] body) {
    /** The well-known action cancelling a FlightInfo; body: a CancelFlightInfoRequest. */
    public static final String CANCEL_FLIGHT_INFO = "CancelFlightInfo";
    /** The well-known action renewing an endpoint; body: a RenewFlightEndpointRequest. */
    public static final String RENEW_FLIGHT_ENDPOINT = "RenewFlightEndpoint";

    /**
     * An action.
     *
     * @param type the action's type
     * @param body the action's bytes (empty if none)
     */
    public Action {
        Objects.requireNonNull(type, "type");
        body = body.clone();
    }

    /**
     * The action's bytes.
     *
     * @return a copy of the bytes
     */
    @Override
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Action a && a.type.equals(type) && Arrays.equals(a.body, body);
    }

    @Override
    public int hashCode() {
        return 31 * type.hashCode() + Arrays.hashCode(body);
    }
}
