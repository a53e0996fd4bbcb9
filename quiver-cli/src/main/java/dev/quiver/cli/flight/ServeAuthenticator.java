// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.ServerAuthenticator;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The authentication of {@code quiver flight serve}: either one fixed bearer token, or one user and
 * password whose handshake hands out random bearer tokens that expire after a lifetime.
 */
final class ServeAuthenticator implements ServerAuthenticator {
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A token the handshake gave: whose, and until when (System.nanoTime). */
    private record Issued(String user, long expires) {
    }

    private final String fixedToken;
    private final String user;
    private final String password;
    private final long lifetimeNanos;
    private final LongSupplier clock;
    private final Map<String, Issued> issued = new ConcurrentHashMap<>();

    private ServeAuthenticator(String fixedToken, String user, String password, Duration lifetime,
            LongSupplier clock) {
        this.fixedToken = fixedToken;
        this.user = user;
        this.password = password;
        this.lifetimeNanos = lifetime.toNanos();
        this.clock = clock;
    }

    /** Calls must carry {@code token}; the handshake is refused. */
    static ServeAuthenticator token(String token) {
        return new ServeAuthenticator(token, null, null, Duration.ZERO, System::nanoTime);
    }

    /**
     * The handshake with {@code user} and {@code password} gives a token valid for {@code lifetime} (by
     * {@code clock}, in nanoseconds); calls must carry one.
     */
    static ServeAuthenticator password(String user, String password, Duration lifetime, LongSupplier clock) {
        return new ServeAuthenticator(null, user, password, lifetime, clock);
    }

    private static boolean same(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String authenticateBasic(String username, String pass) {
        if (user == null) {
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED,
                    "this server takes a bearer token, not a user name and password");
        }
        if (!(same(username, user) & same(pass, password))) {
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "wrong user name or password");
        }
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        long now = clock.getAsLong();
        issued.values().removeIf(t -> now - t.expires() >= 0);
        issued.put(token, new Issued(username, now + lifetimeNanos));
        return token;
    }

    @Override
    public String validateToken(String token) {
        if (fixedToken != null && same(token, fixedToken)) {
            return "token";
        }
        Issued who = fixedToken == null ? issued.get(token) : null;
        if (who == null) {
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "invalid token");
        }
        if (clock.getAsLong() - who.expires() >= 0) {
            issued.remove(token);
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED,
                    "the token has expired: authenticate again (the handshake)");
        }
        return who.user();
    }
}
