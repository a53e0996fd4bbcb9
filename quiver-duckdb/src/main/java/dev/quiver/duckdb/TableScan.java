// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One scan of a registered table (one {@code quiver_scan} in a query's plan): a reader of the table's
 * batches, the columns DuckDB asked for (projection pushdown), how each goes into DuckDB's vectors (a
 * {@link VectorCopy}, or DuckDB's conversion plan for the others). DuckDB's threads take batches from it
 * in turn, each projected to the columns asked for.
 *
 * <p>The system property {@value #DIRECT_COPY} set to {@code false} turns the direct copies off (every
 * column converted by DuckDB), for comparison.
 */
final class TableScan implements AutoCloseable {
    /** The system property that turns the direct copies off when {@code false}. */
    static final String DIRECT_COPY = "quiver.duckdb.directCopy";
    final ScanTable table;
    /** DuckDB's conversion plan for the columns without a direct copy; null when there are none. */
    final ConvertedSchema converted;
    /** The columns (of the scan) that DuckDB converts, in order. */
    final int[] convertedColumns;
    /** Per column of the scan, its direct copy, or null. */
    final VectorCopy[] direct;
    final int columns;
    private final List<Field> fields;
    private final RecordBatchReader reader;
    /** Set once the reader is used up or failed (also by a thread finishing a batch outside the lock). */
    private volatile boolean done;

    /**
     * A scan of {@code table}'s columns {@code indices} (in DuckDB's order).
     *
     * @throws DuckDbException if the table refuses a new scan, or DuckDB cannot convert its types
     */
    TableScan(DuckDbApi api, MemorySegment connection, ScanTable table, int[] indices) throws Throwable {
        this.table = table;
        this.columns = indices.length;
        this.fields = new ArrayList<>(indices.length);
        this.direct = new VectorCopy[indices.length];
        boolean directCopy = !"false".equals(System.getProperty(DIRECT_COPY));
        List<Field> others = new ArrayList<>();
        int[] otherColumns = new int[indices.length];
        for (int c = 0; c < indices.length; c++) {
            Field field = table.schema.fields().get(indices[c]);
            fields.add(field);
            direct[c] = directCopy ? table.directCopy(indices[c]) : null;
            if (direct[c] == null) {
                otherColumns[others.size()] = c;
                others.add(field);
            }
        }
        this.convertedColumns = Arrays.copyOf(otherColumns, others.size());
        this.converted = others.isEmpty() ? null : new ConvertedSchema(api, connection, new Schema(others),
                table.name);
        try {
            this.reader = table.open(indices);
        } catch (RuntimeException e) {
            if (converted != null) {
                converted.close();
            }
            throw e;
        }
    }

    /**
     * The next batch, projected; null at the end. Threads take batches in turn; a {@link ParallelReader}'s
     * batch is then finished (copied, validated) by the taking thread outside the lock, alongside the others.
     *
     * @throws DuckDbException if the reader fails (with its message, naming the table)
     */
    RecordBatch next() {
        Supplier<RecordBatch> pending = take();
        if (pending == null) {
            return null;
        }
        RecordBatch batch;
        try {
            batch = pending.get();
        } catch (RuntimeException e) {
            throw failed(e);
        }
        check(batch);
        long bytes = 0;
        for (int c = 0; c < columns; c++) {
            bytes += bytes(batch.column(c).data());
        }
        table.scannedBytes.addAndGet(bytes);
        return batch;
    }

    /** The next batch's work, taken under the lock; null at the end (or after a failure). */
    private synchronized Supplier<RecordBatch> take() {
        if (done) {
            return null;
        }
        try {
            if (reader instanceof ParallelReader parallel) {
                Optional<Supplier<RecordBatch>> next = parallel.take();
                done = next.isEmpty();
                return next.orElse(null);
            }
            Optional<RecordBatch> next = reader.readNext();
            done = next.isEmpty();
            return next.isEmpty() ? null : next::get;
        } catch (RuntimeException e) {
            throw failed(e);
        }
    }

    /** Ends the scan after a reader's failure: the error that names the table. */
    private DuckDbException failed(RuntimeException e) {
        done = true;
        return new DuckDbException("reading table " + table.name + " failed: " + e.getMessage(), e);
    }

    /**
     * Checks that a batch has the columns asked for, of the registered types: DuckDB reads the buffers as
     * those types.
     */
    private void check(RecordBatch batch) {
        if (batch.columnCount() != columns) {
            done = true;
            throw new DuckDbException("reading table " + table.name + " failed: a batch has " + batch.columnCount()
                    + " columns where the scan asked for " + columns);
        }
        for (int c = 0; c < columns; c++) {
            if (!batch.column(c).type().equals(fields.get(c).type())) {
                done = true;
                throw new DuckDbException("reading table " + table.name + " failed: column " + fields.get(c).name()
                        + " of a batch is " + batch.column(c).type() + ", registered as " + fields.get(c).type());
            }
        }
    }

    /** The bytes of an array's buffers, its children's and its dictionary's. */
    private static long bytes(ArrayData data) {
        long sum = 0;
        for (ArrowBuffer buffer : data.buffers()) {
            sum += buffer == null ? 0 : buffer.byteSize();
        }
        for (ArrayData child : data.children()) {
            sum += bytes(child);
        }
        return data.dictionary() == null ? sum : sum + bytes(data.dictionary());
    }

    /** Closes the reader and destroys the conversion plan. */
    @Override
    public synchronized void close() {
        done = true;
        try {
            reader.close();
        } finally {
            if (converted != null) {
                converted.close();
            }
        }
    }
}
