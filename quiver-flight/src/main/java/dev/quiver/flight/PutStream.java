// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.util.List;

/**
 * A DoPut call as the client holds it: the batches go out through this writer; {@link #close()} ends the
 * upload and waits for the server to finish, throwing its failure if it refused the data.
 */
public interface PutStream extends FlightDataWriter {
    /**
     * The server's acknowledgements, once {@link #close()} has returned.
     *
     * @return the PutResults in the order received
     */
    List<PutResult> results();

    /** Abandons the upload: cancels the call. */
    void cancel();
}
