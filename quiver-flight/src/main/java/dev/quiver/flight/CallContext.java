// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

/** What a producer knows of the call it serves. */
public interface CallContext {
    /**
     * Who the client is, as the server's authentication established it.
     *
     * @return the peer's identity, or the empty string without authentication
     */
    String peerIdentity();

    /**
     * Whether the client cancelled the call (or its deadline passed).
     *
     * @return true once the call is cancelled
     */
    boolean isCancelled();

    /**
     * A request header (gRPC metadata) of the call.
     *
     * @param name the header's name, in lower case
     * @return its value, or null if absent
     */
    String header(String name);
}
