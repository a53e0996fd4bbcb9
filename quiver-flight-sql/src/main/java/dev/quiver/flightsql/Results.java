// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Results computed by GetFlightInfo and waiting for the client's DoGet, by ticket handle. A result is
 * gathered whole (within {@link SqlLimits#maxResultBytes()}) while its client has the database, so that
 * the next statement, of any client, can start at once; the DoGet then streams it. A result is fetched
 * once, by the client that asked for it, within {@link SqlLimits#resultTimeout()}.
 */
final class Results {
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A result waiting for its DoGet. */
    record Pending(String owner, Table table, long expires) {
    }

    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final SqlLimits limits;

    Results(SqlLimits limits) {
        this.limits = limits;
    }

    /**
     * Reads a result to its end (closing it), checking between batches that the call still runs and the
     * statement timeout has not passed.
     *
     * @param deadline the statement's deadline ({@link System#nanoTime()})
     * @throws FlightException RESOURCE_EXHAUSTED over the size limit, CANCELLED if the client went away,
     *     TIMED_OUT past the deadline
     */
    static Table gather(RecordBatchReader reader, CallContext context, long deadline, long maxBytes) {
        try (reader) {
            List<RecordBatch> batches = new ArrayList<>();
            long bytes = 0;
            while (true) {
                if (context.isCancelled()) {
                    throw new FlightException(FlightStatusCode.CANCELLED, "the client cancelled the call; the "
                            + "statement was stopped");
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new FlightException(FlightStatusCode.TIMED_OUT, "the statement ran longer than the "
                            + "server's statement timeout and was stopped");
                }
                var next = reader.readNext();
                if (next.isEmpty()) {
                    return new Table(reader.schema(), batches);
                }
                RecordBatch batch = next.get();
                for (int c = 0; c < batch.columnCount(); c++) {
                    bytes += bytes(batch.column(c).data());
                }
                if (bytes > maxBytes) {
                    throw new FlightException(FlightStatusCode.RESOURCE_EXHAUSTED, "the result is larger than the "
                            + "server's limit of " + maxBytes + " bytes; ask for fewer rows or columns");
                }
                batches.add(batch);
            }
        }
    }

    /** The bytes of an array's buffers, children and dictionary included. */
    static long bytes(ArrayData data) {
        long total = 0;
        for (ArrowBuffer b : data.buffers()) {
            total += b == null ? 0 : b.byteSize();
        }
        for (ArrowBuffer b : data.variadicBuffers()) {
            total += b.byteSize();
        }
        for (ArrayData child : data.children()) {
            total += bytes(child);
        }
        return data.dictionary() == null ? total : total + bytes(data.dictionary());
    }

    /**
     * Keeps a result for its DoGet.
     *
     * @return the handle of its ticket
     * @throws FlightException RESOURCE_EXHAUSTED if the client has too many results waiting
     */
    String put(String owner, Table table) {
        long now = System.nanoTime();
        int mine = 0;
        for (Iterator<Pending> it = pending.values().iterator(); it.hasNext();) {
            Pending p = it.next();
            if (now - p.expires() > 0) {
                it.remove();
            } else if (p.owner().equals(owner)) {
                mine++;
            }
        }
        if (mine >= limits.maxPendingResults()) {
            throw new FlightException(FlightStatusCode.RESOURCE_EXHAUSTED, "this client has "
                    + mine + " results not fetched yet (DoGet), the server's limit");
        }
        byte[] id = new byte[16];
        RANDOM.nextBytes(id);
        String handle = HexFormat.of().formatHex(id);
        pending.put(handle, new Pending(owner, table, now + limits.resultTimeout().toNanos()));
        return handle;
    }

    /**
     * Takes a result for its DoGet.
     *
     * @throws FlightException NOT_FOUND if no such result of the client waits (fetched, expired, cancelled)
     */
    Table take(String owner, String handle) {
        Pending p = pending.get(handle);
        if (p == null || !p.owner().equals(owner) || !pending.remove(handle, p)
                || System.nanoTime() - p.expires() > 0) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "no result for this ticket: fetched already, "
                    + "cancelled, or not fetched within " + limits.resultTimeout().toSeconds() + " s");
        }
        return p.table();
    }

    /** The results waiting for their DoGet now. */
    int waiting() {
        return pending.size();
    }

    /** Drops a waiting result; whether there was one of the client. */
    boolean cancel(String owner, String handle) {
        Pending p = pending.get(handle);
        return p != null && p.owner().equals(owner) && pending.remove(handle, p);
    }
}
