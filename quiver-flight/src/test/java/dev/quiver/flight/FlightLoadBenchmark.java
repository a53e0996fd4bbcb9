// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.flight.internal.Transport;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.netty.buffer.PooledByteBufAllocator;
import io.grpc.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * A load benchmark of the Flight server (issue 28), run by hand, not a unit test: clients mixing DoGet,
 * ListFlights and DoPut (complete, failing half-way with a malformed message, cancelled, dropped with
 * their connection, and uploads from child processes that are killed) against one server of a
 * {@link DirectoryProducer} for a while. Afterwards it checks that no file is lost or half-written (every
 * completed upload reads back whole with its rows and sum, no failed one exists, no temporary file is
 * left, the served files are unchanged) and reports calls in progress, file descriptors, heap and resident
 * memory before and after the load. Exits 1 if a check fails. Arguments: {@code [minutes] [clients]
 * [rounds]} (default 5, 64 and 4: the time is split into rounds, each followed by 12 s of quiet);
 * docs/benchmarks.md has the command.
 */
public final class FlightLoadBenchmark {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));
    private static final int SEED_FILES = 8;
    private static final int SEED_BATCHES = 16;
    private static final int ROWS = 8192;

    private final Path dir;
    private final Map<String, String> seedHashes = new ConcurrentHashMap<>();
    private final Map<String, long[]> completed = new ConcurrentHashMap<>();
    private final Map<String, String> abandoned = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    private final List<String> unexpected = java.util.Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong names = new AtomicLong();

    private FlightLoadBenchmark(Path dir) {
        this.dir = dir;
    }

    private static RecordBatch batch(long first, int rows) {
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        for (int i = 0; i < rows; i++) {
            b.append(first + i);
        }
        return new RecordBatch(SCHEMA, List.of(b.build()), rows);
    }

    /** The sum of x over batches of {@link #batch} starting at 0, 1000, 2000, ... of {@code rows} rows. */
    private static long sum(int batches, int rows) {
        long s = 0;
        for (int k = 0; k < batches; k++) {
            s += (long) rows * (k * 1000L) + (long) rows * (rows - 1) / 2;
        }
        return s;
    }

    private static String hash(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private void count(String what) {
        counts.computeIfAbsent(what, k -> new AtomicLong()).incrementAndGet();
    }

    private void seed() throws Exception {
        for (int f = 0; f < SEED_FILES; f++) {
            Path file = dir.resolve("seed" + f + ".arrow");
            try (IpcFileWriter w = IpcFileWriter.open(file, SCHEMA)) {
                for (int k = 0; k < SEED_BATCHES; k++) {
                    w.write(batch(k * 1000L, ROWS));
                }
            }
            seedHashes.put(file.getFileName().toString(), hash(file));
        }
    }

    private static long[] rowsAndSum(RecordBatchReader reader) {
        long rows = 0;
        long sum = 0;
        for (RecordBatch b : reader) {
            Int64Array x = (Int64Array) b.column(0);
            for (int i = 0; i < b.rowCount(); i++) {
                sum += x.get(i);
            }
            rows += b.rowCount();
        }
        return new long[] {rows, sum};
    }

    /** One client: operations chosen at random until the deadline. */
    private void client(FlightServer server, long deadline) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        try (FlightClient client = FlightClient.builder(server.location()).build()) {
            ManagedChannel raw = RawFlightData.channel(server);
            try {
                while (System.nanoTime() < deadline) {
                    int dice = random.nextInt(100);
                    try {
                        if (dice < 40) {
                            get(client, random.nextInt(SEED_FILES));
                        } else if (dice < 60) {
                            list(client);
                        } else if (dice < 75) {
                            put(client, random.nextInt(1, 6));
                        } else if (dice < 85) {
                            failingPut(raw);
                        } else if (dice < 95) {
                            cancelledPut(client);
                        } else {
                            droppedPut(server);
                        }
                    } catch (RuntimeException e) {
                        unexpected.add(e.toString());
                    }
                }
            } finally {
                raw.shutdownNow();
            }
        }
    }

    private void get(FlightClient client, int f) {
        FlightInfo info = client.getFlightInfo(FlightDescriptor.path("seed" + f + ".arrow"));
        try (RecordBatchReader r = client.read(info)) {
            long[] got = rowsAndSum(r);
            if (got[0] != (long) SEED_BATCHES * ROWS || got[1] != sum(SEED_BATCHES, ROWS)) {
                unexpected.add("DoGet of seed" + f + " read " + got[0] + " rows, sum " + got[1]);
            }
        }
        count("DoGet (whole flight)");
    }

    private void list(FlightClient client) {
        long seeds = client.listFlights().stream().filter(i -> i.descriptor().path().getFirst().startsWith("seed"))
                .count();
        if (seeds != SEED_FILES) {
            unexpected.add("ListFlights listed " + seeds + " seed files");
        }
        count("ListFlights");
    }

    private String name(String kind) {
        return kind + "-" + names.incrementAndGet() + ".arrow";
    }

    private void put(FlightClient client, int batches) {
        String name = name("put");
        try (PutStream put = client.doPut(FlightDescriptor.path(name), SCHEMA)) {
            for (int k = 0; k < batches; k++) {
                put.write(batch(k * 1000L, ROWS));
            }
        }
        completed.put(name, new long[] {(long) batches * ROWS, sum(batches, ROWS)});
        count("DoPut complete");
    }

    private void failingPut(ManagedChannel channel) throws RuntimeException {
        String name = name("failed");
        abandoned.put(name, "malformed");
        RawFlightData raw = new RawFlightData(FlightDescriptor.path(name), SCHEMA);
        Status status;
        try {
            status = new RawFlightData.Call(channel).send(raw.schema()).send(raw.batch(batch(0, ROWS)))
                    .send(raw.lyingBodyLength(batch(1000, ROWS), 5)).send(raw.batch(batch(2000, ROWS))).finish();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        if (status.isOk()) {
            unexpected.add("a malformed upload succeeded: " + name);
        }
        count("DoPut failing half-way");
    }

    private void cancelledPut(FlightClient client) {
        String name = name("cancelled");
        abandoned.put(name, "cancelled");
        PutStream put = client.doPut(FlightDescriptor.path(name), SCHEMA);
        put.write(batch(0, ROWS));
        put.write(batch(1000, ROWS));
        put.cancel();
        count("DoPut cancelled");
    }

    /** An upload whose client goes away with its connection, as a killed process's would. */
    private void droppedPut(FlightServer server) {
        String name = name("dropped");
        abandoned.put(name, "connection dropped");
        FlightClient client = FlightClient.builder(server.location()).build();
        PutStream put = client.doPut(FlightDescriptor.path(name), SCHEMA);
        put.write(batch(0, ROWS));
        client.close();
        count("DoPut connection dropped");
    }

    /** Every few seconds an upload from a child process, killed (SIGKILL) once it is under way. */
    private void killer(FlightServer server, long deadline) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        while (System.nanoTime() < deadline) {
            String name = name("killed");
            abandoned.put(name, "process killed");
            try {
                Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                        EndlessUpload.class.getName(), server.location().uri(), name)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                p.getInputStream().read();
                Thread.sleep(200);
                p.destroyForcibly().waitFor();
                count("DoPut process killed");
                Thread.sleep(5000);
            } catch (IOException | InterruptedException e) {
                unexpected.add("killer: " + e);
                return;
            }
        }
    }

    private static long descriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    private static long rssKib() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    private static long heapMib() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        Runtime rt = Runtime.getRuntime();
        return (rt.totalMemory() - rt.freeMemory()) >> 20;
    }

    private static String footprint() throws Exception {
        long pool = ((PooledByteBufAllocator) Transport.ALLOCATOR).metric().usedDirectMemory() >> 20;
        return "descriptors " + descriptors() + ", heap in use " + heapMib() + " MiB, Netty's pool " + pool
                + " MiB, resident " + (rssKib() >> 10) + " MiB";
    }

    private List<String> check(FlightServer server) throws Exception {
        List<String> problems = new ArrayList<>(unexpected);
        for (Map.Entry<String, long[]> e : completed.entrySet()) {
            try (IpcFileReader r = IpcFileReader.open(dir.resolve(e.getKey()))) {
                long[] got = rowsAndSum(r);
                if (got[0] != e.getValue()[0] || got[1] != e.getValue()[1]) {
                    problems.add(e.getKey() + " holds " + got[0] + " rows, sum " + got[1]);
                }
            } catch (RuntimeException ex) {
                problems.add(e.getKey() + " lost or unreadable: " + ex);
            }
        }
        for (Map.Entry<String, String> e : abandoned.entrySet()) {
            if (Files.exists(dir.resolve(e.getKey()))) {
                problems.add(e.getKey() + " (" + e.getValue() + ") was stored");
            }
        }
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(p -> p.getFileName().toString().startsWith("."))
                    .forEach(p -> problems.add("temporary file left: " + p.getFileName()));
        }
        for (Map.Entry<String, String> e : seedHashes.entrySet()) {
            if (!hash(dir.resolve(e.getKey())).equals(e.getValue())) {
                problems.add(e.getKey() + " changed");
            }
        }
        if (server.callsInProgress() != 0) {
            problems.add(server.callsInProgress() + " calls still in progress");
        }
        return problems;
    }

    public static void main(String[] args) throws Exception {
        double minutes = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        int clients = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        Path dir = Files.createTempDirectory("quiver-flight-load");
        FlightLoadBenchmark load = new FlightLoadBenchmark(dir);
        load.seed();
        ServerLimits limits = ServerLimits.DEFAULT.withMaxCalls(4 * clients, 4 * clients)
                .withMaxUploads(2 * clients, 2 * clients).withIdleTimeout(Duration.ofSeconds(10));
        try (FlightServer server = FlightServer.builder(new DirectoryProducer(dir)).limits(limits).build().start()) {
            load.client(server, System.nanoTime() + TimeUnit.SECONDS.toNanos(5)); // warm-up
            System.out.println("before the load: " + footprint());
            // Rounds sharing the time: what the first leaves behind, the later ones must not add to.
            for (int round = 1; round <= rounds; round++) {
                load.counts.clear();
                long start = System.nanoTime();
                long deadline = start + (long) (minutes * 60e9 / rounds);
                List<Thread> threads = new ArrayList<>();
                for (int c = 0; c < clients; c++) {
                    threads.add(Thread.ofPlatform().name("client-" + c).start(() -> load.client(server, deadline)));
                }
                threads.add(Thread.ofPlatform().name("killer").start(() -> load.killer(server, deadline)));
                long peakRss = 0;
                while (threads.stream().anyMatch(Thread::isAlive)) {
                    peakRss = Math.max(peakRss, rssKib());
                    Thread.sleep(1000);
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                Thread.sleep(TimeUnit.SECONDS.toMillis(12)); // past the idle timeout: abandoned calls are ended
                System.out.printf("round %d: %d clients for %.0f s; peak resident %d MiB%n", round, clients, seconds,
                        peakRss >> 10);
                new java.util.TreeMap<>(load.counts).forEach((k, v) -> System.out.printf("  %-26s %8d  (%.1f/s)%n",
                        k, v.get(), v.get() / seconds));
                System.out.println("after round " + round + ": " + footprint() + "; calls in progress "
                        + server.callsInProgress());
            }
            List<String> problems = load.check(server);
            System.out.println("uploads stored whole: " + load.completed.size() + "; abandoned and absent: "
                    + load.abandoned.size() + "; problems: " + problems.size());
            problems.stream().limit(20).forEach(p -> System.out.println("  " + p));
            if (!problems.isEmpty()) {
                System.exit(1);
            }
        }
    }
}
