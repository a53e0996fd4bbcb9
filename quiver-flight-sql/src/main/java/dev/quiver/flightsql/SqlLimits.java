// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import java.time.Duration;
import java.util.Objects;

/**
 * The limits a {@link DuckDbSqlProducer} holds remote SQL to, on top of the Flight server's own
 * ({@link dev.quiver.flight.ServerLimits}).
 *
 * @param maxResultBytes the largest result (or ingested upload) the server holds for a client, in bytes of
 *     Arrow buffers; a larger one fails with {@code RESOURCE_EXHAUSTED}
 * @param queryTimeout how long a statement may run, waiting for the database included; a longer one is
 *     stopped and fails with {@code TIMED_OUT}
 * @param resultTimeout how long a computed result waits for the client's DoGet before it is dropped
 * @param maxPendingResults the results one client may leave waiting for their DoGet at once
 * @param transactionIdleTimeout how long a transaction may stay without a statement before the server rolls
 *     it back (an open transaction holds its session's connection)
 * @param maxSessions the client sessions (each with a DuckDB connection of its own) the server holds at once;
 *     a call that needs one more fails with {@code RESOURCE_EXHAUSTED}
 * @param sessionIdleTimeout how long a session may stay without a call before the server closes it (and its
 *     connection, prepared statements and temporary tables)
 */
public record SqlLimits(long maxResultBytes, Duration queryTimeout, Duration resultTimeout, int maxPendingResults,
        Duration transactionIdleTimeout, int maxSessions, Duration sessionIdleTimeout) {
    /**
     * The defaults: results of at most 256 MiB, statements of at most 5 minutes, results kept 5 minutes for
     * their DoGet, 64 of them per client, transactions rolled back after 60 idle seconds, 64 sessions, each
     * closed after 10 idle minutes.
     */
    public static final SqlLimits DEFAULT = new SqlLimits(256L << 20, Duration.ofMinutes(5), Duration.ofMinutes(5),
            64, Duration.ofSeconds(60), 64, Duration.ofMinutes(10));

    /**
     * Checks the limits.
     *
     * @throws IllegalArgumentException if a size or count is less than 1 or a timeout not positive
     * @throws NullPointerException if a timeout is null
     */
    public SqlLimits {
        Objects.requireNonNull(queryTimeout, "queryTimeout");
        Objects.requireNonNull(resultTimeout, "resultTimeout");
        Objects.requireNonNull(transactionIdleTimeout, "transactionIdleTimeout");
        Objects.requireNonNull(sessionIdleTimeout, "sessionIdleTimeout");
        if (maxResultBytes < 1 || maxPendingResults < 1 || maxSessions < 1) {
            throw new IllegalArgumentException("SQL limits must be at least 1: " + this);
        }
        for (Duration d : new Duration[] {queryTimeout, resultTimeout, transactionIdleTimeout,
                sessionIdleTimeout}) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("SQL timeouts must be positive: " + this);
            }
        }
    }

    /**
     * These limits with another largest result.
     *
     * @param bytes the largest result, in bytes
     * @return the new limits
     */
    public SqlLimits withMaxResultBytes(long bytes) {
        return new SqlLimits(bytes, queryTimeout, resultTimeout, maxPendingResults, transactionIdleTimeout,
                maxSessions, sessionIdleTimeout);
    }

    /**
     * These limits with another statement timeout.
     *
     * @param timeout how long a statement may run
     * @return the new limits
     */
    public SqlLimits withQueryTimeout(Duration timeout) {
        return new SqlLimits(maxResultBytes, timeout, resultTimeout, maxPendingResults, transactionIdleTimeout,
                maxSessions, sessionIdleTimeout);
    }

    /**
     * These limits with another transaction idle timeout.
     *
     * @param timeout how long a transaction may stay idle
     * @return the new limits
     */
    public SqlLimits withTransactionIdleTimeout(Duration timeout) {
        return new SqlLimits(maxResultBytes, queryTimeout, resultTimeout, maxPendingResults, timeout, maxSessions,
                sessionIdleTimeout);
    }

    /**
     * These limits with other bounds on client sessions.
     *
     * @param max the most sessions held at once
     * @param idleTimeout how long a session may stay without a call
     * @return the new limits
     */
    public SqlLimits withSessions(int max, Duration idleTimeout) {
        return new SqlLimits(maxResultBytes, queryTimeout, resultTimeout, maxPendingResults, transactionIdleTimeout,
                max, idleTimeout);
    }
}
