// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The sending side of a gRPC call (client or server), shared by the data writers: sends wait until the
 * transport is ready (gRPC's onReady), and fail once the call is cancelled or has ended, or, with an idle
 * timeout, once the peer has taken nothing for that long.
 */
public abstract class Outbound<T> {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition readyOrDone = lock.newCondition();
    private volatile Throwable ended;

    /** Whether the transport takes a message now without buffering it. */
    protected abstract boolean isReady();

    /** Sends a message (called under the call's lock). */
    protected abstract void doSend(T message);

    /** Ends the sending side normally. */
    protected abstract void doComplete();

    /** How long a send may wait for the peer to take data, in nanoseconds; negative: no limit. */
    protected long idleNanos() {
        return -1;
    }

    /** gRPC's onReady: wakes a waiting sender. */
    public final void signalReady() {
        lock.lock();
        try {
            readyOrDone.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The call ended (cancelled, or closed by the peer): senders fail with this from now on. */
    public final void end(Throwable reason) {
        ended = reason;
        signalReady();
    }

    /** Whether the call has ended. */
    public final boolean isEnded() {
        return ended != null;
    }

    /** Waits until ready, then sends. */
    public final void send(T message) {
        lock.lock();
        try {
            long idle = idleNanos();
            long start = idle < 0 ? 0 : System.nanoTime();
            while (!isReady()) {
                checkEnded();
                if (idle >= 0 && System.nanoTime() - start > idle) {
                    throw new FlightException(FlightStatusCode.TIMED_OUT, "the peer took no data for "
                            + Duration.ofNanos(idle) + " (the idle timeout)");
                }
                readyOrDone.await(50, TimeUnit.MILLISECONDS);
            }
            checkEnded();
            doSend(message);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FlightException(FlightStatusCode.CANCELLED, "interrupted while sending", e);
        } finally {
            lock.unlock();
        }
    }

    /** Ends the sending side. */
    public final void complete() {
        lock.lock();
        try {
            checkEnded();
            doComplete();
        } finally {
            lock.unlock();
        }
    }

    private void checkEnded() {
        Throwable reason = ended;
        if (reason != null) {
            throw StatusMapping.toFlight(reason);
        }
    }
}
