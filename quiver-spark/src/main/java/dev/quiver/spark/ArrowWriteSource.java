// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The V2 write of a directory of Arrow files, which {@link ArrowDataSource} runs once it has settled the save
 * mode (append, or overwrite by truncation). Not registered under a short name: use {@code format("arrow")}.
 */
public final class ArrowWriteSource implements TableProvider {
    /** A data source, as Spark makes it. */
    public ArrowWriteSource() {
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        throw new QuiverSparkException("the Arrow write source takes the written DataFrame's schema");
    }

    @Override
    public boolean supportsExternalMetadata() {
        return true;
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        Path output = LocalPaths.local(new CaseInsensitiveStringMap(properties).get(LocalPaths.PATH));
        return new OutputTable(output, schema);
    }

    /** A directory of Arrow files, written to. */
    private record OutputTable(Path output, StructType schema) implements SupportsWrite {
        @Override
        public String name() {
            return "arrow " + output;
        }

        @Override
        public Set<TableCapability> capabilities() {
            return Set.of(TableCapability.BATCH_WRITE, TableCapability.TRUNCATE);
        }

        @Override
        public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
            try {
                Files.createDirectories(output);
            } catch (java.io.IOException e) {
                throw new QuiverSparkException("cannot create the output directory " + output + ": "
                        + e.getMessage(), e);
            }
            return new ArrowWriteBuilder(output, info);
        }
    }
}
