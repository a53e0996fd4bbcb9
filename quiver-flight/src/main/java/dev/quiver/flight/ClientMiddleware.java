// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.util.List;
import java.util.Map;

/** A hook run by the client on every call: it may add request headers and sees the response headers. */
@FunctionalInterface
public interface ClientMiddleware {
    /**
     * Called before a call's headers are sent.
     *
     * @param method the RPC's name (for example {@code DoGet})
     * @param headers the headers to send; add to it (names in lower case)
     */
    void onCallStarting(String method, Map<String, String> headers);

    /**
     * Called once per call when the server's response headers arrive, or, when the call ended without
     * sending headers (a call refused or failing at once), with its trailers. The default does nothing.
     *
     * @param method the RPC's name (for example {@code DoGet})
     * @param headers the text headers (binary {@code -bin} headers left out) by lower-case name, each with
     *     its values in the order received; unmodifiable
     * @throws RuntimeException if the hook fails: the call is then cancelled and fails with a
     *     {@link FlightException}'s code and message, or with {@code INTERNAL} naming the exception
     */
    default void onHeadersReceived(String method, Map<String, List<String>> headers) {
    }
}
