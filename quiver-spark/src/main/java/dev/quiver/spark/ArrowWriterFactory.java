// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.type.Schema;
import java.nio.file.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.types.StructType;

/**
 * Makes each task's writer on its executor.
 *
 * @param staging the job's staging directory
 * @param jobId the job's id, in every file name so that appends never collide
 * @param sparkSchema the rows' schema
 * @param settings how to write
 */
record ArrowWriterFactory(String staging, String jobId, StructType sparkSchema, WriteSettings settings)
        implements DataWriterFactory {
    @Override
    public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
        Schema schema = SparkSchemas.toArrow(sparkSchema);
        String prefix = String.format("part-%05d-%s-t%d", partitionId, jobId, taskId);
        return new TaskFileWriter(Path.of(staging), prefix, schema, sparkSchema, settings);
    }
}
