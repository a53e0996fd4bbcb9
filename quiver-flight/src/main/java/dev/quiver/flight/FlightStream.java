// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.batch.RecordBatchReader;

/**
 * The record batches of a Flight data stream being received (DoGet, DoPut, DoExchange), read as they
 * arrive. Reading waits for the next message; gRPC is asked for more only as batches are read
 * (back-pressure). A failure of the call, or of the data, ends in a {@link FlightException}. Closing
 * before the end cancels the call.
 */
public interface FlightStream extends RecordBatchReader {
    /**
     * The descriptor the peer sent with its first message (DoPut, DoExchange).
     *
     * @return the descriptor, or null if none came
     */
    FlightDescriptor descriptor();

    /**
     * The {@code app_metadata} of the message last read: the batch last returned by {@link #readNext()},
     * or a message of metadata only (see {@link #readNextMetadata()}).
     *
     * @return the bytes, empty if the message had none
     */
    byte[] appMetadata();

    /**
     * Waits for the next message and tells whether it carried a batch: a message of {@code app_metadata}
     * only (DoExchange, DoPut) is returned as false, its bytes in {@link #appMetadata()}; a batch message
     * is left for {@link #readNext()}.
     *
     * @return true if a batch comes next, false for a metadata-only message
     * @throws java.util.NoSuchElementException at the end of the stream
     */
    boolean readNextMetadata();

    /**
     * Whether the stream has ended (end of the peer's data, read to the end).
     *
     * @return true once the end has been read
     */
    boolean isFinished();
}
