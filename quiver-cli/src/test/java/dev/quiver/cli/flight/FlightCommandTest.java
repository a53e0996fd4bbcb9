// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.cli.QuiverCommand;
import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code quiver flight}: serve on a thread (port 0), then list, info, get and put against it. */
class FlightCommandTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));

    @TempDir
    Path tmp;

    private Path served;
    private final List<RecordBatch> batches = new ArrayList<>();

    record Result(int exit, String out, String err) {
    }

    /** A running {@code quiver flight serve}, stopped by interrupting its thread; {@code err} what it printed. */
    record Server(Thread thread, String uri, StringWriter err) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            thread.interrupt();
            thread.join();
        }
    }

    static Result run(Object... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = QuiverCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(List.of(args).stream().map(Object::toString).toArray(String[]::new));
        return new Result(exit, out.toString(), err.toString());
    }

    Server serve(Object... options) throws InterruptedException {
        return serve(served, options);
    }

    /** Starts {@code quiver flight serve DIR --port 0 OPTIONS} on a thread, once it has printed its address. */
    static Server serve(Path dir, Object... options) throws InterruptedException {
        List<Object> args = new ArrayList<>(List.of("flight", "serve", dir, "--port", "0"));
        args.addAll(List.of(options));
        StringWriter err = new StringWriter();
        Thread thread = new Thread(() -> {
            CommandLine cli = QuiverCommand.commandLine();
            cli.setErr(new PrintWriter(err, true));
            cli.execute(args.stream().map(Object::toString).toArray(String[]::new));
        });
        thread.start();
        Pattern address = Pattern.compile("at (grpc(\\+tls)?://[^ ]+:\\d+)");
        for (int i = 0; i < 1000; i++) {
            Matcher m = address.matcher(err.toString());
            if (m.find()) {
                return new Server(thread, m.group(1), err);
            }
            assertTrue(thread.isAlive(), "serve ended: " + err);
            Thread.sleep(10);
        }
        throw new AssertionError("serve printed no address: " + err);
    }

    @BeforeEach
    void files() throws IOException {
        served = Files.createDirectory(tmp.resolve("served"));
        for (int k = 0; k < 5; k++) {
            IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
            for (int i = 0; i <= k; i++) {
                b.append(k * 10L + i);
            }
            batches.add(new RecordBatch(SCHEMA, List.of(b.build()), k + 1));
        }
        try (IpcFileWriter w = IpcFileWriter.open(served.resolve("five.arrow"), SCHEMA)) {
            batches.forEach(w::write);
        }
    }

    private static List<RecordBatch> read(Path file) {
        try (IpcFileReader reader = IpcFileReader.open(file)) {
            List<RecordBatch> out = new ArrayList<>();
            reader.forEach(out::add);
            return out;
        }
    }

    @Test
    void listInfoGetAndPutAgainstAServedDirectory() throws Exception {
        try (Server server = serve("--batches-per-endpoint", "2", "--allow-upload")) {
            Result list = run("flight", "list", server.uri());
            assertEquals(0, list.exit(), list.err());
            assertTrue(list.out().startsWith("1 flight at " + server.uri()), list.out());
            assertTrue(list.out().lines().anyMatch(l -> l.matches("\\s+five\\.arrow\\s+15\\s+.*\\s3\\s+x: int64")),
                    list.out());

            Result info = run("flight", "info", server.uri(), "five.arrow");
            assertEquals(0, info.exit(), info.err());
            assertTrue(info.out().contains("rows: 15") && info.out().contains("ordered: true")
                    && info.out().contains("endpoints: 3") && info.out().contains("x: int64"), info.out());

            Path out = tmp.resolve("got.arrow");
            Result get = run("flight", "get", server.uri(), "five.arrow", out);
            assertEquals(0, get.exit(), get.err());
            assertEquals("wrote " + out + " (Arrow file): 5 batches, 15 rows", get.out().strip()
                    .replaceAll(", [0-9.]+ [KMG]?i?B$", ""));
            assertEquals(batches, read(out));

            Path csv = tmp.resolve("got.csv");
            assertEquals(0, run("flight", "get", server.uri(), "five.arrow", csv).exit());
            assertEquals(List.of("x", "0", "10", "11"), Files.readAllLines(csv).subList(0, 4));

            Result put = run("flight", "put", server.uri(), out, "copy.arrow");
            assertEquals(0, put.exit(), put.err());
            assertEquals("sent " + out + " to " + server.uri() + " as copy.arrow: 5 batches, 15 rows",
                    put.out().strip());
            assertEquals(batches, read(served.resolve("copy.arrow")));

            Result csvPut = run("flight", "put", server.uri(), csv);
            assertEquals(0, csvPut.exit(), csvPut.err());
            assertTrue(Files.exists(served.resolve("got.arrow")), "a CSV upload is named .arrow");

            Result again = run("flight", "put", server.uri(), out, "copy.arrow");
            assertEquals(1, again.exit());
            assertEquals("quiver flight put: " + server.uri() + ": ALREADY_EXISTS: copy.arrow exists already",
                    again.err().strip());

            Result missing = run("flight", "get", server.uri(), "nope.arrow", tmp.resolve("nope.arrow"));
            assertEquals(1, missing.exit());
            assertTrue(missing.err().contains("NOT_FOUND: no flight nope.arrow"), missing.err());
            assertFalse(Files.exists(tmp.resolve("nope.arrow")));

            Result escape = run("flight", "put", server.uri(), out, "../escape.arrow");
            assertEquals(1, escape.exit());
            assertTrue(escape.err().contains("INVALID_ARGUMENT"), escape.err());
            assertFalse(Files.exists(tmp.resolve("escape.arrow")));
        }
    }

    @Test
    void serveListensOnTheLoopbackAddressAndTakesNoUploadsUnlessTold() throws Exception {
        Path file = served.resolve("five.arrow");
        try (Server server = serve()) {
            assertTrue(server.err().toString().contains("(this machine only; --host to listen on others), no uploads, "
                    + "no authentication"), server.err().toString());
            Result put = run("flight", "put", server.uri(), file, "copy.arrow");
            assertEquals(1, put.exit());
            assertTrue(put.err().contains("UNAUTHORIZED: this service takes no uploads"), put.err());
            assertFalse(Files.exists(served.resolve("copy.arrow")));
        }
        try (Server server = serve("--host", "127.0.0.1", "--allow-upload")) {
            assertTrue(server.err().toString().contains("(listening on 127.0.0.1), uploads taken"),
                    server.err().toString());
            assertEquals(0, run("flight", "put", server.uri(), file, "copy.arrow").exit());
        }
    }

    @Test
    void tokensAndPasswordsFromFiles() throws Exception {
        Path tokenFile = Files.writeString(tmp.resolve("token"), "s3cret\n");
        Path passwordFile = Files.writeString(tmp.resolve("password"), "pw\n");
        try (Server server = serve("--token-file", tokenFile)) {
            assertEquals(1, run("flight", "list", server.uri()).exit());
            assertEquals(0, run("flight", "list", server.uri(), "--token-file", tokenFile).exit());
            assertEquals(0, run("flight", "list", server.uri(), "--token", "s3cret").exit());
        }
        try (Server server = serve("--user", "ann", "--password-file", passwordFile)) {
            Result right = run("flight", "list", server.uri(), "--user", "ann", "--password-file", passwordFile);
            assertEquals(0, right.exit(), right.err());
        }
        assertEquals(2, run("flight", "serve", served, "--token", "t", "--token-file", tokenFile).exit());
        assertEquals(2, run("flight", "serve", served, "--user", "u").exit(), "a user needs a password");
        Result missing = run("flight", "list", "grpc://localhost:1", "--token-file", tmp.resolve("absent"));
        assertEquals(1, missing.exit());
        assertTrue(missing.err().contains("--token-file: no such file"), missing.err());
    }

    @Test
    void badUrisAndUnreachableServicesAreOneLine() {
        Result http = run("flight", "list", "http://localhost:1");
        assertEquals(2, http.exit());
        assertTrue(http.err().startsWith("quiver flight list: not a Flight URI: http://localhost:1"), http.err());
        Result noPort = run("flight", "list", "grpc://localhost");
        assertEquals(2, noPort.exit());
        Result closed = run("flight", "list", "grpc://localhost:1");
        assertEquals(1, closed.exit());
        assertTrue(closed.err().startsWith("quiver flight list: grpc://localhost:1: UNAVAILABLE"), closed.err());
        assertEquals(1, closed.err().lines().count(), closed.err());
    }

    @Test
    void aServerWithATokenOrAPasswordRefusesCallsWithoutIt() throws Exception {
        try (Server server = serve("--token", "s3cret")) {
            Result none = run("flight", "list", server.uri());
            assertEquals(1, none.exit());
            assertTrue(none.err().contains("UNAUTHENTICATED"), none.err());
            Result wrong = run("flight", "list", server.uri(), "--token", "guess");
            assertTrue(wrong.err().contains("UNAUTHENTICATED: invalid token"), wrong.err());
            assertEquals(0, run("flight", "list", server.uri(), "--token", "s3cret").exit());
        }
        try (Server server = serve("--user", "ann", "--password", "pw")) {
            Result wrong = run("flight", "list", server.uri(), "--user", "ann", "--password", "nope");
            assertEquals(1, wrong.exit());
            assertTrue(wrong.err().contains("UNAUTHENTICATED: wrong user name or password"), wrong.err());
            Result right = run("flight", "info", server.uri(), "five.arrow", "--user", "ann", "--password", "pw");
            assertEquals(0, right.exit(), right.err());
        }
        assertEquals(2, run("flight", "serve", served, "--token", "t", "--user", "u", "--password", "p").exit());
    }

    @Test
    void tlsWithTheServersCertificateTrusted() throws Exception {
        Path[] pem = selfSigned();
        try (Server server = serve("--tls", pem[0], pem[1])) {
            assertTrue(server.uri().startsWith("grpc+tls://"), server.uri());
            Result trusted = run("flight", "list", server.uri(), "--trust", pem[0]);
            assertEquals(0, trusted.exit(), trusted.err());
            Result untrusted = run("flight", "list", server.uri());
            assertEquals(1, untrusted.exit());
            assertTrue(untrusted.err().contains("UNAVAILABLE"), untrusted.err());
            // The cause, on the one line: the server's certificate is not trusted.
            assertTrue(untrusted.err().contains("SSLHandshakeException"), untrusted.err());
            assertEquals(1, untrusted.err().lines().count(), untrusted.err());
        }
        Path garbage = Files.writeString(tmp.resolve("garbage.key"), "not a key\n");
        Result badKey = run("flight", "serve", served, "--port", "0", "--tls", pem[0], garbage);
        assertEquals(1, badKey.exit());
        assertEquals(1, badKey.err().lines().count(), badKey.err());
        assertTrue(badKey.err().contains("key"), badKey.err());
    }

    /** A self-signed certificate for localhost made with the JDK's keytool: the certificate and key as PEM. */
    private Path[] selfSigned() throws Exception {
        Path store = tmp.resolve("server.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
                "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2", "-keystore", store.toString(),
                "-storetype", "PKCS12", "-storepass", "changeit").redirectErrorStream(true).start();
        try (InputStream output = keytool.getInputStream()) {
            String text = new String(output.readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, keytool.waitFor(), text);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, "changeit".toCharArray());
        }
        Key key = ks.getKey("server", "changeit".toCharArray());
        Path cert = Files.writeString(tmp.resolve("server.crt"), pem("CERTIFICATE", ks.getCertificate("server").getEncoded()));
        Path keyFile = Files.writeString(tmp.resolve("server.key"), pem("PRIVATE KEY", key.getEncoded()));
        return new Path[] {cert, keyFile};
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
