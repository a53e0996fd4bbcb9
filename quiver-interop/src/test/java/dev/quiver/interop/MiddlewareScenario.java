// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightStatusCode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.CallInfo;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightClientMiddleware;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightServerMiddleware;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.RequestContext;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@code middleware}: a client middleware adds {@code x-middleware: expected value} to a call that fails at
 * once (GetFlightInfo of an empty command: UNIMPLEMENTED) and to one that succeeds (command "success"); the
 * server's middleware sees the header on both and sends its value back in the response headers (in the
 * trailers of the failing call), where the client's middleware reads it.
 */
final class MiddlewareScenario implements FlightScenario {
    private static final String HEADER = "x-middleware";
    private static final String VALUE = "expected value";
    private static final String ECHOED = List.of(VALUE).toString();
    private static final byte[] SUCCESS = "success".getBytes(StandardCharsets.UTF_8);
    private static final FlightServerMiddleware.Key<FlightServerMiddleware> KEY = FlightServerMiddleware.Key.of("test");

    /** The header values the server's middleware saw, one per call. */
    private final List<String> seen = new CopyOnWriteArrayList<>();
    /** The header values the client's middleware received back, one per call. */
    private final List<String> received = new CopyOnWriteArrayList<>();

    @Override
    public FlightProducer quiverProducer() {
        return new FlightProducer() {
            @Override
            public FlightInfo getFlightInfo(dev.quiver.flight.CallContext context, FlightDescriptor descriptor) {
                if (descriptor.isCommand() && Arrays.equals(SUCCESS, descriptor.command())) {
                    return new FlightInfo(Schema.of(), descriptor, List.of());
                }
                throw new FlightException(FlightStatusCode.UNIMPLEMENTED, "not the command \"success\"");
            }
        };
    }

    @Override
    public dev.quiver.flight.FlightServer.Builder quiverServer(dev.quiver.flight.FlightServer.Builder builder) {
        return builder.middleware(new dev.quiver.flight.ServerMiddleware() {
            @Override
            public void onCallStarted(String method, dev.quiver.flight.CallContext context) {
                seen.add(String.valueOf(context.header(HEADER)));
            }

            @Override
            public void addResponseHeaders(String method, dev.quiver.flight.CallContext context,
                    Map<String, String> headers) {
                String value = context.header(HEADER);
                headers.put(HEADER, value == null ? "" : value);
            }
        });
    }

    @Override
    public org.apache.arrow.flight.FlightProducer arrowJavaProducer(BufferAllocator allocator) {
        return new NoOpFlightProducer() {
            @Override
            public org.apache.arrow.flight.FlightInfo getFlightInfo(CallContext context,
                    org.apache.arrow.flight.FlightDescriptor descriptor) {
                if (descriptor.isCommand() && Arrays.equals(SUCCESS, descriptor.getCommand())) {
                    return new org.apache.arrow.flight.FlightInfo(new org.apache.arrow.vector.types.pojo.Schema(List.of()),
                            descriptor, List.of(), -1, -1);
                }
                throw CallStatus.UNIMPLEMENTED.toRuntimeException();
            }
        };
    }

    @Override
    public org.apache.arrow.flight.FlightServer.Builder arrowJavaServer(org.apache.arrow.flight.FlightServer.Builder builder) {
        return builder.middleware(KEY, (CallInfo info, CallHeaders incoming, RequestContext context) -> {
            String value = incoming.get(HEADER);
            seen.add(String.valueOf(value));
            return new FlightServerMiddleware() {
                @Override
                public void onBeforeSendingHeaders(CallHeaders outgoing) {
                    outgoing.insert(HEADER, value == null ? "" : value);
                }

                @Override
                public void onCallCompleted(CallStatus status) {
                }

                @Override
                public void onCallErrored(Throwable err) {
                }
            };
        });
    }

    @Override
    public dev.quiver.flight.FlightClient.Builder quiverClientBuilder(dev.quiver.flight.FlightClient.Builder builder) {
        return builder.middleware(new dev.quiver.flight.ClientMiddleware() {
            @Override
            public void onCallStarting(String method, Map<String, String> headers) {
                headers.put(HEADER, VALUE);
            }

            @Override
            public void onHeadersReceived(String method, Map<String, List<String>> headers) {
                received.add(String.valueOf(headers.get(HEADER)));
            }
        });
    }

    @Override
    public org.apache.arrow.flight.FlightClient.Builder arrowJavaClientBuilder(
            org.apache.arrow.flight.FlightClient.Builder builder) {
        return builder.intercept(info -> new FlightClientMiddleware() {
            @Override
            public void onBeforeSendingHeaders(CallHeaders outgoing) {
                outgoing.insert(HEADER, VALUE);
            }

            @Override
            public void onHeadersReceived(CallHeaders incoming) {
                List<String> values = new ArrayList<>();
                if (incoming.containsKey(HEADER)) {
                    incoming.getAll(HEADER).forEach(values::add);
                }
                received.add(values.toString());
            }

            @Override
            public void onCallCompleted(CallStatus status) {
            }
        });
    }

    @Override
    public void quiverClient(dev.quiver.flight.FlightClient client) {
        assertEquals(FlightStatusCode.UNIMPLEMENTED,
                assertThrows(FlightException.class, () -> client.getFlightInfo(FlightDescriptor.command(new byte[0])))
                        .code());
        client.getFlightInfo(FlightDescriptor.command(SUCCESS));
        assertEquals(List.of(VALUE, VALUE), seen);
        assertEquals(List.of(ECHOED, ECHOED), received, "the server's answer, on the failing and the succeeding call");
    }

    @Override
    public void arrowJavaClient(BufferAllocator allocator, org.apache.arrow.flight.FlightClient client) {
        FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
                () -> client.getInfo(org.apache.arrow.flight.FlightDescriptor.command(new byte[0])));
        assertEquals(org.apache.arrow.flight.FlightStatusCode.UNIMPLEMENTED, e.status().code());
        client.getInfo(org.apache.arrow.flight.FlightDescriptor.command(SUCCESS));
        assertEquals(List.of(VALUE, VALUE), seen);
        assertEquals(List.of(ECHOED, ECHOED), received, "the server's answer, on the failing and the succeeding call");
    }
}
