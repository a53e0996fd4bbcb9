// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.time.Duration;
import java.util.Objects;

/**
 * The limits a {@link FlightServer} holds its clients to. A client is told by its network address (the
 * IP, any port): one host's connections share its per-client limits. A call over a limit is refused at
 * once with {@link FlightStatusCode#RESOURCE_EXHAUSTED}; a call that exceeds a timeout ends with
 * {@link FlightStatusCode#TIMED_OUT}, and an upload that ends so leaves nothing behind.
 *
 * @param maxMessageBytes the largest FlightData (or other) message a client may send, in bytes; a larger
 *     one ends its call with {@code RESOURCE_EXHAUSTED} before it is read into memory
 * @param maxCalls the calls in progress at once, all clients together
 * @param maxCallsPerClient the calls in progress at once from one client
 * @param maxUploads the DoPut and DoExchange calls in progress at once, all clients together
 * @param maxUploadsPerClient the DoPut and DoExchange calls in progress at once from one client
 * @param idleTimeout how long a call may wait for the client's next message (a call streaming data in) or
 *     for the client to take the data sent (a call streaming data out)
 * @param callTimeout how long any call may last, from its start to its end
 */
public record ServerLimits(int maxMessageBytes, int maxCalls, int maxCallsPerClient, int maxUploads,
        int maxUploadsPerClient, Duration idleTimeout, Duration callTimeout) {
    /** The default largest message: 64 MiB. */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 64 << 20;

    /**
     * The defaults: messages of at most 64 MiB; 128 calls at once (32 from one client), of which 16 uploads
     * (4 from one client); a call whose client sends or takes nothing for 60 seconds, and any call lasting
     * 24 hours, are ended. A call streaming data in holds at most five messages at once (four received
     * ahead of its reader and the one being read), 320 MiB at these defaults, all uploads together at most
     * 5 GiB: lower {@code maxMessageBytes} or {@code maxUploads} for a smaller heap.
     */
    public static final ServerLimits DEFAULT = new ServerLimits(DEFAULT_MAX_MESSAGE_BYTES, 128, 32, 16, 4,
            Duration.ofSeconds(60), Duration.ofHours(24));

    /**
     * Checks the limits.
     *
     * @throws IllegalArgumentException if a count is less than 1 or a timeout not positive
     * @throws NullPointerException if a timeout is null
     */
    public ServerLimits {
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(callTimeout, "callTimeout");
        if (maxMessageBytes < 1 || maxCalls < 1 || maxCallsPerClient < 1 || maxUploads < 1
                || maxUploadsPerClient < 1) {
            throw new IllegalArgumentException("server limits must be at least 1: " + this);
        }
        if (idleTimeout.isNegative() || idleTimeout.isZero() || callTimeout.isNegative() || callTimeout.isZero()) {
            throw new IllegalArgumentException("server timeouts must be positive: " + this);
        }
    }

    /**
     * These limits with another largest message.
     *
     * @param bytes the largest message a client may send
     * @return the new limits
     */
    public ServerLimits withMaxMessageBytes(int bytes) {
        return new ServerLimits(bytes, maxCalls, maxCallsPerClient, maxUploads, maxUploadsPerClient, idleTimeout,
                callTimeout);
    }

    /**
     * These limits with other limits on calls in progress.
     *
     * @param total the calls at once, all clients together
     * @param perClient the calls at once from one client
     * @return the new limits
     */
    public ServerLimits withMaxCalls(int total, int perClient) {
        return new ServerLimits(maxMessageBytes, total, perClient, maxUploads, maxUploadsPerClient, idleTimeout,
                callTimeout);
    }

    /**
     * These limits with other limits on uploads (DoPut, DoExchange) in progress.
     *
     * @param total the uploads at once, all clients together
     * @param perClient the uploads at once from one client
     * @return the new limits
     */
    public ServerLimits withMaxUploads(int total, int perClient) {
        return new ServerLimits(maxMessageBytes, maxCalls, maxCallsPerClient, total, perClient, idleTimeout,
                callTimeout);
    }

    /**
     * These limits with another idle timeout.
     *
     * @param timeout how long a call streaming data to the server may wait for the client's next message
     * @return the new limits
     */
    public ServerLimits withIdleTimeout(Duration timeout) {
        return new ServerLimits(maxMessageBytes, maxCalls, maxCallsPerClient, maxUploads, maxUploadsPerClient,
                timeout, callTimeout);
    }

    /**
     * These limits with another call timeout.
     *
     * @param timeout how long any call may last
     * @return the new limits
     */
    public ServerLimits withCallTimeout(Duration timeout) {
        return new ServerLimits(maxMessageBytes, maxCalls, maxCallsPerClient, maxUploads, maxUploadsPerClient,
                idleTimeout, timeout);
    }
}
