// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

/** A hook run by the server at the start of every call, after authentication; it may refuse the call. */
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
}
