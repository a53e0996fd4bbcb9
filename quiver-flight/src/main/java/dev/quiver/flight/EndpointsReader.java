// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.internal.StatusMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The batches of every endpoint of a FlightInfo, fetched concurrently: at most {@code parallelism} DoGet
 * calls at once, started in endpoint order. With {@code ordered} the batches come endpoint by endpoint in
 * the FlightInfo's order, each endpoint with at most {@code buffered} batches waiting for the reader, and an
 * endpoint's slot is given to the next one only once the reader has read it to its end; otherwise batches
 * come as they arrive, at most {@code buffered} waiting in all. Either way memory stays bounded whatever
 * the size of the flight. The first failure cancels the
 * other calls and is thrown by the reader; closing the reader early cancels the outstanding calls.
 */
final class EndpointsReader implements RecordBatchReader {
    /** A marker in a queue: the end of an endpoint's batches. */
    private record End() {
    }

    /** A marker in a queue: a failure, thrown by the reader. */
    private record Failure(FlightException error) {
    }

    private final List<FlightEndpoint> endpoints;
    private final Function<FlightEndpoint, FlightStream> open;
    private final boolean ordered;
    private final int buffered;
    private final Semaphore calls;
    private final List<LinkedBlockingQueue<Object>> queues = new ArrayList<>();
    private final List<Semaphore> room = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicReference<FlightException> failure = new AtomicReference<>();
    private final CompletableFuture<Schema> firstSchema = new CompletableFuture<>();
    private final Schema declared;
    private volatile boolean closed;
    private boolean closedByReader;
    private int current;
    private int ended;

    EndpointsReader(FlightInfo info, Function<FlightEndpoint, FlightStream> open, int parallelism, int buffered) {
        if (parallelism < 1 || buffered < 1) {
            throw new IllegalArgumentException("parallelism and buffered batches must be at least 1");
        }
        if (info.endpoints().isEmpty() && info.schema() == null) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT,
                    "the FlightInfo of " + info.descriptor() + " has neither endpoints nor a schema");
        }
        this.endpoints = info.endpoints();
        this.open = open;
        this.ordered = info.ordered();
        this.buffered = buffered;
        this.calls = new Semaphore(parallelism);
        this.declared = info.schema();
        int queueCount = ordered ? endpoints.size() : 1;
        for (int i = 0; i < queueCount; i++) {
            queues.add(new LinkedBlockingQueue<>());
            room.add(new Semaphore(buffered));
        }
        if (!endpoints.isEmpty()) {
            Thread dispatcher = Thread.ofVirtual().name("flight-endpoints").unstarted(this::dispatch);
            threads.add(dispatcher);
            dispatcher.start();
        }
    }

    /** Starts the endpoints' calls in order, each once one of the {@code parallelism} slots is free. */
    private void dispatch() {
        for (int i = 0; i < endpoints.size(); i++) {
            try {
                calls.acquire();
            } catch (InterruptedException e) {
                return;
            }
            int index = i;
            synchronized (threads) {
                if (closed) {
                    return;
                }
                Thread worker = Thread.ofVirtual().name("flight-endpoint-" + i).unstarted(() -> fetch(index));
                threads.add(worker);
                worker.start();
            }
        }
    }

    private void fetch(int index) {
        int q = ordered ? index : 0;
        FlightEndpoint endpoint = endpoints.get(index);
        try (FlightStream stream = open.apply(endpoint)) {
            Schema schema = stream.schema();
            if (index == 0) {
                firstSchema.complete(schema);
            }
            Schema expected = declared != null ? declared : schema();
            if (!schema.fields().equals(expected.fields())) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "endpoint " + index
                        + " sent the schema " + schema + ", not the flight's " + expected);
            }
            for (Optional<RecordBatch> b = stream.readNext(); b.isPresent(); b = stream.readNext()) {
                room.get(q).acquire();
                queues.get(q).add(b.get());
            }
            queues.get(q).add(new End());
        } catch (InterruptedException e) {
            // Cancelled by close() or by another endpoint's failure: the stream's close cancels the call.
        } catch (RuntimeException | Error e) {
            // An error too: the reader must not wait for an endpoint whose fetcher died.
            if (!closed && failure.get() == null) {
                fail(index, e);
            }
        } finally {
            if (!ordered) {
                calls.release();
            }
        }
    }

    private void fail(int index, Throwable e) {
        FlightException f = StatusMapping.toFlight(e);
        FlightException error = new FlightException(f.code(), "endpoint " + index + " of " + endpoints.size()
                + " failed: " + f.getMessage(), e);
        if (failure.compareAndSet(null, error)) {
            firstSchema.completeExceptionally(error);
            for (LinkedBlockingQueue<Object> queue : queues) {
                queue.add(new Failure(error));
            }
            interruptAll();
        }
    }

    private void interruptAll() {
        synchronized (threads) {
            closed = true;
            for (Thread t : threads) {
                if (t != Thread.currentThread()) {
                    t.interrupt();
                }
            }
        }
    }

    @Override
    public Schema schema() {
        if (declared != null) {
            return declared;
        }
        try {
            return firstSchema.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FlightException(FlightStatusCode.CANCELLED, "interrupted while waiting for the schema", e);
        } catch (ExecutionException e) {
            throw StatusMapping.toFlight(e.getCause());
        }
    }

    @Override
    public Optional<RecordBatch> readNext() {
        if (failure.get() != null) {
            throw failure.get();
        }
        if (closedByReader) {
            throw new FlightException(FlightStatusCode.CANCELLED, "the reader is closed");
        }
        int queueCount = queues.size();
        while (ordered ? current < queueCount : ended < endpoints.size()) {
            int q = ordered ? current : 0;
            Object item;
            try {
                item = queues.get(q).take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new FlightException(FlightStatusCode.CANCELLED, "interrupted while reading", e);
            }
            switch (item) {
                case RecordBatch batch -> {
                    room.get(q).release();
                    return Optional.of(batch);
                }
                case End end -> {
                    if (ordered) {
                        // The endpoint's slot is free only once read: at most parallelism queues hold batches.
                        current++;
                        calls.release();
                    } else {
                        ended++;
                    }
                }
                case Failure f -> throw f.error();
                default -> throw new IllegalStateException("unexpected " + item);
            }
        }
        return Optional.empty();
    }

    /** Cancels the calls still running and waits for their threads to end. */
    @Override
    public void close() {
        closedByReader = true;
        interruptAll();
        List<Thread> all;
        synchronized (threads) {
            all = List.copyOf(threads);
        }
        for (Thread t : all) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        for (LinkedBlockingQueue<Object> queue : queues) {
            queue.clear();
        }
    }
}
