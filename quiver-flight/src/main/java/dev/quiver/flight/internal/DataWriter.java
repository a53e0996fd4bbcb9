// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.internal.proto.Flight;
import dev.quiver.ipc.EncodedMessage;
import dev.quiver.ipc.IpcException;
import dev.quiver.ipc.IpcMessageEncoder;
import dev.quiver.ipc.IpcWriteOptions;
import java.util.List;
import java.util.Map;

/** Batches to FlightData: quiver-ipc's encoder, one IPC message per FlightData, sent with back-pressure. */
public final class DataWriter implements FlightDataWriter {
    private final Outbound<FlightDataMessage> out;
    private final IpcMessageEncoder encoder;
    private final Runnable onClose;
    private boolean closed;

    /** Sends the schema message at once, carrying {@code descriptor} if not null. */
    public DataWriter(Outbound<FlightDataMessage> out, Schema schema, IpcWriteOptions options,
            Flight.FlightDescriptor descriptor, Runnable onClose) {
        this.out = out;
        this.onClose = onClose;
        try {
            this.encoder = new IpcMessageEncoder(schema, options);
        } catch (IpcException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "cannot send schema: " + e.getMessage(), e);
        }
        out.send(FlightDataMessage.of(descriptor, encoder.encodeSchema(), FlightDataMessage.NONE));
    }

    @Override
    public Schema schema() {
        return encoder.schema();
    }

    @Override
    public void write(RecordBatch batch, Map<String, String> metadata) {
        send(batch, metadata, FlightDataMessage.NONE);
    }

    @Override
    public void write(RecordBatch batch, byte[] appMetadata) {
        send(batch, Map.of(), appMetadata.clone());
    }

    private void send(RecordBatch batch, Map<String, String> metadata, byte[] appMetadata) {
        checkOpen();
        List<EncodedMessage> messages;
        try {
            messages = encoder.encodeBatch(batch, metadata);
        } catch (IpcException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "cannot send batch: " + e.getMessage(), e);
        }
        for (int i = 0; i < messages.size(); i++) {
            boolean last = i == messages.size() - 1;
            out.send(FlightDataMessage.of(null, messages.get(i), last ? appMetadata : FlightDataMessage.NONE));
        }
    }

    @Override
    public void writeMetadata(byte[] appMetadata) {
        checkOpen();
        out.send(FlightDataMessage.of(null, null, appMetadata.clone()));
    }

    private void checkOpen() {
        if (closed) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "the writer is closed");
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            onClose.run();
        }
    }
}
