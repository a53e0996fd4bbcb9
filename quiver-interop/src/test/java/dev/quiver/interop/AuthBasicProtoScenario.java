// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.flight.Action;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.Result;
import dev.quiver.flight.ServerAuthenticator;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.auth.BasicClientAuthHandler;
import org.apache.arrow.flight.auth.BasicServerAuthHandler;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@code auth:basic_proto}: the Handshake carries user name and password as a protobuf {@code BasicAuth}
 * message in its payload and returns the token as its payload; later calls send the token in the binary
 * header {@code auth-token-bin}. On arrow-java's side its {@code BasicServerAuthHandler} and
 * {@code BasicClientAuthHandler}; on Quiver's, the server's {@code ServerAuthenticator} and
 * {@code FlightClient.authenticateBasicProto}. The checks are the scenario's: a call before authenticating
 * is refused as UNAUTHENTICATED; after the handshake as "arrow" / "flight" an action answers with the peer
 * identity "arrow". Added: a wrong password is refused (as UNAUTHENTICATED where arrow-java's client
 * checks it).
 */
final class AuthBasicProtoScenario extends AuthBasicScenario {
    @Override
    public org.apache.arrow.flight.FlightServer.Builder arrowJavaServer(org.apache.arrow.flight.FlightServer.Builder builder) {
        return builder.authHandler(new BasicServerAuthHandler(new BasicServerAuthHandler.BasicAuthValidator() {
            @Override
            public byte[] getToken(String username, String password) {
                if (!USER.equals(username) || !PASSWORD.equals(password)) {
                    throw CallStatus.UNAUTHENTICATED.withDescription("Username or password is invalid.")
                            .toRuntimeException();
                }
                return ("valid:" + username).getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public Optional<String> isValid(byte[] token) {
                String credential = token == null ? "" : new String(token, StandardCharsets.UTF_8);
                return credential.startsWith("valid:") ? Optional.of(credential.substring("valid:".length()))
                        : Optional.empty();
            }
        }));
    }

    @Override
    public void quiverClient(dev.quiver.flight.FlightClient client) {
        assertEquals(FlightStatusCode.UNAUTHENTICATED, assertThrows(FlightException.class, client::listActions).code());
        assertThrows(FlightException.class, () -> client.authenticateBasicProto(USER, "wrong"));
        assertArrayEquals("valid:arrow".getBytes(StandardCharsets.UTF_8), client.authenticateBasicProto(USER, PASSWORD));
        List<Result> results = client.doAction(new Action("", new byte[0]));
        assertEquals(USER, new String(results.get(0).body(), StandardCharsets.UTF_8));
    }

    @Override
    public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) {
        FlightRuntimeException none = assertThrows(FlightRuntimeException.class, () -> client.listActions().forEach(a -> {
        }));
        assertEquals(org.apache.arrow.flight.FlightStatusCode.UNAUTHENTICATED, none.status().code());
        FlightRuntimeException wrongPassword = assertThrows(FlightRuntimeException.class,
                () -> client.authenticate(new BasicClientAuthHandler(USER, "wrong")));
        assertEquals(org.apache.arrow.flight.FlightStatusCode.UNAUTHENTICATED, wrongPassword.status().code());
        client.authenticate(new BasicClientAuthHandler(USER, PASSWORD));
        org.apache.arrow.flight.Result result = client.doAction(new org.apache.arrow.flight.Action("")).next();
        assertEquals(USER, new String(result.getBody(), StandardCharsets.UTF_8));
    }
}
