// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.ArenaAllocator;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.parquet.ParquetFile;
import dev.quiver.parquet.ParquetPredicate;
import dev.quiver.parquet.ParquetReadOptions;
import dev.quiver.parquet.ParquetReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.filter.Predicate;

/**
 * Row groups of a Parquet file, read through quiver-parquet: only the columns the scan reads, and, within the
 * row groups, skipping the pages the pushed predicates rule out by the column index. Each row group is decoded
 * on the task's thread into an arena of its own, closed (its memory given back) when the reader moves past the
 * row group's last batch or is closed: a task holds one row group's memory at a time, however many it reads.
 *
 * @param path the file
 * @param rowGroups the row groups, in order
 * @param partitionValues the values of the source's partition keys for the file, as Spark holds them
 * @param statistics the predicates the file's statistics and column index may use to skip pages
 */
record ParquetFragment(String path, int[] rowGroups, Object[] partitionValues, Predicate[] statistics)
        implements Fragment {
    @Override
    public RecordBatchReader open(ReadSettings settings, List<String> columns) {
        ParquetFile file;
        try {
            file = ParquetFile.open(Path.of(path));
        } catch (QuiverException e) {
            throw new QuiverSparkException("cannot read " + path + ": " + e.getMessage(), e);
        }
        try {
            Schema schema = file.schema();
            List<String> read = new ArrayList<>();
            for (String column : columns) {
                if (schema.indexOf(column) >= 0) {
                    read.add(column);
                }
            }
            if (read.isEmpty() && !schema.fields().isEmpty()) {
                // No column asked for (a count): the narrowest way to learn the row counts is one column.
                read.add(schema.field(0).name());
            }
            // The columns Spark reads are validated in full by the task's reader; here, what decoding needs.
            ParquetReadOptions options = ParquetReadOptions.DEFAULT.withThreads(1)
                    .withValidation(ValidationLevel.STRUCTURE).withColumns(read.toArray(String[]::new));
            ParquetPredicate hint = hint(statistics, schema);
            if (hint != null) {
                options = options.withFilter(hint);
            }
            return new RowGroups(file, options, rowGroups);
        } catch (QuiverException e) {
            file.close();
            throw new QuiverSparkException("cannot read " + path + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            file.close();
            throw e;
        }
    }

    /**
     * The pushed predicates as one Parquet hint over a file's columns.
     *
     * @param predicates the predicates, all of which hold for a row read
     * @param schema the file's schema
     * @return the hint, or null when none translates
     */
    static ParquetPredicate hint(Predicate[] predicates, Schema schema) {
        List<ParquetPredicate> parts = new ArrayList<>();
        for (Predicate p : predicates) {
            ParquetPredicate part = SparkPredicates.toParquet(p, schema);
            if (part != null) {
                parts.add(part);
            }
        }
        return parts.isEmpty() ? null : parts.size() == 1 ? parts.getFirst() : new ParquetPredicate.And(parts);
    }

    /** The row groups' batches, each row group decoded into an arena closed when the reader moves on. */
    static final class RowGroups implements RecordBatchReader {
        private final ParquetFile file;
        private final ParquetReadOptions options;
        private final int[] groups;
        private final Schema schema;
        private int next;
        private ArenaAllocator arena;
        private ParquetReader current;

        RowGroups(ParquetFile file, ParquetReadOptions options, int[] groups) {
            this.file = file;
            this.options = options;
            this.groups = groups.clone();
            try (ParquetReader none = file.reader(options.withRowGroups())) {
                this.schema = none.schema();
            }
        }

        @Override
        public Schema schema() {
            return schema;
        }

        @Override
        public Optional<RecordBatch> readNext() {
            while (true) {
                if (current != null) {
                    Optional<RecordBatch> batch = current.readNext();
                    if (batch.isPresent()) {
                        return batch;
                    }
                    release();
                }
                if (next >= groups.length) {
                    return Optional.empty();
                }
                arena = BufferAllocator.managed().arena();
                current = file.reader(options.withAllocator(arena).withRowGroups(groups[next++]));
            }
        }

        private void release() {
            try {
                if (current != null) {
                    current.close();
                }
            } finally {
                current = null;
                if (arena != null) {
                    arena.close();
                    arena = null;
                }
            }
        }

        @Override
        public void close() {
            try {
                release();
            } finally {
                file.close();
            }
        }
    }
}
