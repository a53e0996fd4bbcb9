// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What exported structures keep alive, by the id their {@code private_data} holds (never 0, so never
 * NULL). The release callback removes an entry once: a second removal finds nothing.
 *
 * @param <T> what one structure keeps alive
 */
final class ExportRegistry<T> {
    private static final AtomicLong IDS = new AtomicLong();
    private final Map<Long, T> live = new ConcurrentHashMap<>();

    /** Registers {@code value}; returns its id. */
    long add(T value) {
        long id = IDS.incrementAndGet();
        live.put(id, value);
        return id;
    }

    /** Removes and returns the value of an id, or null if it is not (or no longer) registered. */
    T remove(long id) {
        return live.remove(id);
    }

    /** The value of an id, or null. */
    T get(long id) {
        return live.get(id);
    }

    /** How many structures are exported and not released. */
    int size() {
        return live.size();
    }

    /**
     * A failure inside a callback that native code made: it cannot be thrown there (an exception
     * leaving an upcall ends the process), so it is reported on the standard error stream.
     */
    static void reportFromCallback(String callback, Throwable e) {
        System.err.println("quiver-c: " + callback + " failed: " + e);
    }
}
