// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.duckdb.DuckDb;
import dev.quiver.duckdb.DuckDbConnection;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one DuckDB database of a server and its client sessions, each with a DuckDB connection of its own
 * ({@link DuckDbConnection#connect()}): a session is the identity the server's authentication gives the
 * client ({@link CallContext#peerIdentity()}) together with the value of the call header
 * {@value #SESSION_HEADER}, when the client sends one. Sessions run side by side; within one, statements
 * take turns. A session is made by its first call, and closed (its connection, rolling back an open
 * transaction) when it has been idle for {@link SqlLimits#sessionIdleTimeout()}; at most
 * {@link SqlLimits#maxSessions()} are open at once.
 *
 * <p>Locked down at open: external access off (no file, no network, no ATTACH, no COPY TO, no INSTALL or
 * LOAD), no directory allowed, extensions neither installed nor loaded by themselves, and the configuration
 * locked, so a client cannot turn any of it back on.
 *
 * <p>A watchdog thread checks the statements running with their calls every {@value #WATCH_MILLIS} ms and
 * interrupts the session's connection when the call is cancelled or the statement's deadline passes.
 */
final class Engine implements AutoCloseable {
    /** The call header naming a client's session (beside its authenticated identity). */
    static final String SESSION_HEADER = "x-quiver-session";
    /** How often the watchdog looks at the running statements and the idle sessions. */
    static final long WATCH_MILLIS = 50;

    private final DuckDbConnection root;
    private final SqlLimits limits;
    /** The open sessions by key; guarded by itself. */
    private final Map<String, Session> sessions = new LinkedHashMap<>();
    private final ScheduledExecutorService watchdog;
    private final Consumer<String> onClose;
    private boolean closed;

    private Engine(DuckDbConnection root, SqlLimits limits, Consumer<String> onClose) {
        this.root = root;
        this.limits = limits;
        this.onClose = onClose;
        this.watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "quiver-flight-sql-watchdog");
            t.setDaemon(true);
            return t;
        });
        watchdog.scheduleWithFixedDelay(this::watch, WATCH_MILLIS, WATCH_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * Opens an in-memory database with the tables registered, then locks it down.
     *
     * @param tables sources of the served tables by name
     * @param settings further DuckDB settings (memory_limit, threads)
     * @param onClose told the key of each session closed (its prepared statements go with it)
     */
    static Engine open(Map<String, Supplier<? extends RecordBatchReader>> tables, Map<String, String> settings,
            SqlLimits limits, Consumer<String> onClose) {
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.put("autoinstall_known_extensions", "false");
        all.put("autoload_known_extensions", "false");
        all.put("allow_community_extensions", "false");
        DuckDbConnection db = DuckDb.open(null, all);
        try {
            for (Map.Entry<String, Supplier<? extends RecordBatchReader>> t : tables.entrySet()) {
                db.register(t.getKey(), t.getValue());
            }
            db.execute("SET allowed_directories = []");
            db.execute("SET allowed_paths = []");
            db.execute("SET enable_external_access = false");
            db.execute("SET lock_configuration = true");
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        return new Engine(db, limits, onClose);
    }

    /** The session of a call: its identity and its session header. */
    static String sessionKey(CallContext context) {
        String header = context.header(SESSION_HEADER);
        return context.peerIdentity() + "\n" + (header == null ? "" : header);
    }

    /**
     * Runs a statement's work in the call's session, watched (see {@link Session#run(byte[], CallContext,
     * long, Function)}).
     *
     * @throws FlightException RESOURCE_EXHAUSTED if a new session is needed and the server holds its most;
     *     else as the session's run
     */
    <T> T run(CallContext context, byte[] transactionId, long deadline, Function<DuckDbConnection, T> work) {
        Session s = enter(sessionKey(context));
        try {
            return s.run(transactionId, context, deadline, work);
        } finally {
            leave(s);
        }
    }

    /**
     * Runs work in the call's session, unwatched (see {@link Session#run(byte[], Function)}).
     *
     * @throws FlightException RESOURCE_EXHAUSTED if a new session is needed and the server holds its most;
     *     else as the session's run
     */
    <T> T run(CallContext context, byte[] transactionId, Function<DuckDbConnection, T> work) {
        Session s = enter(sessionKey(context));
        try {
            return s.run(transactionId, work);
        } finally {
            leave(s);
        }
    }

    /** Begins a transaction in the call's session. */
    byte[] begin(CallContext context) {
        Session s = enter(sessionKey(context));
        try {
            return s.begin();
        } finally {
            leave(s);
        }
    }

    /** Ends a transaction of the call's session. */
    void end(CallContext context, byte[] id, boolean commit) {
        Session s = enter(sessionKey(context));
        try {
            s.end(id, commit);
        } finally {
            leave(s);
        }
    }

    /**
     * Closes the call's session now (Flight's CloseSession): its connection (stopping a statement that runs,
     * rolling back an open transaction) and, through the close listener, its prepared statements.
     *
     * @return whether the session was open
     */
    boolean closeSession(CallContext context) {
        Session s;
        synchronized (sessions) {
            s = sessions.remove(sessionKey(context));
        }
        if (s == null) {
            return false;
        }
        s.close();
        onClose.accept(s.key);
        return true;
    }

    /** Counts a call that needs no connection (a DoGet, a DoPut of parameters) as use of its session. */
    void touch(CallContext context) {
        synchronized (sessions) {
            Session s = sessions.get(sessionKey(context));
            if (s != null) {
                s.lastUsed = System.nanoTime();
            }
        }
    }

    /** The session of {@code key}, made if needed, counted as used until {@link #leave(Session)}. */
    private Session enter(String key) {
        synchronized (sessions) {
            if (closed) {
                throw new FlightException(FlightStatusCode.UNAVAILABLE, "the SQL service is closed");
            }
            Session s = sessions.get(key);
            if (s == null) {
                if (sessions.size() >= limits.maxSessions()) {
                    closeLeastRecentlyUsed();
                }
                if (sessions.size() >= limits.maxSessions()) {
                    throw new FlightException(FlightStatusCode.RESOURCE_EXHAUSTED, "the server holds "
                            + sessions.size() + " client sessions, its limit; try again when one ends");
                }
                s = new Session(key, root.connect(), limits);
                sessions.put(key, s);
            }
            s.users++;
            return s;
        }
    }

    private void leave(Session s) {
        synchronized (sessions) {
            s.users--;
            s.lastUsed = System.nanoTime();
        }
    }

    /** The watchdog's round: running statements, idle transactions, idle sessions. */
    private void watch() {
        try {
            List<Session> open;
            synchronized (sessions) {
                open = new ArrayList<>(sessions.values());
            }
            for (Session s : open) {
                s.watch();
                s.rollBackIdle();
            }
            synchronized (sessions) {
                closeIdle(System.nanoTime(), limits.sessionIdleTimeout().toNanos());
            }
        } catch (RuntimeException e) {
            // a round that fails (a connection closing under it) is retried at the next one
            return;
        }
    }

    /**
     * Closes the sessions no call uses that have been idle at least {@code idleNanos} and hold no
     * transaction (the watchdog rolls an idle transaction back first); called holding {@link #sessions}.
     */
    private void closeIdle(long now, long idleNanos) {
        var it = sessions.values().iterator();
        while (it.hasNext()) {
            Session s = it.next();
            if (closable(s) && now - s.lastUsed >= idleNanos) {
                it.remove();
                s.close();
                onClose.accept(s.key);
            }
        }
    }

    /** Closes the session idle longest that no call uses and no transaction holds, if any; holding sessions. */
    private void closeLeastRecentlyUsed() {
        Session oldest = null;
        for (Session s : sessions.values()) {
            if (closable(s) && (oldest == null || s.lastUsed - oldest.lastUsed < 0)) {
                oldest = s;
            }
        }
        if (oldest != null) {
            sessions.remove(oldest.key);
            oldest.close();
            onClose.accept(oldest.key);
        }
    }

    private static boolean closable(Session s) {
        return s.users == 0 && !s.inTransaction() && !s.busy();
    }

    /** Whether a statement or transaction holds a session's connection now. */
    boolean busy() {
        synchronized (sessions) {
            return sessions.values().stream().anyMatch(Session::busy);
        }
    }

    /** The count of open sessions. */
    int sessions() {
        synchronized (sessions) {
            return sessions.size();
        }
    }

    /** Stops the watchdog, interrupts and closes every session, then the database. */
    @Override
    public void close() {
        List<Session> open;
        synchronized (sessions) {
            closed = true;
            open = new ArrayList<>(sessions.values());
            sessions.clear();
        }
        watchdog.shutdownNow();
        for (Session s : open) {
            s.close();
        }
        root.close();
    }
}
