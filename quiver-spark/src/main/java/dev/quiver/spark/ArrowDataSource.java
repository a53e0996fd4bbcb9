// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.CreatableRelationProvider;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The data source {@code arrow}: Arrow IPC files and streams, Parquet files, and directories of them as
 * datasets with partition keys, read through Data Source V2 ({@code spark.read.format("arrow").load(path)}),
 * and written as Arrow or Parquet files ({@code df.write.format("arrow").save(path)}) in every save mode. Spark runs V2 writes of a plain table
 * provider in the append and overwrite modes only, so a write comes in here as a V1 creatable relation,
 * which settles the save mode (error if the output exists, ignore, append, overwrite) and then runs the V2
 * write of {@link ArrowWriteSource}, with Spark's commit protocol.
 */
public final class ArrowDataSource implements TableProvider, DataSourceRegister, CreatableRelationProvider {
    /** The short name, {@code spark.read.format("arrow")}. */
    public static final String SHORT_NAME = "arrow";

    /** The option in which Spark passes {@code partitionBy}'s columns to a V1 write. */
    private static final String PARTITION_COLUMNS = "__partition_columns";

    /** A data source, as Spark makes it. */
    public ArrowDataSource() {
    }

    @Override
    public String shortName() {
        return SHORT_NAME;
    }

    private static FragmentSource source(Map<String, String> options) {
        CaseInsensitiveStringMap map = new CaseInsensitiveStringMap(options);
        return new FileFragmentSource(LocalPaths.of(map), map, ReadSettings.of(map));
    }

    /**
     * The schema of the files, or no columns when a path does not exist: Spark also asks for the schema of a
     * write's output, which need not exist yet. Reading a missing path fails when the table is planned,
     * naming the path.
     */
    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        for (Path path : LocalPaths.of(options)) {
            if (!Files.exists(path)) {
                return new StructType();
            }
        }
        return SparkSchemas.toSpark(source(options).schema());
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new FragmentTable("arrow " + properties.getOrDefault(LocalPaths.PATH, ""), () -> source(properties),
                properties);
    }

    /**
     * Every type is let through to {@link #createRelation}, which names the first column Arrow cannot take
     * (Spark's own check would refuse intervals, which Arrow writes as durations).
     */
    @Override
    public boolean supportsDataType(DataType type) {
        return true;
    }

    @Override
    public BaseRelation createRelation(SQLContext sqlContext, SaveMode mode,
            scala.collection.immutable.Map<String, String> parameters, Dataset<Row> data) {
        Map<String, String> options = new HashMap<>(CollectionConverters.asJava(parameters));
        CaseInsensitiveStringMap map = new CaseInsensitiveStringMap(options);
        String name = map.get(LocalPaths.PATH);
        if (name == null) {
            throw new QuiverSparkException("no path given: save(path) names the output directory");
        }
        Path output = LocalPaths.local(name);
        String partitioning = map.get(PARTITION_COLUMNS);
        if (partitioning != null && !partitioning.isBlank() && !partitioning.strip().equals("[]")) {
            throw new QuiverSparkException("partitionBy(" + partitioning + ") is not supported by the arrow writer "
                    + "yet: write each partition's rows to its own path");
        }
        options.keySet().removeIf(k -> k.equalsIgnoreCase(PARTITION_COLUMNS));
        if (map.get(WriteSettings.FORMAT) == null && name.toLowerCase(Locale.ROOT).endsWith(".parquet")) {
            options.put(WriteSettings.FORMAT, "parquet");
        }
        WriteSettings.of(new CaseInsensitiveStringMap(options));
        SparkSchemas.toArrow(data.schema());
        boolean exists = hasData(output);
        SaveMode run = switch (mode) {
            case ErrorIfExists -> {
                if (exists) {
                    throw new QuiverSparkException("path " + output + " already holds data (save mode "
                            + "ErrorIfExists); choose append, overwrite or ignore");
                }
                yield SaveMode.Append;
            }
            case Ignore -> exists ? null : SaveMode.Append;
            case Append -> SaveMode.Append;
            case Overwrite -> SaveMode.Overwrite;
        };
        if (run != null) {
            options.keySet().removeIf(k -> k.equalsIgnoreCase(LocalPaths.PATH));
            data.write().format(ArrowWriteSource.class.getName()).mode(run).options(options)
                    .save(output.toString());
        }
        return new BaseRelation() {
            @Override
            public SQLContext sqlContext() {
                return sqlContext;
            }

            @Override
            public StructType schema() {
                return data.schema();
            }
        };
    }

    /** Whether the output exists and is not an empty directory. */
    private static boolean hasData(Path output) {
        if (!Files.exists(output)) {
            return false;
        }
        if (!Files.isDirectory(output)) {
            return true;
        }
        try (Stream<Path> entries = Files.list(output)) {
            return entries.findAny().isPresent();
        } catch (java.io.IOException e) {
            throw new QuiverSparkException("cannot list " + output + ": " + e.getMessage(), e);
        }
    }
}
