// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.FlightStream;
import dev.quiver.ipc.IpcException;
import dev.quiver.ipc.IpcMessageDecoder;
import dev.quiver.ipc.IpcReadOptions;
import java.time.Duration;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * FlightData to batches: messages arrive from gRPC's callbacks into a queue, and quiver-ipc's decoder
 * turns them into batches as the reader reads. One more message is requested from gRPC per message taken
 * (after {@link #WINDOW} at the start), so a slow reader holds the sender back. A malformed message fails
 * the reader where it stands in the stream; with an idle timeout, a peer that sends nothing for that long
 * fails it as {@link FlightStatusCode#TIMED_OUT}. Either way the call is cancelled.
 */
public final class DataReader implements FlightStream {
    /** How many messages gRPC may deliver ahead of the reader. */
    public static final int WINDOW = 4;

    private record End(Throwable error) {
    }

    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final IpcMessageDecoder decoder;
    private final IntConsumer request;
    private final Runnable cancel;
    private final long idleNanos;
    private FlightDataMessage pending;
    private boolean first = true;
    private boolean finished;
    private FlightDescriptor descriptor;
    private byte[] appMetadata = FlightDataMessage.NONE;

    /**
     * A reader.
     *
     * @param options how IPC messages are decoded
     * @param request asks gRPC for more messages
     * @param cancel cancels the call (closing before the end, or failing)
     * @param idleTimeout how long to wait for the peer's next message, null for as long as it takes
     */
    public DataReader(IpcReadOptions options, IntConsumer request, Runnable cancel, Duration idleTimeout) {
        this.decoder = new IpcMessageDecoder(options);
        this.request = request;
        this.cancel = cancel;
        this.idleNanos = idleTimeout == null ? -1 : idleTimeout.toNanos();
    }

    /** A message from gRPC. */
    public void offer(FlightDataMessage message) {
        queue.add(message);
    }

    /** The end of the peer's messages: normal if {@code error} is null. */
    public void end(Throwable error) {
        queue.add(new End(error));
    }

    private FlightDataMessage nextMessage() {
        if (pending != null) {
            FlightDataMessage m = pending;
            pending = null;
            return m;
        }
        if (finished) {
            return null;
        }
        Object o;
        try {
            o = idleNanos < 0 ? queue.take() : queue.poll(idleNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail();
            throw new FlightException(FlightStatusCode.CANCELLED, "interrupted while reading", e);
        }
        if (o == null) {
            fail();
            throw new FlightException(FlightStatusCode.TIMED_OUT, "no message from the peer for "
                    + Duration.ofNanos(idleNanos) + " (the idle timeout)");
        }
        if (o instanceof End end) {
            finished = true;
            if (end.error() != null) {
                throw StatusMapping.toFlight(end.error());
            }
            return null;
        }
        FlightDataMessage m = (FlightDataMessage) o;
        if (m.isMalformed()) {
            fail();
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, m.error());
        }
        request.accept(1);
        if (first) {
            first = false;
            descriptor = m.descriptor() == null ? null : ProtoConversions.fromProto(m.descriptor());
        }
        return m;
    }

    private static boolean hasHeader(FlightDataMessage m) {
        return m.header() != null && m.header().remaining() > 0;
    }

    private IpcMessageDecoder.Decoded decode(FlightDataMessage m) {
        try {
            return decoder.decode(m.headerSegment(), m.body());
        } catch (IpcException e) {
            fail();
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "bad data in the stream: " + e.getMessage(), e);
        }
    }

    @Override
    public Schema schema() {
        while (decoder.schema() == null) {
            FlightDataMessage m = nextMessage();
            if (m == null) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "the stream ended before its schema");
            }
            if (hasHeader(m)) {
                decode(m);
            }
            appMetadata = m.appMetadata();
        }
        return decoder.schema();
    }

    @Override
    public Optional<RecordBatch> readNext() {
        schema();
        while (true) {
            FlightDataMessage m = nextMessage();
            if (m == null) {
                return Optional.empty();
            }
            if (!hasHeader(m)) {
                appMetadata = m.appMetadata();
                continue;
            }
            if (decode(m) instanceof IpcMessageDecoder.BatchMessage b) {
                appMetadata = m.appMetadata();
                return Optional.of(b.batch());
            }
        }
    }

    @Override
    public boolean readNextMetadata() {
        schema();
        FlightDataMessage m = nextMessage();
        if (m == null) {
            throw new NoSuchElementException("the stream has ended");
        }
        if (hasHeader(m)) {
            pending = m;
            return true;
        }
        appMetadata = m.appMetadata();
        return false;
    }

    @Override
    public FlightDescriptor descriptor() {
        if (first && !finished) {
            pending = nextMessage();
        }
        return descriptor;
    }

    @Override
    public byte[] appMetadata() {
        return appMetadata.clone();
    }

    @Override
    public boolean isFinished() {
        return finished && pending == null;
    }

    /** Ends the reading after a failure: nothing more is read, and the call is cancelled. */
    private void fail() {
        finished = true;
        cancel.run();
    }

    @Override
    public void close() {
        if (!finished) {
            finished = true;
            cancel.run();
        }
    }
}
