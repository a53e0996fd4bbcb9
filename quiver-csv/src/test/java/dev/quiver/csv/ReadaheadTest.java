// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ReadaheadTest {
    /** A channel over {@code data} handing out at most {@code step} bytes a read, then failing if asked. */
    private static ReadableByteChannel channel(byte[] data, int step, boolean failAtEnd) {
        return new ReadableByteChannel() {
            private int at;
            private boolean open = true;

            @Override
            public int read(ByteBuffer target) throws IOException {
                if (at == data.length) {
                    if (failAtEnd) {
                        throw new IOException("the disk is on fire");
                    }
                    return -1;
                }
                int n = Math.min(step, Math.min(target.remaining(), data.length - at));
                target.put(data, at, n);
                at += n;
                return n;
            }

            @Override
            public boolean isOpen() {
                return open;
            }

            @Override
            public void close() {
                open = false;
            }
        };
    }

    private static byte[] drain(Readahead in, int readSize) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[readSize];
        for (int n; (n = in.read(buffer, 0, buffer.length)) >= 0; ) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    @Test
    void passesEveryByteInOrderWhateverTheChunkAndReadSizes() throws IOException {
        byte[] data = new byte[100_003];
        new SplittableRandom(3).nextBytes(data);
        for (int chunk : new int[] {1, 7, 4096, 1 << 20}) {
            for (int step : new int[] {1, 1000, 1 << 20}) {
                try (Readahead in = new Readahead(channel(data, step, false), chunk)) {
                    assertArrayEquals(data, drain(in, 333), "chunk " + chunk + ", step " + step);
                    assertEquals(-1, in.read(new byte[1], 0, 1), "the end stays the end");
                }
            }
        }
    }

    @Test
    void aFailureOfTheChannelComesAfterTheBytesReadBeforeIt() throws IOException {
        byte[] data = new byte[10_000];
        new SplittableRandom(5).nextBytes(data);
        try (Readahead in = new Readahead(channel(data, 100, true), 4096)) {
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buffer = new byte[777];
            IOException failure = assertThrows(IOException.class, () -> {
                while (true) {
                    got.write(buffer, 0, in.read(buffer, 0, buffer.length));
                }
            });
            assertArrayEquals(data, got.toByteArray());
            assertEquals("the disk is on fire", failure.getMessage());
        }
    }

    @Test
    void closingStopsAThreadWaitingForRoom() {
        byte[] data = new byte[1 << 20];
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            Readahead in = new Readahead(channel(data, 1 << 20, false), 1024);
            assertEquals(10, in.read(new byte[10], 0, 10));
            in.close();
        });
    }

    @Test
    void anInterruptedReaderGetsAnInterruptedIoException() throws Exception {
        ReadableByteChannel never = new ReadableByteChannel() {
            @Override
            public int read(ByteBuffer target) throws IOException {
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    throw new java.nio.channels.ClosedByInterruptException();
                }
                return -1;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        };
        try (Readahead in = new Readahead(never, 16)) {
            Thread.currentThread().interrupt();
            assertThrows(java.io.InterruptedIOException.class, () -> in.read(new byte[1], 0, 1));
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is kept");
        } finally {
            Thread.interrupted();
        }
    }
}
