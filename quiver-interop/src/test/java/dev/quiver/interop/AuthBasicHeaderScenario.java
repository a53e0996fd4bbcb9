// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.flight.Action;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.Result;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.auth2.BasicCallHeaderAuthenticator;
import org.apache.arrow.flight.auth2.BearerCredentialWriter;
import org.apache.arrow.flight.auth2.GeneratedBearerTokenAuthenticator;
import org.apache.arrow.flight.grpc.CredentialCallOption;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The header form of {@code auth:basic_proto} (not a scenario of the suite, added beside
 * {@link AuthBasicProtoScenario}): the handshake Flight.rst describes and Arrow C++, pyarrow and arrow-java's
 * {@code auth2} use ({@code authorization: Basic ...} answered by {@code authorization: Bearer ...}), with
 * the scenario's checks: a call before authenticating is refused as UNAUTHENTICATED; after the handshake as
 * "arrow" / "flight" an action answers with the peer identity "arrow". Added: a wrong password and a wrong
 * token are refused as UNAUTHENTICATED.
 */
final class AuthBasicHeaderScenario extends AuthBasicScenario {
    @Override
    public org.apache.arrow.flight.FlightServer.Builder arrowJavaServer(org.apache.arrow.flight.FlightServer.Builder builder) {
        return builder.headerAuthenticator(new GeneratedBearerTokenAuthenticator(new BasicCallHeaderAuthenticator(
                (username, password) -> {
                    if (!USER.equals(username) || !PASSWORD.equals(password)) {
                        throw CallStatus.UNAUTHENTICATED.withDescription("Username or password is invalid.")
                                .toRuntimeException();
                    }
                    return () -> username;
                })));
    }

    @Override
    public void quiverClient(dev.quiver.flight.FlightClient client) {
        assertEquals(FlightStatusCode.UNAUTHENTICATED, assertThrows(FlightException.class, client::listActions).code());
        assertEquals(FlightStatusCode.UNAUTHENTICATED,
                assertThrows(FlightException.class, () -> client.authenticateBasic(USER, "wrong")).code());
        client.authenticateBasic(USER, PASSWORD);
        List<Result> results = client.doAction(new Action("", new byte[0]));
        assertEquals(USER, new String(results.get(0).body(), StandardCharsets.UTF_8));
    }

    @Override
    public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) {
        FlightRuntimeException none = assertThrows(FlightRuntimeException.class, () -> client.listActions().forEach(a -> {
        }));
        assertEquals(org.apache.arrow.flight.FlightStatusCode.UNAUTHENTICATED, none.status().code());
        FlightRuntimeException wrongPassword = assertThrows(FlightRuntimeException.class,
                () -> client.authenticateBasicToken(USER, "wrong"));
        assertEquals(org.apache.arrow.flight.FlightStatusCode.UNAUTHENTICATED, wrongPassword.status().code());
        CredentialCallOption wrongToken = new CredentialCallOption(new BearerCredentialWriter("forged"));
        FlightRuntimeException forged = assertThrows(FlightRuntimeException.class,
                () -> client.doAction(new org.apache.arrow.flight.Action(""), wrongToken).next());
        assertEquals(org.apache.arrow.flight.FlightStatusCode.UNAUTHENTICATED, forged.status().code());
        CredentialCallOption token = client.authenticateBasicToken(USER, PASSWORD)
                .orElseThrow(() -> new AssertionError("no bearer token"));
        org.apache.arrow.flight.Result result = client.doAction(new org.apache.arrow.flight.Action(""), token).next();
        assertEquals(USER, new String(result.getBody(), StandardCharsets.UTF_8));
    }
}
