// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.type.Schema;

/**
 * A DoExchange call as the client holds it: data goes out through {@link #startWriting}, the server's
 * data comes in through {@link #reader()}. Closing before both sides have ended cancels the call.
 */
public interface ExchangeStream extends AutoCloseable {
    /**
     * Starts sending: the schema (with the call's descriptor) goes out at once. Closing the writer ends
     * the client's side.
     *
     * @param schema the schema of the batches sent
     * @return the writer
     */
    FlightDataWriter startWriting(Schema schema);

    /** Ends the client's side without sending data (when {@link #startWriting} was not called). */
    void doneWriting();

    /**
     * The server's data.
     *
     * @return the reader
     */
    FlightStream reader();

    /** Cancels the call if it has not ended. */
    @Override
    void close();
}
