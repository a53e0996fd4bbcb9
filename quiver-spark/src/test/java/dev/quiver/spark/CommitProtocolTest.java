// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.ipc.IpcFileReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write's commit protocol driven by hand, as Spark's driver and tasks would, without a job. */
class CommitProtocolTest {
    private static final StructType SCHEMA = new StructType().add("n", DataTypes.LongType)
            .add("s", DataTypes.StringType);

    @TempDir
    Path out;

    private static void rows(DataWriter<InternalRow> writer, long from, long to) throws Exception {
        for (long n = from; n < to; n++) {
            writer.write(new GenericInternalRow(new Object[] {n, UTF8String.fromString("v" + n)}));
        }
    }

    private List<String> names() throws Exception {
        try (Stream<Path> s = Files.walk(out)) {
            return s.filter(Files::isRegularFile).map(p -> out.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void onlyTheCommittedAttemptOfAPartitionIsPublished() throws Exception {
        ArrowBatchWrite job = new ArrowBatchWrite(out, "job1", SCHEMA, WriteSettings.of(Map.of()), false);
        DataWriterFactory factory = job.createBatchWriterFactory(null);
        DataWriter<InternalRow> first = factory.createWriter(0, 11);
        DataWriter<InternalRow> speculative = factory.createWriter(0, 12);
        DataWriter<InternalRow> other = factory.createWriter(1, 13);
        rows(first, 0, 100_000);
        rows(speculative, 0, 70_000);
        rows(other, 100_000, 100_010);
        WriterCommitMessage m0 = first.commit();
        first.close();
        WriterCommitMessage m1 = other.commit();
        other.close();
        assertTrue(names().stream().allMatch(n -> n.startsWith("_quiver-job1/")), "nothing published before the job commits");
        // The speculative attempt is never committed nor closed (a task killed mid-write): its file stays behind
        // in the staging directory until the job's commit deletes it.
        job.commit(new WriterCommitMessage[] {m0, m1});
        assertEquals(List.of("part-00000-job1-t11-0.arrow", "part-00001-job1-t13-0.arrow"), names());
        try (IpcFileReader reader = IpcFileReader.map(out.resolve("part-00000-job1-t11-0.arrow"))) {
            long rows = 0;
            for (int k = 0; k < reader.batchCount(); k++) {
                RecordBatch b = reader.batch(k);
                rows += b.rowCount();
            }
            assertEquals(100_000, rows);
            assertEquals(2, reader.batchCount(), "batches of 65,536 rows");
        }
        speculative.close();
    }

    @Test
    void anAbortedTaskAndJobLeaveNothing() throws Exception {
        Files.writeString(out.resolve("old.arrow"), "kept");
        ArrowBatchWrite job = new ArrowBatchWrite(out, "job2", SCHEMA, WriteSettings.of(Map.of("maxRowsPerFile", "10")), true);
        DataWriterFactory factory = job.createBatchWriterFactory(null);
        DataWriter<InternalRow> task = factory.createWriter(0, 1);
        rows(task, 0, 35);
        task.abort();
        task.close();
        assertEquals(List.of("old.arrow"), names().stream().filter(n -> !n.startsWith("_quiver-job2/")).toList());
        assertEquals(List.of(), names().stream().filter(n -> n.startsWith("_quiver-job2/")).toList(),
                "the aborted task deleted its complete and its open files");
        job.abort(new WriterCommitMessage[0]);
        assertEquals(List.of("old.arrow"), names(), "an aborted overwrite leaves the old data");
        assertFalse(Files.exists(out.resolve("_quiver-job2")));
    }
}
