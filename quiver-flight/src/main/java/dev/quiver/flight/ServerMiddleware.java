// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.util.Map;

/**
 * A hook run by the server at the start of every call, after authentication; it may refuse the call and
 * add response headers.
 */
@FunctionalInterface
public interface ServerMiddleware {
    /**
     * Called when a call starts.
     *
     * @param method the RPC's name (for example {@code DoGet})
     * @param context the call, with its headers and the client's identity
     * @throws FlightException to refuse the call with that status
     */
    void onCallStarted(String method, CallContext context);

    /**
     * Called at the start of every call that reached the middleware, after {@link #onCallStarted} of every
     * middleware (also when one of them refused the call): the headers added here are sent back to the
     * client as the call's response headers, or in its trailers when the call ends without sending headers
     * (a call refused or failing at once). The default adds none.
     *
     * @param method the RPC's name (for example {@code DoGet})
     * @param context the call, with its request headers and the client's identity
     * @param headers the response headers; add to it (names in lower case, not ending {@code -bin}; values
     *     printable ASCII)
     * @throws FlightException to fail the call with that status
     */
    default void addResponseHeaders(String method, CallContext context, Map<String, String> headers) {
    }
}
