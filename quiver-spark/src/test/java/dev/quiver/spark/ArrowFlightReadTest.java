// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.flight.DirectoryProducer;
import dev.quiver.flight.FlightServer;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a flight of an in-process Quiver Flight server through {@code format("arrow-flight")}. */
class ArrowFlightReadTest {
    private static final long ROWS = 200_000;

    @TempDir
    static Path dir;
    private static FlightServer server;

    @BeforeAll
    static void serve() {
        // Eight batches of 25,000 rows; two batches per endpoint: four endpoints.
        TestSpark.writeBench(dir.resolve("bench.arrow"), 0, ROWS, 25_000);
        server = FlightServer.builder(new DirectoryProducer(dir, 2, IpcReadOptions.DEFAULT, IpcWriteOptions.DEFAULT,
                false)).host("127.0.0.1").port(0).build().start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static SparkSession spark() {
        return TestSpark.session();
    }

    private static Dataset<Row> flight() {
        return spark().read().format("arrow-flight").option("location", server.location().uri()).load("bench.arrow");
    }

    @Test
    void fourEndpointsAreFourPartitionsEqualToTheFile() {
        Dataset<Row> df = flight();
        assertEquals(4, df.rdd().getNumPartitions());
        assertEquals(TestSpark.expected(ROWS), TestSpark.checksum(df).lines());
        Dataset<Row> file = spark().read().format("arrow").load(dir.resolve("bench.arrow").toString());
        // Lists are not comparable in set operations: the file's rows without tags, and the tags' sums.
        String[] flat = {"id", "x", "flag", "maybe", "name", "cat", "ts", "price"};
        assertEquals(0, df.select(flat[0], java.util.Arrays.copyOfRange(flat, 1, flat.length))
                .exceptAll(file.select(flat[0], java.util.Arrays.copyOfRange(flat, 1, flat.length))).count());
    }

    @Test
    void rowsArriveInEndpointOrderPerPartition() {
        List<Row> firsts = flight().selectExpr("spark_partition_id() AS p", "id")
                .groupBy("p").agg(org.apache.spark.sql.functions.min("id")).orderBy("p").collectAsList();
        long[] mins = firsts.stream().mapToLong(r -> r.getLong(1)).toArray();
        assertArrayEquals(new long[] {0, 50_000, 100_000, 150_000}, mins);
    }

    @Test
    void preferredLocationsAreTheEndpointsHosts() {
        FlightFragment fragment = new FlightFragment("grpc://a:1", List.of("grpc://host-1:2", "grpc+tls://host-2:3"),
                new byte[] {1});
        assertArrayEquals(new String[] {"host-1", "host-2"}, fragment.preferredLocations());
    }

    @Test
    void aMissingFlightIsOneClearError() {
        QuiverSparkException e = assertThrows(QuiverSparkException.class, () -> spark().read().format("arrow-flight")
                .option("location", server.location().uri()).load("nothing.arrow").schema());
        assertTrue(e.getMessage().contains("nothing.arrow") && e.getMessage().contains(server.location().uri()),
                e.getMessage());
    }
}
