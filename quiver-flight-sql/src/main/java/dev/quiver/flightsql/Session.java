// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.duckdb.DuckDbConnection;
import dev.quiver.duckdb.DuckDbException;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A client session and its own DuckDB connection (on the server's one database): its statements take turns
 * on the connection, while those of other sessions run side by side on theirs. A transaction holds the
 * connection for its session from BeginTransaction to EndTransaction; one left idle too long is rolled back.
 * A statement run with its call is watched ({@link #watch()}, called by the server's watchdog): when
 * its call is cancelled (the client went away, cancelled it or passed its deadline) or the statement passes
 * its deadline, the connection is interrupted ({@code duckdb_interrupt}) and DuckDB abandons the statement
 * wherever it is.
 */
final class Session {
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A transaction in progress: its id and when it last ran a statement. */
    private static final class OpenTransaction {
        final byte[] id;
        volatile long lastUsed = System.nanoTime();

        OpenTransaction(byte[] id) {
            this.id = id;
        }
    }

    /** A statement running with its call: what the watchdog checks. */
    private record Watch(CallContext context, long deadline) {
    }

    final String key;
    private final DuckDbConnection db;
    private final SqlLimits limits;
    /** The turn on the connection: held for one statement, or for a whole transaction. */
    private final Semaphore turn = new Semaphore(1, true);
    private volatile OpenTransaction transaction;
    /** The watched statement running now, or null; guarded by this. */
    private Watch current;
    /** Why the watchdog stopped the current statement, or null; guarded by this. */
    private FlightException stopped;
    /** Calls using or waiting for the session; guarded by the server's sessions. */
    int users;
    /** When a call last left the session ({@link System#nanoTime()}); guarded by the server's sessions. */
    long lastUsed = System.nanoTime();

    Session(String key, DuckDbConnection db, SqlLimits limits) {
        this.key = key;
        this.db = db;
        this.limits = limits;
    }

    /**
     * Runs a statement's work as {@link #run(byte[], Function)} does, watched: the watchdog interrupts it
     * when the call is cancelled or the deadline passes.
     *
     * @param context the call
     * @param deadline the statement's deadline ({@link System#nanoTime()})
     * @throws FlightException CANCELLED or TIMED_OUT if the watchdog stopped it, else as the other run
     */
    <T> T run(byte[] transactionId, CallContext context, long deadline, Function<DuckDbConnection, T> work) {
        return run(transactionId, db -> {
            synchronized (this) {
                current = new Watch(context, deadline);
                stopped = null;
            }
            try {
                return work.apply(db);
            } catch (RuntimeException e) {
                FlightException why;
                synchronized (this) {
                    why = stopped;
                }
                throw why != null ? why : e;
            } finally {
                synchronized (this) {
                    current = null;
                    stopped = null;
                }
            }
        });
    }

    /**
     * Interrupts the watched statement if its call is cancelled or its deadline has passed (again at every
     * check until it ends, since one statement's work may run several queries), noting why.
     */
    synchronized void watch() {
        Watch w = current;
        if (w == null) {
            return;
        }
        if (stopped == null) {
            if (w.context().isCancelled()) {
                stopped = new FlightException(FlightStatusCode.CANCELLED, "the client cancelled the call; the "
                        + "statement was stopped");
            } else if (System.nanoTime() - w.deadline() > 0) {
                stopped = new FlightException(FlightStatusCode.TIMED_OUT, "the statement ran longer than the "
                        + "server's statement timeout of " + limits.queryTimeout().toSeconds() + " s and was stopped");
            }
        }
        if (stopped != null) {
            db.interrupt();
        }
    }

    /**
     * Runs work on the session's connection in its turn: inside its transaction if it names one, else once
     * the connection is free (no transaction, no other statement of the session).
     *
     * @param transactionId the transaction, or empty for none
     * @throws FlightException NOT_FOUND for a transaction that is not open in this session, TIMED_OUT if the
     *     connection stays busy longer than the statement timeout, or the work's failure (DuckDB's as
     *     INVALID_ARGUMENT)
     */
    <T> T run(byte[] transactionId, Function<DuckDbConnection, T> work) {
        if (transactionId.length > 0) {
            OpenTransaction t = open(transactionId);
            synchronized (t) {
                if (transaction != t) {
                    throw new FlightException(FlightStatusCode.NOT_FOUND, "the transaction has ended");
                }
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
                    throw new FlightException(FlightStatusCode.TIMED_OUT, "the session's connection stayed busy (a "
                            + "transaction or a long statement of this session) for the statement timeout of "
                            + limits.queryTimeout().toSeconds() + " s");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FlightException(FlightStatusCode.CANCELLED, "interrupted while waiting for the connection");
        }
    }

    /**
     * Begins a transaction in the session: it holds the session's connection until it ends.
     *
     * @return the transaction's id
     */
    byte[] begin() {
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
        transaction = new OpenTransaction(id);
        return id;
    }

    /**
     * Commits or rolls back the session's transaction and frees its connection.
     *
     * @throws FlightException NOT_FOUND if no such transaction is open in the session; the commit's failure
     *     (DuckDB then rolled it back)
     */
    void end(byte[] id, boolean commit) {
        OpenTransaction t = open(id);
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

    /** The open transaction {@code id}; NOT_FOUND if it is not the session's open one. */
    private OpenTransaction open(byte[] id) {
        OpenTransaction t = transaction;
        if (t == null || !Arrays.equals(t.id, id)) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "no open transaction "
                    + HexFormat.of().formatHex(id) + " in this session");
        }
        return t;
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

    /** Whether a statement or transaction holds the session's connection now. */
    boolean busy() {
        return turn.availablePermits() == 0;
    }

    /** Whether a transaction is open. */
    boolean inTransaction() {
        return transaction != null;
    }

    /** Stops what runs (interrupting DuckDB) and closes the connection; an open transaction is rolled back. */
    void close() {
        db.interrupt();
        db.close();
    }
}
