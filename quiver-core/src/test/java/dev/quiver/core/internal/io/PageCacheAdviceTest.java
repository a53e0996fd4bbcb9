// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.io;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The advice's calls on Linux, and helpers for the tests of the outputs that advise. */
public class PageCacheAdviceTest {
    @TempDir
    Path dir;

    static boolean advisedSystem() {
        String arch = System.getProperty("os.arch");
        return System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("linux")
                && (arch.equals("amd64") || arch.equals("aarch64"));
    }

    /** Whether dropping a file's cached pages shows here (a file system in memory keeps them: tmpfs). */
    public static boolean evictionObservable(Path dir) throws IOException {
        return advisedSystem() && !Files.getFileStore(dir).type().equals("tmpfs");
    }

    /** Writes {@code bytes} to {@code file} and forces them to the device, so that its cached pages are clean. */
    public static void writeClean(Path file, int bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ByteBuffer content = ByteBuffer.allocate(bytes);
            while (content.hasRemaining()) {
                channel.write(content);
            }
            channel.force(true);
        }
    }

    @Test
    void theCallsAreLinkedOnLinuxWhenTheModuleHasNativeAccess() throws IOException {
        assumeTrue(advisedSystem());
        Path file = Files.createFile(dir.resolve("linked.bin"));
        try (WritebackAhead ahead = PageCacheAdvice.writebackAhead(file)) {
            assertNotNull(ahead, "the tests run with native access");
        }
    }

    @Test
    void evictingDropsTheCleanCachedPagesOfAFile() throws IOException {
        assumeTrue(evictionObservable(dir));
        Path file = dir.resolve("cached.bin");
        writeClean(file, 1 << 20);
        try (FileChannel channel = FileChannel.open(file)) {
            MappedByteBuffer view = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            assumeTrue(view.isLoaded(), "the file just written is in the page cache");
            PageCacheAdvice.evict(file);
            assertFalse(view.isLoaded());
        }
    }

    @Test
    void writeBackIsStartedOnAFileBeingWritten() throws IOException {
        assumeTrue(advisedSystem());
        Path file = dir.resolve("growing.bin");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                WritebackAhead ahead = PageCacheAdvice.writebackAhead(file)) {
            ByteBuffer step = ByteBuffer.allocate((int) WritebackAhead.STEP);
            for (int k = 0; k < 2; k++) {
                step.clear();
                while (step.hasRemaining()) {
                    ahead.appended(channel.write(step));
                }
            }
            assertTrue(ahead.active(), "sync_file_range accepted both ranges");
        }
    }

    @Test
    void noAdviceForAFileThatCannotBeOpened() {
        assumeTrue(advisedSystem());
        assertNull(PageCacheAdvice.writebackAhead(dir.resolve("missing.bin")));
        PageCacheAdvice.evict(dir.resolve("missing.bin"));
    }
}
