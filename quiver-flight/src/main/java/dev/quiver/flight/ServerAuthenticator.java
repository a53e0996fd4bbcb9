// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

/**
 * A server's authentication: the basic-auth handshake gives a bearer token, and every call carries it
 * (the {@code authorization} header, Flight.rst "Authentication"). A server configured with one refuses
 * calls without a valid token as {@link FlightStatusCode#UNAUTHENTICATED}.
 */
public interface ServerAuthenticator {
    /**
     * Checks a user name and password sent with the Handshake call.
     *
     * @param username the user name
     * @param password the password
     * @return the bearer token the client sends from now on
     * @throws FlightException of code {@link FlightStatusCode#UNAUTHENTICATED} if the credentials are wrong
     */
    String authenticateBasic(String username, String password);

    /**
     * Checks a bearer token.
     *
     * @param token the token the call carries
     * @return the identity of the client, as {@link CallContext#peerIdentity()} gives it
     * @throws FlightException of code {@link FlightStatusCode#UNAUTHENTICATED} if the token is not valid
     */
    String validateToken(String token);
}
