// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.flight.CallContext;
import io.grpc.Metadata;
import java.util.function.BooleanSupplier;

/** A server call as producers see it. */
record ServerContext(Metadata headers, String peerIdentity, BooleanSupplier cancelled) implements CallContext {
    @Override
    public boolean isCancelled() {
        return cancelled.getAsBoolean();
    }

    @Override
    public String header(String name) {
        if (name.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
            return null;
        }
        return headers.get(Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER));
    }
}
