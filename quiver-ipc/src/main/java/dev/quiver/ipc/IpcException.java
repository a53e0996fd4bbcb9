// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.QuiverException;

/**
 * IPC input is malformed, truncated or unsupported, or IPC output could not be written. The message
 * names where the problem lies: the message, and for record and dictionary batches the field and buffer.
 */
public class IpcException extends QuiverException {
    /**
     * An exception with a message naming what is wrong and where.
     *
     * @param message what is wrong, and where
     */
    public IpcException(String message) {
        super(message);
    }

    /**
     * An exception with a message naming what is wrong and where, and the failure that caused it.
     *
     * @param message what is wrong, and where
     * @param cause the underlying failure, such as the {@link java.io.IOException} of the input or output
     */
    public IpcException(String message, Throwable cause) {
        super(message, cause);
    }
}
