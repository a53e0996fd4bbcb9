// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver Flight: Arrow Flight on grpc-java, a client and a server with a producer interface, data carried
 * as Quiver's IPC messages. gRPC's jars are automatic modules ({@code io.grpc}, {@code io.grpc.stub},
 * {@code io.grpc.protobuf}, {@code com.google.protobuf}), and so is the Netty transport
 * ({@code io.grpc.netty.shaded}), whose builders set the connections' allocator. Netty is kept from loading
 * native libraries (it runs on NIO and the JDK's TLS), so no native access is needed; protobuf-java (4.36
 * on) does not call {@code sun.misc.Unsafe}: a Flight program needs no JVM option (docs/flight.md).
 */
module dev.quiver.flight {
    requires transitive dev.quiver.core;
    requires transitive dev.quiver.ipc;
    requires io.grpc;
    requires io.grpc.stub;
    requires io.grpc.protobuf;
    requires io.grpc.netty.shaded;
    requires com.google.protobuf;
    // The server logs a refused call as one line through java.util.logging, which gRPC logs through too.
    requires java.logging;
    // Guava (an automatic module, through gRPC) extends classes of failureaccess, an explicit module that
    // nothing else requires: without this it is left out of the module graph (NoClassDefFoundError).
    requires com.google.common.util.concurrent.internal;

    exports dev.quiver.flight;
    exports dev.quiver.flight.sql;
    // The Flight SQL server (quiver-flight-sql) reads the same generated messages and schema encoding.
    exports dev.quiver.flight.internal to dev.quiver.flightsql;
    exports dev.quiver.flight.internal.sql to dev.quiver.flightsql;
    exports dev.quiver.flight.internal.proto to dev.quiver.flightsql;
    // The generated protobuf messages: protobuf reads their fields reflectively (descriptors, toString).
    opens dev.quiver.flight.internal.proto to com.google.protobuf;
    opens dev.quiver.flight.internal.sql to com.google.protobuf;
}
