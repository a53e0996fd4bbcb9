// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import io.grpc.Status;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The server's log of calls ending in an error (java.util.logging, logger {@code dev.quiver.flight}): one
 * line per call, without a stack trace, so that a flood of bad requests is a flood of lines, not of traces.
 * Errors of the client's making (malformed or refused requests, limits, timeouts, failed authentication)
 * are WARNING, failures of the server INTERNAL or UNKNOWN are SEVERE; ordinary answers (NOT_FOUND,
 * ALREADY_EXISTS, CANCELLED, UNIMPLEMENTED, ...) are not logged.
 */
public final class CallLog {
    private static final Logger LOG = Logger.getLogger("dev.quiver.flight");
    private static final int MAX_DESCRIPTION = 300;
    /**
     * gRPC's loggers that report a client's bad message with its stack trace: the Netty server stream (a
     * message over the size limit, a broken frame) and the call executor (an exception in a callback).
     * Held here: java.util.logging keeps loggers only weakly, and would drop the filter with them.
     */
    private static final List<Logger> TRANSPORT_LOGGERS = List.of(
            Logger.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyServerStream"),
            Logger.getLogger("io.grpc.internal.SerializingExecutor"));

    static {
        for (Logger logger : TRANSPORT_LOGGERS) {
            logger.setFilter(CallLog::oneLineRecord);
        }
    }

    private CallLog() {
    }

    /** Makes sure gRPC's transport logs a client's bad message as one line (loads this class). */
    public static void install() {
        LOG.finest("Flight server logging installed");
    }

    /** A record of gRPC's made one line: the exception's message instead of its stack trace. */
    private static boolean oneLineRecord(LogRecord record) {
        Throwable thrown = record.getThrown();
        if (thrown != null) {
            record.setThrown(null);
            record.setParameters(null);
            record.setMessage(oneLine(record.getMessage() + ": " + thrown));
        }
        return true;
    }

    static void ended(String method, String client, Status status) {
        Level level = switch (status.getCode()) {
            case INVALID_ARGUMENT, RESOURCE_EXHAUSTED, DEADLINE_EXCEEDED, UNAUTHENTICATED, PERMISSION_DENIED ->
                    Level.WARNING;
            case INTERNAL, UNKNOWN, DATA_LOSS -> Level.SEVERE;
            default -> null;
        };
        if (level == null || !LOG.isLoggable(level)) {
            return;
        }
        LOG.log(level, "Flight " + method + " from " + client + ": " + status.getCode() + ": "
                + oneLine(status.getDescription()));
    }

    /** Text as one line of bounded length: line breaks and other control characters as spaces. */
    static String oneLine(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(Math.min(text.length(), MAX_DESCRIPTION + 3));
        for (int i = 0; i < text.length() && b.length() < MAX_DESCRIPTION; i++) {
            char c = text.charAt(i);
            b.append(c < 0x20 || c == 0x7f ? ' ' : c);
        }
        if (text.length() > MAX_DESCRIPTION) {
            b.append("...");
        }
        return b.toString();
    }
}
