// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.io;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Advice to Linux's page cache about the files {@link dev.quiver.core.io.AtomicFileOutput} writes and
 * replaces, through
 * libc on the FFM API ({@code posix_fadvise}, {@code sync_file_range}). Advice only: without native access
 * for this module, on another system, or when a call fails, nothing is advised and the bytes written are
 * the same.
 */
public final class PageCacheAdvice {
    private static final int O_RDONLY = 0;
    /** Same value on x86-64 and AArch64 Linux, the only systems advised. */
    private static final int O_CLOEXEC = 0x80000;
    private static final int POSIX_FADV_DONTNEED = 4;
    private static final int SYNC_FILE_RANGE_WRITE = 2;

    private static final Calls CALLS = Calls.link();

    private PageCacheAdvice() {
    }

    /**
     * Drops the clean cached pages of a file about to be replaced (its content stays on the device): the
     * new file's pages then take memory the kernel just freed instead of memory it must first find, which on
     * a virtual machine that hands free memory back to its host costs a fault per page.
     *
     * @param file the file the new one replaces
     */
    public static void evict(Path file) {
        if (CALLS == null) {
            return;
        }
        int fd = CALLS.open(file);
        if (fd >= 0) {
            CALLS.fadviseDontNeed(fd);
            CALLS.close(fd);
        }
    }

    /**
     * A starter of write-back for a file being written, or null where no advice is given.
     *
     * @param file the file being written
     * @return the starter, which the writer tells of the bytes it writes and closes at the end
     */
    public static WritebackAhead writebackAhead(Path file) {
        if (CALLS == null) {
            return null;
        }
        int fd = CALLS.open(file);
        if (fd < 0) {
            return null;
        }
        return new WritebackAhead((offset, length) -> CALLS.startWriteback(fd, offset, length),
                () -> CALLS.close(fd));
    }

    /** The linked libc functions. */
    private record Calls(MethodHandle open, MethodHandle fadvise, MethodHandle syncFileRange, MethodHandle close) {
        static Calls link() {
            String arch = System.getProperty("os.arch", "");
            boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
            if (!linux || !(arch.equals("amd64") || arch.equals("aarch64"))
                    || !PageCacheAdvice.class.getModule().isNativeAccessEnabled()) {
                return null;
            }
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            ValueLayout.OfInt integer = ValueLayout.JAVA_INT;
            ValueLayout.OfLong offset = ValueLayout.JAVA_LONG;
            try {
                return new Calls(
                        // open(2) is variadic: its mode comes after the two fixed arguments.
                        linker.downcallHandle(libc.find("open").orElseThrow(),
                                FunctionDescriptor.of(integer, ValueLayout.ADDRESS, integer, integer),
                                Linker.Option.firstVariadicArg(2)),
                        linker.downcallHandle(libc.find("posix_fadvise").orElseThrow(),
                                FunctionDescriptor.of(integer, integer, offset, offset, integer)),
                        linker.downcallHandle(libc.find("sync_file_range").orElseThrow(),
                                FunctionDescriptor.of(integer, integer, offset, offset, integer)),
                        linker.downcallHandle(libc.find("close").orElseThrow(), FunctionDescriptor.of(integer, integer)));
            } catch (RuntimeException e) {
                return null;
            }
        }

        /** Opens {@code file} for reading; -1 if it cannot be. */
        int open(Path file) {
            return invoke(() -> {
                try (Arena arena = Arena.ofConfined()) {
                    return (int) open.invokeExact(arena.allocateFrom(file.toString()), O_RDONLY | O_CLOEXEC, 0);
                }
            });
        }

        /** Drops the clean cached pages of the whole file; false if the call failed. */
        boolean fadviseDontNeed(int fd) {
            return invoke(() -> (int) fadvise.invokeExact(fd, 0L, 0L, POSIX_FADV_DONTNEED)) == 0;
        }

        /** Starts write-back of a range without waiting for it; false if the call failed. */
        boolean startWriteback(int fd, long offset, long length) {
            return invoke(() -> (int) syncFileRange.invokeExact(fd, offset, length, SYNC_FILE_RANGE_WRITE)) == 0;
        }

        boolean close(int fd) {
            return invoke(() -> (int) close.invokeExact(fd)) == 0;
        }

        /** One downcall returning a C {@code int}. */
        @FunctionalInterface
        private interface Downcall {
            int call() throws Throwable;
        }

        /** Runs a downcall; one of a fixed signature throws only if its handle does not fit it: a bug here. */
        private static int invoke(Downcall downcall) {
            try {
                return downcall.call();
            } catch (Throwable e) {
                throw new AssertionError("libc call failed: " + e, e);
            }
        }
    }
}
