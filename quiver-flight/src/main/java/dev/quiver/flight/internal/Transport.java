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

/**
 * gRPC's Netty transport as the data calls want it: HTTP/2 flow-control windows large enough for several
 * IPC bodies in flight, and an on-ready threshold that lets a writer encode its next message while the
 * previous one is still on its way (gRPC's default, 32 KiB, makes a writer of 4 MB messages wait for each
 * to drain before it starts the next).
 */
public final class Transport {
    /** The HTTP/2 flow-control window of every stream and connection, in bytes (gRPC's default: 1 MiB). */
    public static final int FLOW_CONTROL_WINDOW = Integer.getInteger("quiver.flight.window", 16 << 20);
    /** Bytes a data call may have queued and still be ready for the next message. */
    public static final int ON_READY_THRESHOLD = Integer.getInteger("quiver.flight.ready", 8 << 20);

    /**
     * Netty's pooled allocator with 16 MiB chunks (page 8 KiB, order 11) for every connection. gRPC's own
     * has 2 MiB chunks: its 1 MiB write buffers and the receiving side's growing read buffers empty and free
     * whole chunks all the time, and each new chunk is a new zero-filled direct buffer.
     */
    static final ByteBufAllocator ALLOCATOR = new PooledByteBufAllocator(true, 0,
            PooledByteBufAllocator.defaultNumDirectArena(), PooledByteBufAllocator.defaultPageSize(),
            Integer.getInteger("quiver.flight.order", 11), PooledByteBufAllocator.defaultSmallCacheSize(),
            PooledByteBufAllocator.defaultNormalCacheSize(), PooledByteBufAllocator.defaultUseCacheForAllThreads());

    private Transport() {
    }

    /** A server builder for the port. */
    public static ServerBuilder<?> server(int port, ServerCredentials credentials) {
        return NettyServerBuilder.forPort(port, credentials).flowControlWindow(FLOW_CONTROL_WINDOW)
                .withChildOption(ChannelOption.ALLOCATOR, ALLOCATOR).maxInboundMessageSize(Integer.MAX_VALUE);
    }

    /** A channel builder for the address. */
    public static ManagedChannelBuilder<?> channel(String host, int port, ChannelCredentials credentials) {
        return NettyChannelBuilder.forAddress(host, port, credentials).flowControlWindow(FLOW_CONTROL_WINDOW)
                .withOption(ChannelOption.ALLOCATOR, ALLOCATOR).maxInboundMessageSize(Integer.MAX_VALUE);
    }
}
