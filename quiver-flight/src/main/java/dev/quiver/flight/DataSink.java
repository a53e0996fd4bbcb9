// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.type.Schema;

/** Where a producer sends the data of a DoGet or DoExchange: it starts the stream with a schema. */
public interface DataSink {
    /**
     * Starts the data stream: sends the schema and returns the writer for the batches.
     *
     * @param schema the schema of every batch
     * @return the writer; closing it ends the stream
     * @throws FlightException if the stream was started already or the call is cancelled
     */
    FlightDataWriter start(Schema schema);

    /**
     * Whether the client cancelled the call.
     *
     * @return true once cancelled
     */
    boolean isCancelled();
}
