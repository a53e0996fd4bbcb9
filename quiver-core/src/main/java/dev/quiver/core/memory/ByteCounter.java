// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.util.concurrent.atomic.AtomicLong;

/** Counts allocated bytes against a limit, atomically. */
final class ByteCounter {
    private final AtomicLong allocated = new AtomicLong();
    private final long limit;

    ByteCounter(long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative: " + limit);
        }
        this.limit = limit;
    }

    void reserve(long bytes) {
        while (true) {
            long now = allocated.get();
            if (bytes > limit - now) {
                throw new MemoryLimitExceededException(bytes, now, limit);
            }
            if (allocated.compareAndSet(now, now + bytes)) {
                return;
            }
        }
    }

    void free(long bytes) {
        allocated.addAndGet(-bytes);
    }

    long allocated() {
        return allocated.get();
    }

    long limit() {
        return limit;
    }
}
