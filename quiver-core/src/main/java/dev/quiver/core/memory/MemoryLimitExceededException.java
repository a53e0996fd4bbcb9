// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import dev.quiver.core.QuiverException;

/** An allocation would take an allocator past its byte limit. Nothing was allocated. */
public final class MemoryLimitExceededException extends QuiverException {
    private final long requested;
    private final long allocated;
    private final long limit;

    public MemoryLimitExceededException(long requested, long allocated, long limit) {
        super("allocation of " + requested + " bytes refused: " + allocated + " of the limit of " + limit
                + " bytes are already in use");
        this.requested = requested;
        this.allocated = allocated;
        this.limit = limit;
    }

    public long requested() {
        return requested;
    }

    public long allocated() {
        return allocated;
    }

    public long limit() {
        return limit;
    }
}
