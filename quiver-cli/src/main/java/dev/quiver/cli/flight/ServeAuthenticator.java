// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.ServerAuthenticator;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The authentication of {@code quiver flight serve}: either one fixed bearer token, or one user and
 * password whose handshake hands out random bearer tokens.
 */
final class ServeAuthenticator implements ServerAuthenticator {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String fixedToken;
    private final String user;
    private final String password;
    private final Map<String, String> issued = new ConcurrentHashMap<>();

    private ServeAuthenticator(String fixedToken, String user, String password) {
        this.fixedToken = fixedToken;
        this.user = user;
        this.password = password;
    }

    /** Calls must carry {@code token}; the handshake is refused. */
    static ServeAuthenticator token(String token) {
        return new ServeAuthenticator(token, null, null);
    }

    /** The handshake with {@code user} and {@code password} gives a token; calls must carry one. */
    static ServeAuthenticator password(String user, String password) {
        return new ServeAuthenticator(null, user, password);
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
        issued.put(token, username);
        return token;
    }

    @Override
    public String validateToken(String token) {
        if (fixedToken != null && same(token, fixedToken)) {
            return "token";
        }
        String who = fixedToken == null ? issued.get(token) : null;
        if (who == null) {
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "invalid token");
        }
        return who;
    }
}
