// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.ArrowBuffer;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A file mapped read-only, with its channel kept open to notice when the file shrinks under the mapping
 * (as when another process rewrites it): touching a page past the new end of the file faults, which the
 * JVM reports as an {@link InternalError} from Java code and which would crash it from native code.
 *
 * <p>With native access for this module, the mapping is handed out as plain native memory (a view of it
 * in the same arena): batches of a mapped file and decompressed ones are then one class of segment, and
 * the JIT compiles the hot loops of validation and of the caller's work for one, whichever kind of file
 * it met first (or the launcher's AOT cache was trained on). {@link #inMapping} tells whether memory
 * lies in a mapping all the same.
 */
final class MappedFile implements AutoCloseable {
    /** The files mapped now, for {@link #inMapping}. */
    private static final Set<MappedFile> OPEN = ConcurrentHashMap.newKeySet();
    /** Whether {@code MemorySegment.reinterpret} may be called here without a warning. */
    private static final boolean NATIVE_VIEWS = MappedFile.class.getModule().isNativeAccessEnabled();

    private final Path path;
    private final FileChannel channel;
    private final Arena arena;
    private final MemorySegment segment;

    private MappedFile(Path path, FileChannel channel, Arena arena, MemorySegment segment) {
        this.path = path;
        this.channel = channel;
        this.arena = arena;
        this.segment = segment;
    }

    static MappedFile map(Path path) {
        FileChannel channel = null;
        Arena arena = Arena.ofShared();
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
            MemorySegment mapping = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena);
            MemorySegment segment = NATIVE_VIEWS ? mapping.reinterpret(arena, null) : mapping;
            MappedFile file = new MappedFile(path, channel, arena, segment);
            OPEN.add(file);
            return file;
        } catch (IOException | RuntimeException e) {
            arena.close();
            IpcException failure = new IpcException("cannot map " + path + ": " + e.getMessage(), e);
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException suppressed) {
                    failure.addSuppressed(suppressed);
                }
            }
            throw failure;
        }
    }

    MemorySegment segment() {
        return segment;
    }

    /**
     * Whether {@code s} lies in a file mapping: a mapped segment, or a view of an open mapping (as this
     * class hands them out, or a lent batch's, which {@link dev.quiver.core.memory.ArenaAllocator#view}
     * re-scopes). No native code may read such memory (see above).
     */
    static boolean inMapping(MemorySegment s) {
        if (s.isMapped()) {
            return true;
        }
        if (!s.isNative() || OPEN.isEmpty()) {
            return false;
        }
        long start = s.address();
        for (MappedFile file : OPEN) {
            long from = file.segment.address();
            if (start >= from && start - from < file.segment.byteSize()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Metadata bytes to decode: a copy on the heap when they lie in a mapping. Compiled Java code that
     * faults on a mapping can crash the JVM instead of throwing (HotSpot cannot step over every
     * instruction it faults on), while the copy fails with an InternalError that the reader reports.
     */
    static ByteBuffer decodable(ArrowBuffer bytes) {
        MemorySegment s = bytes.segment();
        return inMapping(s) ? ByteBuffer.wrap(bytes.toByteArray()) : s.asByteBuffer();
    }

    /** Refuses to go on when the file is now shorter than the mapping. */
    void checkSize(String what) {
        long now;
        try {
            now = channel.size();
        } catch (IOException e) {
            throw new IpcException(what + ": cannot check the size of " + path + ": " + e.getMessage(), e);
        }
        if (now < segment.byteSize()) {
            throw shrunk(what, now, null);
        }
    }

    /** The exception for a fault met reading the mapping: the file shrank, or changed, while mapped. */
    IpcException fault(String what, InternalError e) {
        long now = -1;
        try {
            now = channel.size();
        } catch (IOException ignored) {
            // The fault is what is reported.
        }
        if (now >= 0 && now < segment.byteSize()) {
            return shrunk(what, now, e);
        }
        return new IpcException(what + ": reading the mapping of " + path + " failed (was the file changed while "
                + "mapped?): " + e.getMessage(), e);
    }

    private IpcException shrunk(String what, long now, Throwable cause) {
        return new IpcException(what + ": " + path + " shrank from " + segment.byteSize() + " to " + now
                + " bytes while mapped", cause);
    }

    @Override
    public void close() throws IOException {
        OPEN.remove(this);
        try {
            arena.close();
        } finally {
            channel.close();
        }
    }
}
