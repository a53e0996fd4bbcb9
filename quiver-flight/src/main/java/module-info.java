// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver Flight: Arrow Flight on grpc-java, a client and a server with a producer interface, data carried
 * as Quiver's IPC messages. gRPC's jars are automatic modules ({@code io.grpc}, {@code io.grpc.stub},
 * {@code io.grpc.protobuf}, {@code com.google.protobuf}); the Netty transport ({@code io.grpc.netty.shaded})
 * is found at run time through gRPC's service providers.
 */
module dev.quiver.flight {
    requires transitive dev.quiver.core;
    requires transitive dev.quiver.ipc;
    requires io.grpc;
    requires io.grpc.stub;
    requires io.grpc.protobuf;
    requires com.google.protobuf;

    exports dev.quiver.flight;
    // The generated protobuf messages: protobuf reads their fields reflectively (descriptors, toString).
    opens dev.quiver.flight.internal.proto to com.google.protobuf;
}
