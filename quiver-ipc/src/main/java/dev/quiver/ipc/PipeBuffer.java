// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * The kernel buffer of a pipe, on Linux: {@code fcntl(fd, F_SETPIPE_SZ)} makes it larger than its 64 KiB,
 * so that the writer runs further ahead and each read brings more (fewer reads, fewer switches between
 * the two processes). Elsewhere, on a descriptor that is not a pipe, or where the kernel refuses (the
 * size beyond {@code /proc/sys/fs/pipe-max-size} for an unprivileged process), nothing changes.
 */
final class PipeBuffer {
    /** The size asked of a pipe read as a stream: Linux's default {@code pipe-max-size}. */
    static final int SIZE = 1 << 20;
    private static final int F_SETPIPE_SZ = 1031;
    private static final int F_GETPIPE_SZ = 1032;
    private static final MethodHandle FCNTL = fcntl();

    private PipeBuffer() {
    }

    private static MethodHandle fcntl() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
            return null;
        }
        try {
            Linker linker = Linker.nativeLinker();
            return linker.defaultLookup().find("fcntl").map(address -> linker.downcallHandle(address,
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT),
                    Linker.Option.firstVariadicArg(2))).orElse(null);
        } catch (RuntimeException e) {
            // No native access (a restricted method refused): the pipe keeps its size.
            return null;
        }
    }

    /**
     * Asks for a buffer of {@code bytes} on the pipe of descriptor {@code fd}.
     *
     * @return the pipe's buffer size afterwards, or -1 if {@code fd} is not a pipe or this is not Linux
     */
    static int enlarge(int fd, int bytes) {
        call(fd, F_SETPIPE_SZ, bytes);
        return size(fd);
    }

    /** The buffer size of the pipe of descriptor {@code fd}, or -1 if it is not one or this is not Linux. */
    static int size(int fd) {
        return call(fd, F_GETPIPE_SZ, 0);
    }

    private static int call(int fd, int command, int argument) {
        if (FCNTL == null) {
            return -1;
        }
        try {
            return (int) FCNTL.invokeExact(fd, command, argument);
        } catch (Throwable e) {
            return -1;
        }
    }
}
