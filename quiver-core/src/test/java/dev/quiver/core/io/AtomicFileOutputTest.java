// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.core.internal.io.PageCacheAdviceTest;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileOutputTest {
    @TempDir
    Path dir;

    private List<Path> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void nothingIsAtTheTargetUntilTheCommit() throws IOException {
        Path target = dir.resolve("out.bin");
        try (AtomicFileOutput file = AtomicFileOutput.create(target)) {
            try (OutputStream out = file.stream()) {
                out.write(bytes("hello"));
            }
            assertFalse(Files.exists(target));
            assertEquals(dir, file.temporary().getParent());
            assertTrue(Files.exists(file.temporary()));
            file.commit();
            assertTrue(file.committed());
        }
        assertArrayEquals(bytes("hello"), Files.readAllBytes(target));
        assertEquals(List.of(target), files());
    }

    @Test
    void replacingAFileDropsItsCachedPagesBeforeTheNewOneIsWritten() throws IOException {
        assumeTrue(PageCacheAdviceTest.evictionObservable(dir));
        Path target = dir.resolve("out.bin");
        PageCacheAdviceTest.writeClean(target, 1 << 20);
        try (FileChannel old = FileChannel.open(target)) {
            MappedByteBuffer oldPages = old.map(FileChannel.MapMode.READ_ONLY, 0, old.size());
            assumeTrue(oldPages.isLoaded(), "the file just written is in the page cache");
            try (AtomicFileOutput file = AtomicFileOutput.create(target)) {
                assertFalse(oldPages.isLoaded());
                file.channel().write(ByteBuffer.wrap(bytes("new")));
                file.commit();
            }
        }
        assertArrayEquals(bytes("new"), Files.readAllBytes(target));
    }

    @Test
    void aCommitReplacesAnExistingTarget() throws IOException {
        Path target = Files.write(dir.resolve("out.bin"), bytes("old content"));
        try (AtomicFileOutput file = AtomicFileOutput.create(target, true)) {
            file.channel().write(ByteBuffer.wrap(bytes("new")));
            file.commit();
        }
        assertArrayEquals(bytes("new"), Files.readAllBytes(target));
        assertEquals(List.of(target), files());
    }

    @Test
    void closingWithoutCommitDeletesTheTemporaryFileAndLeavesTheTarget() throws IOException {
        Path target = Files.write(dir.resolve("out.bin"), bytes("old content"));
        Path temporary;
        try (AtomicFileOutput file = AtomicFileOutput.create(target)) {
            temporary = file.temporary();
            file.stream().write(bytes("half a fi"));
        }
        assertFalse(Files.exists(temporary));
        assertArrayEquals(bytes("old content"), Files.readAllBytes(target));
        assertEquals(List.of(target), files());
    }

    @Test
    void aFailureBeforeTheCommitLeavesNoFile() throws IOException {
        Path target = dir.resolve("never.bin");
        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> {
            try (AtomicFileOutput file = AtomicFileOutput.create(target)) {
                file.stream().write(bytes("partial"));
                throw new IllegalStateException("the writer failed");
            }
        });
        assertEquals("the writer failed", failure.getMessage());
        assertEquals(List.of(), files());
    }

    @Test
    void closingAViewKeepsTheFileOpenForTheOutput() throws IOException {
        Path target = dir.resolve("out.bin");
        try (AtomicFileOutput file = AtomicFileOutput.create(target)) {
            WritableByteChannel first = file.channel();
            first.write(ByteBuffer.wrap(bytes("ab")));
            first.close();
            assertFalse(first.isOpen());
            assertThrows(ClosedChannelException.class, () -> first.write(ByteBuffer.wrap(bytes("x"))));
            file.channel().write(ByteBuffer.wrap(bytes("cd")));
            file.commit();
        }
        assertArrayEquals(bytes("abcd"), Files.readAllBytes(target));
    }

    @Test
    void theChannelGathersAMessagesPiecesInOrder() throws IOException {
        Path target = dir.resolve("out.bin");
        try (AtomicFileOutput file = AtomicFileOutput.create(target)) {
            GatheringByteChannel view = assertInstanceOf(GatheringByteChannel.class, file.channel());
            ByteBuffer direct = ByteBuffer.allocateDirect(3).put(bytes("cde")).flip();
            ByteBuffer[] parts = {ByteBuffer.wrap(bytes("xab")).position(1), direct, ByteBuffer.allocate(0),
                ByteBuffer.wrap(bytes("f"))};
            assertEquals(6, view.write(parts));
            assertEquals(0, view.write(parts, 1, 3), "nothing left to write");
            view.close();
            assertThrows(ClosedChannelException.class, () -> view.write(new ByteBuffer[] {ByteBuffer.wrap(bytes("x"))}));
            file.commit();
        }
        assertArrayEquals(bytes("abcdef"), Files.readAllBytes(target));
    }

    @Test
    void viewsAndCommitRefuseUseAfterTheOutputEnded() throws IOException {
        AtomicFileOutput file = AtomicFileOutput.create(dir.resolve("out.bin"));
        WritableByteChannel view = file.channel();
        file.commit();
        assertFalse(view.isOpen());
        assertThrows(ClosedChannelException.class, () -> view.write(ByteBuffer.wrap(bytes("late"))));
        assertThrows(IllegalStateException.class, file::commit);
        file.close();
        assertTrue(Files.exists(dir.resolve("out.bin")));
    }

    @Test
    void temporaryNamesAreUniqueBesideTheTarget() throws IOException {
        Path target = dir.resolve("same.bin");
        try (AtomicFileOutput a = AtomicFileOutput.create(target); AtomicFileOutput b = AtomicFileOutput.create(target)) {
            assertFalse(a.temporary().equals(b.temporary()));
            assertTrue(a.temporary().getFileName().toString().startsWith(".same.bin."));
        }
        assertEquals(List.of(), files());
    }

    @Test
    void aDirectoryIsNotATarget() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        FileSystemException e = assertThrows(FileSystemException.class, () -> AtomicFileOutput.create(sub));
        assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
        assertEquals(List.of(sub), files());
    }

    @Test
    void aRelativeTargetWritesBesideIt() throws IOException {
        Path target = Path.of("target", "atomic-output-test-" + ProcessHandle.current().pid() + ".bin");
        try {
            try (AtomicFileOutput file = AtomicFileOutput.create(target)) {
                assertEquals(target.getParent(), file.temporary().getParent());
                file.stream().write(bytes("x"));
                file.commit();
            }
            assertArrayEquals(bytes("x"), Files.readAllBytes(target));
        } finally {
            Files.deleteIfExists(target);
        }
    }
}
