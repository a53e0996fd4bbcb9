package dev.quiver.ipc;

import dev.quiver.core.QuiverException;

/**
 * IPC input is malformed, truncated or unsupported, or IPC output could not be written. The message
 * names where the problem lies: the message, and for record and dictionary batches the field and buffer.
 */
public class IpcException extends QuiverException {
    public IpcException(String message) {
        super(message);
    }

    public IpcException(String message, Throwable cause) {
        super(message, cause);
    }
}
