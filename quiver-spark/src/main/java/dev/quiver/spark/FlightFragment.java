// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.Location;
import dev.quiver.flight.Ticket;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * One endpoint of a flight: its ticket, redeemed at its first location, or at the service when it names none.
 *
 * @param service the service the FlightInfo came from
 * @param locations the endpoint's locations (URIs)
 * @param ticket the ticket's bytes
 */
record FlightFragment(String service, List<String> locations, byte[] ticket) implements Fragment {
    @Override
    public String[] preferredLocations() {
        return locations.stream().map(u -> URI.create(u).getHost()).filter(h -> h != null).distinct()
                .toArray(String[]::new);
    }

    @Override
    public RecordBatchReader open(ReadSettings settings, List<String> columns) {
        String where = locations.isEmpty() ? service : locations.get(0);
        ScopedAllocator memory = BufferAllocator.scoped();
        FlightClient client = FlightClient.builder(new Location(where))
                .readOptions(settings.ipcOptions().withAllocator(memory)).build();
        try {
            return new Fetch(client, client.doGet(new Ticket(ticket)), memory);
        } catch (QuiverException e) {
            try {
                client.close();
            } finally {
                memory.close();
            }
            throw new QuiverSparkException("DoGet at " + where + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * The stream of one DoGet, closing its client with it. The memory the stream decodes into (a compressed
     * batch's decompressed buffers; uncompressed ones are views of the messages received) is the task's own:
     * a batch's buffers are freed when the next batch is read, the dictionaries' and the rest when the stream
     * closes.
     */
    private static final class Fetch implements RecordBatchReader {
        private final FlightClient client;
        private final FlightStream batches;
        private final ScopedAllocator memory;
        private RecordBatch last;

        Fetch(FlightClient client, FlightStream batches, ScopedAllocator memory) {
            this.client = client;
            this.batches = batches;
            this.memory = memory;
        }

        @Override
        public Schema schema() {
            return batches.schema();
        }

        @Override
        public Optional<RecordBatch> readNext() {
            if (last != null) {
                for (Array column : last.columns()) {
                    release(column.data());
                }
                last = null;
            }
            Optional<RecordBatch> next = batches.readNext();
            last = next.orElse(null);
            return next;
        }

        /** Frees the buffers of a batch's column and of its children; a dictionary is the stream's, kept. */
        private void release(ArrayData data) {
            for (ArrowBuffer buffer : data.buffers()) {
                if (buffer != null) {
                    memory.release(buffer);
                }
            }
            for (ArrayData child : data.children()) {
                release(child);
            }
        }

        @Override
        public void close() {
            last = null;
            try {
                batches.close();
            } finally {
                try {
                    client.close();
                } finally {
                    memory.close();
                }
            }
        }
    }
}
