// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** A pipe's kernel buffer grows to the size asked (Linux); a descriptor that is no pipe is left alone. */
class PipeBufferTest {
    private static final Linker LINKER = Linker.nativeLinker();

    private static MethodHandle libc(String name, FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(LINKER.defaultLookup().find(name).orElseThrow(), descriptor);
    }

    @Test
    void aPipeGrowsToTheSizeAsked() throws Throwable {
        assumeTrue(System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("linux"), "Linux only");
        MethodHandle pipe = libc("pipe", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        MethodHandle close = libc("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment fds = arena.allocate(ValueLayout.JAVA_INT, 2);
            assertEquals(0, (int) pipe.invokeExact(fds));
            int read = fds.getAtIndex(ValueLayout.JAVA_INT, 0);
            int write = fds.getAtIndex(ValueLayout.JAVA_INT, 1);
            try {
                assertEquals(64 << 10, PipeBuffer.size(read), "Linux's default pipe buffer");
                assertEquals(PipeBuffer.SIZE, PipeBuffer.enlarge(read, PipeBuffer.SIZE));
                assertEquals(PipeBuffer.SIZE, PipeBuffer.size(write), "one buffer, both ends");
            } finally {
                assertEquals(0, (int) close.invokeExact(read));
                assertEquals(0, (int) close.invokeExact(write));
            }
        }
    }

    @Test
    void aDescriptorThatIsNoPipeIsLeftAlone() {
        assertEquals(-1, PipeBuffer.enlarge(-1, PipeBuffer.SIZE));
        assertEquals(-1, PipeBuffer.size(Integer.MAX_VALUE));
    }
}
