// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import dev.quiver.duckdb.DuckDb;
import dev.quiver.duckdb.DuckDbConnection;
import dev.quiver.duckdb.DuckDbException;
import dev.quiver.duckdb.ProjectingSource;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one DuckDB database of a server and the way clients take turns on it. quiver-duckdb opens a database
 * with one connection, so statements of different clients run one at a time (each result is gathered
 * before the next statement starts, so a slow reader holds no one up). A transaction holds the database for
 * its client from BeginTransaction to EndTransaction: other clients' statements wait for it (at most the
 * statement timeout), and an idle one is rolled back.
 *
 * <p>Locked down at open: external access off (no file, no network, no ATTACH, no COPY TO, no INSTALL or
 * LOAD), no directory allowed, extensions neither installed nor loaded by themselves, and the configuration
 * locked, so a client cannot turn any of it back on.
 *
 * <p>A statement run with its call ({@link #run(String, byte[], CallContext, long, Function)}) is watched by
 * the scans of the served tables: each batch a scan reads first checks that the call is still wanted and the
 * statement's deadline has not passed, and else fails the scan, which stops DuckDB's query at once, however
 * much work remained before its first result row (an aggregation, a sort, a join over a served table).
 */
final class Engine implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A transaction in progress: its id, its client and when it last ran a statement. */
    private static final class OpenTransaction {
        final byte[] id;
        final String owner;
        volatile long lastUsed = System.nanoTime();

        OpenTransaction(byte[] id, String owner) {
            this.id = id;
            this.owner = owner;
        }
    }

    /** A statement running with its call: what the scans check. */
    private record Watch(CallContext context, long deadline) {
    }

    private final DuckDbConnection db;
    private final SqlLimits limits;
    /** The watched statement running now (statements run one at a time), or null. */
    private volatile Watch current;
    /** Why a scan stopped the current statement, or null. */
    private volatile FlightException stopped;
    /** The turn on the database: held for one statement, or for a whole transaction. */
    private final Semaphore turn = new Semaphore(1, true);
    private volatile OpenTransaction transaction;

    private Engine(DuckDbConnection db, SqlLimits limits) {
        this.db = db;
        this.limits = limits;
    }

    /**
     * Opens an in-memory database with the tables registered, then locks it down.
     *
     * @param tables sources of the served tables by name
     * @param settings further DuckDB settings (memory_limit, threads)
     */
    static Engine open(Map<String, Supplier<? extends RecordBatchReader>> tables, Map<String, String> settings,
            SqlLimits limits) {
        Engine[] engine = new Engine[1];
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.put("autoinstall_known_extensions", "false");
        all.put("autoload_known_extensions", "false");
        all.put("allow_community_extensions", "false");
        DuckDbConnection db = DuckDb.open(null, all);
        try {
            for (Map.Entry<String, Supplier<? extends RecordBatchReader>> t : tables.entrySet()) {
                db.register(t.getKey(), new WatchedSource(t.getValue(), () -> {
                    Engine e = engine[0];
                    if (e != null) {
                        e.check();
                    }
                }));
            }
            db.execute("SET allowed_directories = []");
            db.execute("SET allowed_paths = []");
            db.execute("SET enable_external_access = false");
            db.execute("SET lock_configuration = true");
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        engine[0] = new Engine(db, limits);
        return engine[0];
    }

    /** A served table's source whose readers check the running statement before each batch. */
    private record WatchedSource(Supplier<? extends RecordBatchReader> source, Runnable check)
            implements ProjectingSource {
        @Override
        public RecordBatchReader get() {
            return new Watched(source.get(), check);
        }

        @Override
        public RecordBatchReader open(int[] columns) {
            return source instanceof ProjectingSource p ? new Watched(p.open(columns), check)
                    : ProjectingSource.super.open(columns);
        }
    }

    /** A served table's reader that checks the running statement before each batch. */
    private static final class Watched implements RecordBatchReader {
        private final RecordBatchReader reader;
        private final Runnable check;

        Watched(RecordBatchReader reader, Runnable check) {
            this.reader = reader;
            this.check = check;
        }

        @Override
        public Schema schema() {
            return reader.schema();
        }

        @Override
        public Optional<RecordBatch> readNext() {
            check.run();
            return reader.readNext();
        }

        @Override
        public void close() {
            reader.close();
        }
    }

    /**
     * Fails the scan that calls it if the watched statement's call was cancelled or its deadline passed,
     * noting why for {@link #run(String, byte[], CallContext, long, Function)}.
     */
    private void check() {
        Watch w = current;
        if (w == null) {
            return;
        }
        FlightException why = null;
        if (w.context().isCancelled()) {
            why = new FlightException(FlightStatusCode.CANCELLED, "the client cancelled the call; the statement "
                    + "was stopped");
        } else if (System.nanoTime() - w.deadline() > 0) {
            why = new FlightException(FlightStatusCode.TIMED_OUT, "the statement ran longer than the server's "
                    + "statement timeout and was stopped");
        }
        if (why != null) {
            stopped = why;
            throw why;
        }
    }

    /**
     * Runs a statement's work as {@link #run(String, byte[], Function)} does, watched by the scans of the
     * served tables: a scan stops it when the call is cancelled or the deadline passes.
     *
     * @param context the call
     * @param deadline the statement's deadline ({@link System#nanoTime()})
     * @throws FlightException CANCELLED or TIMED_OUT if a scan stopped it, else as the other run
     */
    <T> T run(String owner, byte[] transactionId, CallContext context, long deadline,
            Function<DuckDbConnection, T> work) {
        return run(owner, transactionId, db -> {
            current = new Watch(context, deadline);
            stopped = null;
            try {
                return work.apply(db);
            } catch (RuntimeException e) {
                FlightException why = stopped;
                throw why != null ? why : e;
            } finally {
                current = null;
                stopped = null;
            }
        });
    }

    /**
     * Runs work on the database in the client's turn: inside its transaction if it names one, else once
     * the database is free (no transaction, no other statement).
     *
     * @param owner the client
     * @param transactionId the transaction, or empty for none
     * @throws FlightException NOT_FOUND for a transaction that is not open or not the client's, TIMED_OUT if
     *     the database stays busy longer than the statement timeout, or the work's failure
     */
    <T> T run(String owner, byte[] transactionId, Function<DuckDbConnection, T> work) {
        if (transactionId.length > 0) {
            OpenTransaction t = transaction;
            if (t == null || !Arrays.equals(t.id, transactionId) || !t.owner.equals(owner)) {
                throw new FlightException(FlightStatusCode.NOT_FOUND, "no open transaction "
                        + HexFormat.of().formatHex(transactionId) + " of this client");
            }
            synchronized (t) {
                t.lastUsed = System.nanoTime();
                try {
                    return call(work);
                } finally {
                    t.lastUsed = System.nanoTime();
                }
            }
        }
        acquire();
        try {
            return call(work);
        } finally {
            turn.release();
        }
    }

    private <T> T call(Function<DuckDbConnection, T> work) {
        try {
            return work.apply(db);
        } catch (DuckDbException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, e.getMessage(), e);
        }
    }

    private void acquire() {
        try {
            long deadline = System.nanoTime() + limits.queryTimeout().toNanos();
            while (!turn.tryAcquire(1, TimeUnit.SECONDS)) {
                rollBackIdle();
                if (System.nanoTime() > deadline) {
                    throw new FlightException(FlightStatusCode.TIMED_OUT, "the database stayed busy (a transaction "
                            + "or a long statement of another client) for the statement timeout of "
                            + limits.queryTimeout().toSeconds() + " s");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FlightException(FlightStatusCode.CANCELLED, "interrupted while waiting for the database");
        }
    }

    /**
     * Begins a transaction for a client: it holds the database until it ends.
     *
     * @return the transaction's id
     */
    byte[] begin(String owner) {
        acquire();
        try {
            call(db -> {
                db.execute("BEGIN TRANSACTION");
                return null;
            });
        } catch (RuntimeException e) {
            turn.release();
            throw e;
        }
        byte[] id = new byte[16];
        RANDOM.nextBytes(id);
        transaction = new OpenTransaction(id, owner);
        return id;
    }

    /**
     * Commits or rolls back a client's transaction and frees the database.
     *
     * @throws FlightException NOT_FOUND if no such transaction of the client is open; the commit's failure
     *     (DuckDB then rolled it back)
     */
    void end(String owner, byte[] id, boolean commit) {
        OpenTransaction t = transaction;
        if (t == null || !Arrays.equals(t.id, id) || !t.owner.equals(owner)) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "no open transaction "
                    + HexFormat.of().formatHex(id) + " of this client");
        }
        synchronized (t) {
            if (transaction != t) {
                throw new FlightException(FlightStatusCode.NOT_FOUND, "the transaction has ended already");
            }
            try {
                call(db -> {
                    db.execute(commit ? "COMMIT" : "ROLLBACK");
                    return null;
                });
            } catch (FlightException e) {
                rollBackQuietly();
                throw e;
            } finally {
                transaction = null;
                turn.release();
            }
        }
    }

    /** Rolls back the open transaction if it has been idle longer than allowed. */
    void rollBackIdle() {
        OpenTransaction t = transaction;
        if (t == null || System.nanoTime() - t.lastUsed < limits.transactionIdleTimeout().toNanos()) {
            return;
        }
        synchronized (t) {
            if (transaction != t || System.nanoTime() - t.lastUsed < limits.transactionIdleTimeout().toNanos()) {
                return;
            }
            rollBackQuietly();
            transaction = null;
            turn.release();
        }
    }

    private void rollBackQuietly() {
        try {
            db.execute("ROLLBACK");
        } catch (DuckDbException noTransaction) {
            // Nothing to roll back: a failed COMMIT has rolled back already.
        }
    }

    /** Whether a statement or transaction holds the database now. */
    boolean busy() {
        return turn.availablePermits() == 0;
    }

    @Override
    public void close() {
        db.close();
    }
}
