// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightProducer;
import dev.quiver.ipc.IpcWriteOptions;
import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Flight DoGet of bench-v1 over loopback, server and client in one JVM: Quiver's server and client, and
 * arrow-java's (flight-core). Each call streams every batch (uncompressed) and the client decodes every
 * batch without reading its values. Under JMH the score is the time of one DoGet; {@link #main} measures
 * wall time per DoGet and prints GB/s (see there).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Flags.ADD_OPENS, Flags.UNSAFE, Flags.NATIVE, Flags.HEAP})
public class FlightBench {
    private static final byte[] TICKET = "bench-v1".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    @Param("1000000")
    public long rows;

    private ScopedAllocator quiverAllocator;
    private List<RecordBatch> batches;
    private RootAllocator arrowAllocator;
    private ArrowTable table;
    private dev.quiver.flight.FlightServer quiverServer;
    private dev.quiver.flight.FlightClient quiverClient;
    private FlightServer arrowServer;
    private FlightClient arrowClient;

    @Setup
    public void setUp() throws IOException {
        quiverAllocator = BufferAllocator.scoped();
        batches = new BenchV1(quiverAllocator).batches(rows);
        quiverServer = dev.quiver.flight.FlightServer.builder(new QuiverServe(batches)).build().start();
        quiverClient = dev.quiver.flight.FlightClient.builder(quiverServer.location()).build();
        arrowAllocator = new RootAllocator();
        table = new ArrowTable(arrowAllocator, rows);
        arrowServer = FlightServer.builder(arrowAllocator, Location.forGrpcInsecure("localhost", 0),
                new ArrowJavaServe(arrowAllocator, table)).build().start();
        arrowClient = FlightClient.builder(arrowAllocator, Location.forGrpcInsecure("localhost", arrowServer.getPort()))
                .build();
    }

    @TearDown
    public void tearDown() throws InterruptedException {
        arrowClient.close();
        arrowServer.close();
        quiverClient.close();
        quiverServer.close();
        table.close();
        arrowAllocator.close();
        quiverAllocator.close();
    }

    /** Quiver's client fetching from Quiver's server; returns the rows received. */
    @Benchmark
    public long quiverDoGet() {
        long received = 0;
        try (dev.quiver.flight.FlightStream stream = quiverClient.doGet(new dev.quiver.flight.Ticket(TICKET))) {
            for (RecordBatch batch : stream) {
                received += batch.rowCount();
            }
        }
        return check(received);
    }

    /** arrow-java's client fetching from arrow-java's server; returns the rows received. */
    @Benchmark
    public long arrowDoGet() throws Exception {
        long received = 0;
        try (FlightStream stream = arrowClient.getStream(new Ticket(TICKET))) {
            while (stream.next()) {
                received += stream.getRoot().getRowCount();
            }
        }
        return check(received);
    }

    private long check(long received) {
        if (received != rows) {
            throw new IllegalStateException("received " + received + " rows of " + rows);
        }
        return received;
    }

    /** Quiver's server: every DoGet streams the batches. */
    private record QuiverServe(List<RecordBatch> batches) implements FlightProducer {
        @Override
        public void doGet(CallContext context, dev.quiver.flight.Ticket ticket, DataSink sink) {
            try (FlightDataWriter out = sink.start(BenchV1.SCHEMA)) {
                for (RecordBatch batch : batches) {
                    out.write(batch);
                }
            }
        }
    }

    /**
     * arrow-java's server as its examples write one: one root loaded with each batch in turn (zero-copy) and
     * sent. It does not wait for the client's readiness: arrow-java calls {@code getStream} on gRPC's
     * callback thread of the call, where waiting for the onReady callback would never see it; gRPC queues
     * the messages, which hold references to the batches' buffers, not copies.
     */
    private static final class ArrowJavaServe extends NoOpFlightProducer {
        private final org.apache.arrow.memory.BufferAllocator allocator;
        private final ArrowTable table;

        ArrowJavaServe(org.apache.arrow.memory.BufferAllocator allocator, ArrowTable table) {
            this.allocator = allocator;
            this.table = table;
        }

        @Override
        public void getStream(CallContext context, Ticket ticket, ServerStreamListener listener) {
            try (VectorSchemaRoot serving = VectorSchemaRoot.create(table.batches().get(0).getSchema(), allocator)) {
                VectorLoader loader = new VectorLoader(serving);
                listener.start(serving, table.dictionaries());
                for (VectorSchemaRoot batch : table.batches()) {
                    try (ArrowRecordBatch unloaded = new VectorUnloader(batch).getRecordBatch()) {
                        loader.load(unloaded);
                    }
                    listener.putNext();
                }
                listener.completed();
            }
        }
    }

    /**
     * Wall-clock GB/s, outside JMH: {@code FlightBench [rows=N] [runs=K] [warmup=W]
     * [only=quiver|arrow-java|none] [file=PATH]}. For each of Quiver and arrow-java (or the one named, or
     * neither with {@code none}, to write the file only), W warm-up DoGets (default 5), then K
     * measured ones (default 5); prints the minimum and median seconds of one DoGet, the GB/s of the median,
     * and the median CPU seconds the process spent per DoGet (every thread: server and client), which a
     * loaded machine disturbs less than wall time. The bytes are those of bench-v1 as an IPC stream
     * written by Quiver (uncompressed, 8-byte alignment: the flatbuffer headers and bodies of the schema,
     * dictionary and record batch messages), the data a DoGet carries. With {@code file=PATH} it also
     * writes bench-v1 as an IPC file there, for the pyarrow script (quiver-bench/scripts).
     *
     * @param args the options above
     * @throws Exception if a call fails
     */
    public static void main(String[] args) throws Exception {
        FlightBench bench = new FlightBench();
        bench.rows = 10_000_000;
        int runs = 5;
        int warmup = 5;
        String only = null;
        Path file = null;
        for (String arg : args) {
            String[] kv = arg.split("=", 2);
            switch (kv[0]) {
                case "rows" -> bench.rows = Long.parseLong(kv[1]);
                case "runs" -> runs = Integer.parseInt(kv[1]);
                case "warmup" -> warmup = Integer.parseInt(kv[1]);
                case "only" -> {
                    only = kv[1];
                    if (!List.of("quiver", "arrow-java", "none").contains(only)) {
                        throw new IllegalArgumentException("only=" + only + ": quiver, arrow-java or none");
                    }
                }
                case "file" -> file = Path.of(kv[1]);
                default -> throw new IllegalArgumentException("unknown option " + arg
                        + " (rows=N, runs=K, warmup=W, only=quiver|arrow-java|none, file=PATH)");
            }
        }
        if (file != null) {
            QuiverIo.writeFile(file, bench.rows, IpcWriteOptions.DEFAULT);
        }
        bench.setUp();
        try {
            long bytes = streamBytes(bench.batches);
            System.out.printf(Locale.ROOT, "bench-v1 rows=%d ipc_stream_bytes=%d%n", bench.rows, bytes);
            if (only == null || only.equals("quiver")) {
                report("quiver", bytes, warmup, runs, bench::quiverDoGet);
            }
            if (only == null || only.equals("arrow-java")) {
                report("arrow-java", bytes, warmup, runs, bench::arrowDoGet);
            }
        } finally {
            bench.tearDown();
        }
    }

    /** One DoGet. */
    @FunctionalInterface
    private interface Call {
        long run() throws Exception;
    }

    private static void report(String name, long bytes, int warmup, int runs, Call call) throws Exception {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int i = 0; i < warmup; i++) {
            call.run();
        }
        double[] seconds = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            long startCpu = os.getProcessCpuTime();
            call.run();
            seconds[i] = (System.nanoTime() - start) / 1e9;
            cpu[i] = (os.getProcessCpuTime() - startCpu) / 1e9;
        }
        Arrays.sort(seconds);
        Arrays.sort(cpu);
        double median = seconds[runs / 2];
        System.out.printf(Locale.ROOT, "%-10s min=%.3fs median=%.3fs GB/s(median)=%.2f cpu(median)=%.3fs runs=%d%n",
                name, seconds[0], median, bytes / median / 1e9, cpu[runs / 2], runs);
    }

    /** The size of the batches as an IPC stream written by Quiver, counted without keeping the bytes. */
    private static long streamBytes(List<RecordBatch> batches) {
        long[] count = new long[1];
        WritableByteChannel counter = new WritableByteChannel() {
            @Override
            public int write(ByteBuffer src) {
                int n = src.remaining();
                src.position(src.limit());
                count[0] += n;
                return n;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        };
        QuiverIo.writeStream(counter, batches, IpcWriteOptions.DEFAULT);
        return count[0];
    }
}
