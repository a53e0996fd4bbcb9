// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

/** The outcome of CancelFlightInfo. */
public enum CancelStatus {
    /** The outcome is unknown (the server never sends it; a client sees it for values it does not know). */
    UNSPECIFIED,
    /** The query was cancelled. */
    CANCELLED,
    /** The cancellation is under way. */
    CANCELLING,
    /** The query cannot be cancelled (finished, or not found). */
    NOT_CANCELLABLE
}
