// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.io;

import dev.quiver.core.internal.io.PageCacheAdvice;
import dev.quiver.core.internal.io.WritebackAhead;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file that appears at its path whole or not at all. Bytes go to a temporary file beside the target
 * (same directory, unique hidden name); {@link #commit()} moves it over the target in one step (an
 * atomic move where the file system has one, else a replacing move), after forcing it to the storage
 * device when asked. {@link #close()} without a commit deletes the temporary file: an existing target
 * is then left untouched. A symbolic link at the target is replaced, not followed.
 *
 * <p>The temporary file of a target {@code NAME} is named {@code .NAME.quiver-tmp-PID-RANDOM.tmp}: the
 * writing process's id, then 16 random hexadecimal digits ({@code NAME} cut to its first 200 characters).
 * A process killed while writing (SIGKILL, a power cut) leaves it behind; the next output created for
 * the same target deletes every such file whose process is no longer alive on this machine, so a
 * concurrent writer's file is never removed (a writer on another machine sharing the directory is not
 * seen: its files are kept while a local process has the same id, else removed).
 *
 * <p>On Linux, where this module has native access, the output advises the page cache (advice only; the
 * bytes are the same without it): the cached pages of a file it replaces are dropped before the new file
 * is written, and the new file's write-back is started as it grows when it replaces a file or is forced
 * on commit, so that the device's work overlaps the writing instead of following it.
 *
 * <p>Writers take the {@link #channel()} or {@link #stream()} view; closing a view does not end the file,
 * so a writer may close its output and the caller then commits:
 * <pre>{@code
 * try (AtomicFileOutput file = AtomicFileOutput.create(path)) {
 *     try (IpcFileWriter writer = IpcFileWriter.open(file.channel(), schema, options)) {
 *         writer.write(batch);
 *     }
 *     file.commit();
 * }
 * }</pre>
 * Not thread-safe.
 */
public final class AtomicFileOutput implements AutoCloseable {
    private enum State { OPEN, COMMITTED, DISCARDED }

    private static final int NAME_ATTEMPTS = 16;
    /** Of the target's name in the temporary file's, so that the latter stays within common name limits. */
    private static final int MAX_NAME_PREFIX = 200;
    /** Between the target's name and the writer's process id in a temporary file's name. */
    private static final String MARK = ".quiver-tmp-";
    /** What follows {@code .NAME.quiver-tmp-} in a temporary file's name: the process id is group 1. */
    private static final Pattern TAIL = Pattern.compile("([0-9]{1,18})-[0-9a-f]{16}\\.tmp");

    private final Path target;
    private final Path temporary;
    private final FileChannel file;
    private final boolean sync;
    /** Null when no write-back is started ahead. */
    private final WritebackAhead writeback;
    private State state = State.OPEN;

    private AtomicFileOutput(Path target, Path temporary, FileChannel file, boolean sync, WritebackAhead writeback) {
        this.target = target;
        this.temporary = temporary;
        this.file = file;
        this.sync = sync;
        this.writeback = writeback;
    }

    /**
     * Starts a new file for {@code target}, without forcing it to the device on commit.
     *
     * @param target the path the file appears at on {@link #commit()}
     * @return the output, open on an empty temporary file
     * @throws IOException if the temporary file cannot be created, or {@code target} is a directory
     */
    public static AtomicFileOutput create(Path target) throws IOException {
        return create(target, false);
    }

    /**
     * Starts a new file for {@code target}.
     *
     * @param target the path the file appears at on {@link #commit()}
     * @param sync whether {@link #commit()} forces the content to the storage device before the move, and
     *        the directory after it (where the platform allows), so that the file survives a crash
     * @return the output, open on an empty temporary file
     * @throws IOException if the temporary file cannot be created, or {@code target} is a directory
     */
    public static AtomicFileOutput create(Path target, boolean sync) throws IOException {
        if (Files.isDirectory(target)) {
            throw new FileSystemException(target.toString(), null, "is a directory");
        }
        boolean replacing = Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS);
        if (replacing) {
            PageCacheAdvice.evict(target);
        }
        String name = target.getFileName().toString();
        if (name.length() > MAX_NAME_PREFIX) {
            name = name.substring(0, MAX_NAME_PREFIX);
        }
        String prefix = "." + name + MARK;
        removeStale(target, prefix);
        for (int attempt = 1; ; attempt++) {
            Path temporary = target.resolveSibling(prefix + ProcessHandle.current().pid() + "-" + randomHex()
                    + ".tmp");
            try {
                FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE);
                WritebackAhead writeback = replacing || sync ? PageCacheAdvice.writebackAhead(temporary) : null;
                return new AtomicFileOutput(target, temporary, channel, sync, writeback);
            } catch (FileAlreadyExistsException e) {
                if (attempt == NAME_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    /**
     * Deletes the temporary files beside {@code target} named {@code prefix + PID-RANDOM.tmp} whose process
     * is not alive. Best effort: a file that cannot be listed or deleted is left for a later write.
     */
    private static void removeStale(Path target, String prefix) {
        Path directory = target.toAbsolutePath().getParent();
        if (directory == null) {
            return;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory,
                p -> p.getFileName().toString().startsWith(prefix))) {
            for (Path entry : entries) {
                Matcher tail = TAIL.matcher(entry.getFileName().toString().substring(prefix.length()));
                if (tail.matches() && !alive(Long.parseLong(tail.group(1)))) {
                    deleteQuietly(entry);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Left for a later write: the new file does not depend on the old ones being gone.
        }
    }

    private static void deleteQuietly(Path stale) {
        try {
            Files.deleteIfExists(stale);
        } catch (IOException e) {
            // Left for a later write, as the others are still tried.
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static String randomHex() {
        return HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
    }

    /**
     * The path the file appears at.
     *
     * @return the target path
     */
    public Path target() {
        return target;
    }

    /**
     * The temporary file being written (deleted or moved to the target once the output ends).
     *
     * @return the temporary file's path, in the target's directory
     */
    public Path temporary() {
        return temporary;
    }

    /**
     * A channel that writes to the file; it is a {@link GatheringByteChannel}, whose gathering writes
     * are one system call each. Closing it only stops writes through it; writes after the output ended
     * throw {@link ClosedChannelException}.
     *
     * @return a new view of the file
     */
    public WritableByteChannel channel() {
        return new View();
    }

    /**
     * An unbuffered stream that writes to the file. Closing it only stops writes through it.
     *
     * @return a new view of the file
     */
    public OutputStream stream() {
        return Channels.newOutputStream(channel());
    }

    /**
     * Whether {@link #commit()} succeeded.
     *
     * @return true once the file is at its target
     */
    public boolean committed() {
        return state == State.COMMITTED;
    }

    /**
     * Ends the file and moves it over the target (forcing it to the device first when created with
     * {@code sync}). On failure the temporary file is deleted and the target is as it was.
     *
     * @throws IOException if forcing, closing or moving fails (or, with {@code sync}, forcing the directory
     *         after the move: the file is then at its target, perhaps not yet durably)
     * @throws IllegalStateException if the output already ended (committed or closed)
     */
    public void commit() throws IOException {
        if (state != State.OPEN) {
            throw new IllegalStateException("the output to " + target + " already ended");
        }
        try {
            endWriteback();
            if (sync) {
                file.force(true);
            }
            file.close();
            move();
            state = State.COMMITTED;
        } catch (IOException | RuntimeException | Error e) {
            discard(e);
            throw e;
        }
        if (sync) {
            syncDirectory();
        }
    }

    private void endWriteback() {
        if (writeback != null) {
            writeback.close();
        }
    }

    private void move() throws IOException {
        try {
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Forces the directory entry of the moved file; platforms that cannot open a directory skip this. */
    private void syncDirectory() throws IOException {
        Path directory = target.toAbsolutePath().getParent();
        FileChannel channel;
        try {
            channel = FileChannel.open(directory, StandardOpenOption.READ);
        } catch (IOException | UnsupportedOperationException e) {
            return;
        }
        try (channel) {
            channel.force(true);
        }
    }

    /**
     * Deletes the temporary file unless the output was committed; the target is left as it was. Does
     * nothing after a commit or an earlier close.
     *
     * @throws IOException if the temporary file cannot be closed or deleted
     */
    @Override
    public void close() throws IOException {
        if (state == State.OPEN) {
            IOException failure = discard(null);
            if (failure != null) {
                throw failure;
            }
        }
    }

    /**
     * Ends the output without a commit, deleting the temporary file; problems in doing so are added to
     * {@code cause} as suppressed exceptions, or returned when {@code cause} is null.
     */
    private IOException discard(Throwable cause) {
        state = State.DISCARDED;
        endWriteback();
        IOException failure = null;
        try {
            file.close();
        } catch (IOException e) {
            failure = e;
        }
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            if (failure == null) {
                failure = e;
            } else {
                failure.addSuppressed(e);
            }
        }
        if (cause != null && failure != null) {
            cause.addSuppressed(failure);
            return null;
        }
        return failure;
    }

    /**
     * A view of the file whose close does not end the output. It gathers: a writer hands it a message's
     * pieces in one call, which the file takes in one system call.
     */
    private final class View implements GatheringByteChannel {
        private boolean open = true;

        @Override
        public int write(ByteBuffer source) throws IOException {
            if (!isOpen()) {
                throw new ClosedChannelException();
            }
            int written = file.write(source);
            if (writeback != null) {
                writeback.appended(written);
            }
            return written;
        }

        @Override
        public long write(ByteBuffer[] sources, int offset, int length) throws IOException {
            if (!isOpen()) {
                throw new ClosedChannelException();
            }
            long written = file.write(sources, offset, length);
            if (writeback != null) {
                writeback.appended(written);
            }
            return written;
        }

        @Override
        public long write(ByteBuffer[] sources) throws IOException {
            return write(sources, 0, sources.length);
        }

        @Override
        public boolean isOpen() {
            return open && state == State.OPEN;
        }

        @Override
        public void close() {
            open = false;
        }
    }
}
