// SPDX-License-Identifier: Apache-2.0
package dev.quiver.examples;

import dev.quiver.compute.aggregate.AggregateFunction;
import dev.quiver.compute.aggregate.Aggregation;
import dev.quiver.compute.aggregate.GroupedAggregate;
import dev.quiver.compute.join.HashJoin;
import dev.quiver.compute.join.JoinOptions;
import dev.quiver.compute.join.JoinType;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.Arrow;
import java.nio.file.Path;
import java.util.List;

/**
 * Joins the trips of a file with a table of countries built in Java (a left outer hash join on
 * {@code city}: Quito is not in it, so its trips get a null country), writes the joined table, and prints
 * the fares per country: {@code JoinTables trips.arrow joined.arrow}.
 */
public final class JoinTables {
    private JoinTables() {
    }

    /**
     * Runs the example.
     *
     * @param args the trips file (a {@code city} and a {@code fare} column), the output file
     */
    public static void main(String[] args) {
        Table trips = Arrow.read(Path.of(args[0]));
        Schema schema = Schema.of(Field.notNull("city", ArrowType.UTF8), Field.notNull("country", ArrowType.UTF8));
        Table countries = new Table(schema, List.of(RecordBatch.ofRows(schema,
                List.of(List.of("Lisbon", "Portugal"), List.of("Oslo", "Norway"), List.of("Paris", "France")))));
        Table joined = HashJoin.join(trips, countries, JoinOptions.on("city").type(JoinType.LEFT_OUTER));
        Arrow.write(joined, Path.of(args[1]));
        Table fares = GroupedAggregate.aggregate(joined, List.of("country"),
                List.of(Aggregation.of("fare", AggregateFunction.COUNT), Aggregation.of("fare", AggregateFunction.SUM)));
        System.out.println("joined " + joined.rowCount() + " rows: " + joined.schema().names());
        for (long i = 0; i < fares.rowCount(); i++) {
            System.out.printf("%s %d %.2f%n", fares.row(i).get("country"), fares.row(i).getLong("fare_count"),
                    fares.row(i).getDouble("fare_sum"));
        }
    }
}
