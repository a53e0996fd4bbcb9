// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import java.io.Closeable;
import java.io.IOException;

/** Where messages are read from: a position and reads of a given number of bytes. */
interface ByteInput extends Closeable {
    /**
     * Reads {@code n} bytes from the current position; fewer only at the end of the input. Memory is
     * never reserved beyond what the input really holds.
     */
    ArrowBuffer read(long n) throws IOException;

    /**
     * Reads {@code n} bytes as {@link #read(long)} does; an input that copies takes the memory from
     * {@code memory}, one that reads zero-copy ignores it.
     */
    ArrowBuffer read(long n, BufferAllocator memory) throws IOException;

    /**
     * Reads {@code n} bytes as {@link #read(long)} does, for a caller that is done with them before it
     * reads again: the bytes may be the input's own, valid until its next read or seek.
     */
    default ArrowBuffer readTransient(long n) throws IOException {
        return read(n);
    }

    /** Bytes consumed so far (or the position set by {@link #seek}). */
    long position();

    /** Moves to an absolute position; only inputs of known size support it. */
    void seek(long position) throws IOException;

    /** The total size of the input, or -1 when it is not known (a stream). */
    long size() throws IOException;
}
