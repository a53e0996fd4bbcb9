// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.cli.CliException;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 28 item 8: tokens of the handshake expire; secrets come from options, files or the environment. */
class ServeAuthenticatorTest {
    @TempDir
    Path tmp;

    @Test
    void aHandshakeTokenExpiresAfterItsLifetime() {
        AtomicLong now = new AtomicLong(1_000);
        ServeAuthenticator auth = ServeAuthenticator.password("ann", "pw", Duration.ofSeconds(60), now::get);
        String token = auth.authenticateBasic("ann", "pw");
        assertEquals("ann", auth.validateToken(token));
        now.addAndGet(Duration.ofSeconds(59).toNanos());
        assertEquals("ann", auth.validateToken(token));
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        FlightException expired = assertThrows(FlightException.class, () -> auth.validateToken(token));
        assertEquals(FlightStatusCode.UNAUTHENTICATED, expired.code());
        assertTrue(expired.getMessage().contains("expired"), expired.getMessage());
        String fresh = auth.authenticateBasic("ann", "pw");
        assertEquals("ann", auth.validateToken(fresh));
    }

    @Test
    void secretsComeFromTheOptionTheFileOrTheEnvironmentInThatOrder() throws Exception {
        Map<String, String> env = Map.of(Secrets.TOKEN_ENV, "from-env");
        Path file = Files.writeString(tmp.resolve("t"), "from-file\nsecond line\n");
        assertEquals("given", Secrets.resolve("given", "--token", null, Secrets.TOKEN_ENV, env::get));
        assertEquals("from-file", Secrets.resolve(null, "--token", file, Secrets.TOKEN_ENV, env::get));
        assertEquals("from-env", Secrets.resolve(null, "--token", null, Secrets.TOKEN_ENV, env::get));
        assertEquals(null, Secrets.resolve(null, "--token", null, Secrets.PASSWORD_ENV, env::get));
        assertThrows(CliException.class, () -> Secrets.resolve("given", "--token", file, Secrets.TOKEN_ENV, env::get));
        Path empty = Files.writeString(tmp.resolve("empty"), "\n");
        assertThrows(CliException.class, () -> Secrets.resolve(null, "--token", empty, Secrets.TOKEN_ENV, env::get));
    }
}
