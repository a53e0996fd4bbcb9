// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.flight.DirectoryProducer;
import dev.quiver.flight.FlightServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The example of docs/spark.md: a DataFrame written as Arrow files, read back with a filter and an
 * aggregate, then served over Arrow Flight and read from the service, one partition per endpoint. Run it
 * with {@code SparkExample DIR} (Spark's JVM options on the command line, as this module's pom lists them).
 */
public final class SparkExample {
    private SparkExample() {
    }

    /**
     * Runs the example in a {@code local[2]} session.
     *
     * @param args the working directory
     * @throws Exception if a step fails
     */
    public static void main(String[] args) throws Exception {
        SparkSession spark = SparkSession.builder().master("local[2]").appName("quiver-spark-example").getOrCreate();
        try {
            run(spark, Path.of(args[0])).forEach(System.out::println);
        } finally {
            spark.stop();
        }
    }

    /**
     * The example's steps.
     *
     * @param spark the session
     * @param dir an empty working directory
     * @return what each step found
     * @throws Exception if a step fails
     */
    static List<String> run(SparkSession spark, Path dir) throws Exception {
        Path trips = dir.resolve("trips");
        spark.range(0, 10_000, 1, 4)
                .selectExpr("id", "CAST(id % 3 AS INT) AS vendor", "CAST(id AS DOUBLE) * 0.5 AS km",
                        "timestamp_micros(1700000000000000 + id * 60000000) AS at")
                .write().format("arrow").option("compression", "zstd").save(trips.toString());

        Dataset<Row> read = spark.read().format("arrow").load(trips.toString());
        Row longest = read.filter("vendor = 1").selectExpr("count(*)", "max(km)").first();

        Path served = Files.createDirectories(dir.resolve("served"));
        try (var files = Files.list(trips)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".arrow")).toList()) {
                Files.copy(f, served.resolve(f.getFileName()));
            }
        }
        String first;
        try (var files = Files.list(served)) {
            first = files.map(p -> p.getFileName().toString()).sorted().findFirst().orElseThrow();
        }
        try (FlightServer server = FlightServer.builder(new DirectoryProducer(served)).host("127.0.0.1").port(0)
                .build().start()) {
            Dataset<Row> flight = spark.read().format("arrow-flight")
                    .option("location", server.location().uri()).load(first);
            long rows = flight.count();
            return List.of("vendor 1: " + longest.getLong(0) + " trips, longest " + longest.getDouble(1) + " km",
                    "flight " + first + ": " + rows + " rows in " + flight.rdd().getNumPartitions() + " partition(s)");
        }
    }
}
