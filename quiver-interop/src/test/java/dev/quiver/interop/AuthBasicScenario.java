// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import dev.quiver.flight.Action;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.Result;
import dev.quiver.flight.ServerAuthenticator;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What the two basic-auth scenarios share: the user "arrow" / "flight", Quiver's server authenticating it
 * (token {@code valid:USER}), and on both servers an action answering with the caller's peer identity.
 * The subclasses differ in arrow-java's authentication and in the clients' checks.
 */
abstract class AuthBasicScenario implements FlightScenario {
    static final String USER = "arrow";
    static final String PASSWORD = "flight";

    @Override
    public FlightProducer quiverProducer() {
        return new FlightProducer() {
            @Override
            public Stream<Result> doAction(dev.quiver.flight.CallContext context, Action action) {
                return Stream.of(new Result(context.peerIdentity().getBytes(StandardCharsets.UTF_8)));
            }
        };
    }

    @Override
    public dev.quiver.flight.FlightServer.Builder quiverServer(dev.quiver.flight.FlightServer.Builder builder) {
        return builder.authenticator(new ServerAuthenticator() {
            @Override
            public String authenticateBasic(String username, String password) {
                if (!USER.equals(username) || !PASSWORD.equals(password)) {
                    throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "Username or password is invalid.");
                }
                return "valid:" + username;
            }

            @Override
            public String validateToken(String token) {
                if (!token.startsWith("valid:")) {
                    throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "invalid token");
                }
                return token.substring("valid:".length());
            }
        });
    }

    @Override
    public org.apache.arrow.flight.FlightProducer arrowJavaProducer(BufferAllocator allocator) {
        return new NoOpFlightProducer() {
            @Override
            public void doAction(CallContext context, org.apache.arrow.flight.Action action,
                    StreamListener<org.apache.arrow.flight.Result> listener) {
                listener.onNext(new org.apache.arrow.flight.Result(context.peerIdentity().getBytes(StandardCharsets.UTF_8)));
                listener.onCompleted();
            }
        };
    }
}
