// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import java.lang.foreign.Arena;

/**
 * Data imported through the C Data interface, and the producer's memory under it. {@link #close()}
 * calls the producer's release callback at once; later access to the data throws
 * {@link IllegalStateException} (never a crash). Without a close, the release is called when the data
 * (every array and slice of it) is no longer reachable. The release is called exactly once.
 *
 * @param <T> what was imported: an {@link dev.quiver.core.array.Array} or a
 *     {@link dev.quiver.core.batch.RecordBatch}
 */
public final class Imported<T> implements AutoCloseable {
    private final T value;
    private final Arena arena;
    private final ProducerRelease release;

    Imported(T value, Arena arena, ProducerRelease release) {
        this.value = value;
        this.arena = arena;
        this.release = release;
    }

    /**
     * The imported data; its buffers are the producer's memory, not copies.
     *
     * @return the array or record batch
     */
    public T value() {
        return value;
    }

    /**
     * Whether the producer's release callback has been called (by {@link #close()} or the cleaner).
     *
     * @return true once released
     */
    public boolean isReleased() {
        return release.isReleased();
    }

    /**
     * Makes the data inaccessible and calls the producer's release callback; closing twice does nothing.
     *
     * @throws IllegalStateException if another thread is reading the data at this moment
     */
    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
        release.run();
    }
}
