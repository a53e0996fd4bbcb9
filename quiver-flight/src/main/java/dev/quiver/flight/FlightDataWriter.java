// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchWriter;

/**
 * The record batches of a Flight data stream being sent (DoGet, DoPut, DoExchange). Each write waits
 * until gRPC is ready for more (back-pressure) and fails with a {@link FlightException} of code
 * {@link FlightStatusCode#CANCELLED} once the peer cancelled. Batches go out as Quiver's IPC messages
 * (dictionaries, deltas, compressed bodies as the write options say). {@link #close()} ends the stream.
 */
public interface FlightDataWriter extends RecordBatchWriter {
    /**
     * Writes a batch with {@code app_metadata} on its message.
     *
     * @param batch a batch of {@link #schema()}
     * @param appMetadata the bytes, empty for none
     */
    void write(RecordBatch batch, byte[] appMetadata);

    /**
     * Sends a message of {@code app_metadata} only.
     *
     * @param appMetadata the bytes
     */
    void writeMetadata(byte[] appMetadata);
}
