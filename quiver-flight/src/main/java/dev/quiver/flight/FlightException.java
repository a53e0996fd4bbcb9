// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.QuiverException;

/** A failed Flight call: a {@link FlightStatusCode} and a message, as the peer sent it or as raised locally. */
public class FlightException extends QuiverException {
    /** The serialization version. */
    @java.io.Serial
    private static final long serialVersionUID = 1L;

    /** The status code. */
    private final FlightStatusCode code;

    /**
     * A failure with a status code.
     *
     * @param code the status code
     * @param message what went wrong
     */
    public FlightException(FlightStatusCode code, String message) {
        super(message);
        this.code = code;
    }

    /**
     * A failure with a status code and a cause.
     *
     * @param code the status code
     * @param message what went wrong
     * @param cause the underlying failure
     */
    public FlightException(FlightStatusCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    /**
     * The status code.
     *
     * @return the code
     */
    public FlightStatusCode code() {
        return code;
    }
}
