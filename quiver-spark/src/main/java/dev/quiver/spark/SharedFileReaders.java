// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcReadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;

/**
 * The Arrow files an executor JVM has mapped, each opened once (mapping, footer, dictionaries) and shared by
 * the tasks reading it at the same time, whatever batches they read: a file is known by its path, size and
 * modification time, so that a file rewritten since is mapped anew (the old mapping lives on for the tasks
 * still reading it). Reference-counted: the mapping is closed when the last task holding it lets go.
 */
final class SharedFileReaders {
    /** A file as it is now: a rewritten file is another one. */
    private record Key(Path path, long size, long modified) {
    }

    /** An open reader and the tasks holding it. */
    private static final class Entry {
        final IpcFileReader reader;
        int holders;

        Entry(IpcFileReader reader) {
            this.reader = reader;
        }
    }

    private static final Map<Key, Entry> OPEN = new HashMap<>();

    private SharedFileReaders() {
    }

    /**
     * A hold on the reader of a file: the one open already when another task reads the same file, else a new
     * mapping. The caller must {@linkplain Lease#close() close} the lease exactly when done with the batches.
     *
     * @param path the Arrow file
     * @param options how it is read (the same for every task of the connector)
     * @return the lease
     * @throws QuiverSparkException if the file's size or time cannot be read
     * @throws dev.quiver.ipc.IpcException if it cannot be mapped or its footer or dictionaries are malformed
     */
    static Lease acquire(Path path, IpcReadOptions options) {
        Key key = keyOf(path);
        synchronized (OPEN) {
            Entry entry = OPEN.get(key);
            if (entry == null) {
                entry = new Entry(IpcFileReader.map(path, options));
                OPEN.put(key, entry);
            }
            entry.holders++;
            return new Lease(key, entry);
        }
    }

    /**
     * How many files are open now (for tests: none once every lease is closed).
     *
     * @return the number of files mapped
     */
    static int openFiles() {
        synchronized (OPEN) {
            return OPEN.size();
        }
    }

    private static Key keyOf(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        try {
            BasicFileAttributes attributes = Files.readAttributes(absolute, BasicFileAttributes.class);
            return new Key(absolute, attributes.size(), attributes.lastModifiedTime().toMillis());
        } catch (IOException e) {
            throw new QuiverSparkException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** One task's hold on a shared reader. */
    static final class Lease implements AutoCloseable {
        private final Key key;
        private final Entry entry;
        private boolean closed;

        private Lease(Key key, Entry entry) {
            this.key = key;
            this.entry = entry;
        }

        /**
         * The shared reader: read batches with {@link IpcFileReader#batch(int, dev.quiver.core.memory.BufferAllocator)}
         * (it does not move a position other tasks see); never close it.
         *
         * @return the reader
         */
        IpcFileReader reader() {
            return entry.reader;
        }

        /** Lets go of the reader; the last hold closes it (unmaps the file). Closing twice does nothing. */
        @Override
        public void close() {
            IpcFileReader last = null;
            synchronized (OPEN) {
                if (closed) {
                    return;
                }
                closed = true;
                if (--entry.holders == 0) {
                    OPEN.remove(key, entry);
                    last = entry.reader;
                }
            }
            if (last != null) {
                last.close();
            }
        }
    }
}
