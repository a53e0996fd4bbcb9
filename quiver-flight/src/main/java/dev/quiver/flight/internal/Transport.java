// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import io.grpc.ChannelCredentials;
import io.grpc.ManagedChannelBuilder;
import io.grpc.ServerBuilder;
import io.grpc.ServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.buffer.ByteBufAllocator;
import io.grpc.netty.shaded.io.netty.buffer.PooledByteBufAllocator;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import java.net.InetSocketAddress;

/**
 * gRPC's Netty transport as Flight's bulk data wants it: every connection, server or client, allocates its
 * buffers from {@link #ALLOCATOR}; a client takes messages of any size, a server those up to its limit.
 */
public final class Transport {
    static {
        // Before any class of Netty initializes: no native transport (epoll) and no OpenSSL (tcnative), so that
        // Netty never calls System.loadLibrary, which JDK 24+ warns about unless native access is enabled
        // (JEP 472). Netty then runs on NIO and the JDK's TLS. A program that sets these properties itself
        // (false, with --enable-native-access) keeps its choice. docs/flight.md, "JVM warnings".
        defaultProperty("io.grpc.netty.shaded.io.netty.transport.noNative", "true");
        defaultProperty("io.grpc.netty.shaded.io.netty.handler.ssl.noOpenSsl", "true");
    }

    /** The order of a chunk: 8 KiB pages times 2^11, 16 MiB. */
    static final int CHUNK_ORDER = 11;

    /**
     * Netty's pooled direct allocator with 16 MiB chunks. gRPC's own has 2 MiB chunks, in which its 1 MiB
     * write buffers and the receiving side's merged read buffers fill a chunk and empty it again all the
     * time; Netty frees a chunk that empties, so nearly every DoGet message cost a new chunk: a new
     * zero-filled direct buffer (about a tenth of the CPU time of a DoGet of bench-v1, docs/flight.md).
     */
    public static final ByteBufAllocator ALLOCATOR = new PooledByteBufAllocator(true, 0,
            PooledByteBufAllocator.defaultNumDirectArena(), PooledByteBufAllocator.defaultPageSize(), CHUNK_ORDER,
            PooledByteBufAllocator.defaultSmallCacheSize(), PooledByteBufAllocator.defaultNormalCacheSize(),
            PooledByteBufAllocator.defaultUseCacheForAllThreads());

    private Transport() {
    }

    private static void defaultProperty(String name, String value) {
        if (System.getProperty(name) == null) {
            System.setProperty(name, value);
        }
    }

    /**
     * A server builder for an address.
     *
     * @param address the address and port (port 0 for any free one)
     * @param credentials plain text or TLS
     * @param maxMessageBytes the largest message a client may send: a larger one ends its call as
     *     RESOURCE_EXHAUSTED before it is gathered into memory
     * @return the builder, to which the service is still to be added
     */
    public static ServerBuilder<?> server(InetSocketAddress address, ServerCredentials credentials,
            int maxMessageBytes) {
        return NettyServerBuilder.forAddress(address, credentials).withChildOption(ChannelOption.ALLOCATOR, ALLOCATOR)
                .maxInboundMessageSize(maxMessageBytes);
    }

    /**
     * A channel builder for an address.
     *
     * @param host the host name or address
     * @param port the port
     * @param credentials plain text or TLS
     * @return the builder
     */
    public static ManagedChannelBuilder<?> channel(String host, int port, ChannelCredentials credentials) {
        return NettyChannelBuilder.forAddress(host, port, credentials).withOption(ChannelOption.ALLOCATOR, ALLOCATOR)
                .maxInboundMessageSize(Integer.MAX_VALUE);
    }
}
