// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The data source {@code arrow-flight}: a flight of a Flight service, one Spark partition per endpoint,
 * {@code spark.read.format("arrow-flight").option("location", "grpc://host:port").load("flight-name")}.
 */
public final class ArrowFlightDataSource implements TableProvider, DataSourceRegister {
    /** The short name, {@code spark.read.format("arrow-flight")}. */
    public static final String SHORT_NAME = "arrow-flight";

    /** A data source, as Spark makes it. */
    public ArrowFlightDataSource() {
    }

    @Override
    public String shortName() {
        return SHORT_NAME;
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return SparkSchemas.toSpark(new FlightFragmentSource(options).schema());
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        CaseInsensitiveStringMap options = new CaseInsensitiveStringMap(properties);
        return new FragmentTable("arrow-flight " + options.get(FlightFragmentSource.LOCATION),
                () -> new FlightFragmentSource(options), properties);
    }
}
