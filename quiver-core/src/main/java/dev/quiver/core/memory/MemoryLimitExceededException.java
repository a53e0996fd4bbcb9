// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import dev.quiver.core.QuiverException;

/** An allocation would take an allocator past its byte limit. Nothing was allocated. */
public final class MemoryLimitExceededException extends QuiverException {
    /** The bytes the refused allocation asked for, padding included. */
    private final long requested;
    /** The bytes the allocator had out when it refused. */
    private final long allocated;
    /** The allocator's limit in bytes. */
    private final long limit;

    /**
     * Creates the exception; the message states all three figures.
     *
     * @param requested the bytes the refused allocation asked for, padding included
     * @param allocated the bytes the allocator had out at the time
     * @param limit the allocator's limit in bytes
     */
    public MemoryLimitExceededException(long requested, long allocated, long limit) {
        super("allocation of " + requested + " bytes refused: " + allocated + " of the limit of " + limit
                + " bytes are already in use");
        this.requested = requested;
        this.allocated = allocated;
        this.limit = limit;
    }

    /**
     * The size of the refused allocation.
     *
     * @return the bytes asked for, padding included
     */
    public long requested() {
        return requested;
    }

    /**
     * The memory in use when the allocation was refused.
     *
     * @return the bytes the allocator had out
     */
    public long allocated() {
        return allocated;
    }

    /**
     * The limit the allocation would have passed.
     *
     * @return the allocator's limit in bytes
     */
    public long limit() {
        return limit;
    }
}
