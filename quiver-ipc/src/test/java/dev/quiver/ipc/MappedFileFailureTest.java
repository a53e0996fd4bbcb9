// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.Lz4FrameCodec;
import dev.quiver.ipc.compression.ZstdCodec;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mapped file that is closed on another thread, or that shrinks while mapped (as when another process
 * rewrites it), ends in an IpcException: never a JVM crash in a native codec, nor a raw JVM error.
 */
class MappedFileFailureTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("i", ArrowType.INT64),
            Field.nullable("s", ArrowType.UTF8));
    private static final int BATCHES = 4;

    @TempDir
    Path dir;

    @Test
    void aTruncatedMappedFileFailsWithTheReadersOwnException() throws IOException {
        Schema schema = Schema.of(Field.nullable("a", ArrowType.INT32));
        Path file = dir.resolve("whole.arrow");
        try (IpcFileWriter writer = IpcFileWriter.open(file, schema)) {
            writer.write(RecordBatch.ofRows(schema, List.of(List.of(1), List.of(2))));
        }
        byte[] bytes = Files.readAllBytes(file);
        Path truncated = Files.write(dir.resolve("truncated.arrow"), Arrays.copyOf(bytes, bytes.length - 20));
        IpcException e = assertThrows(IpcException.class, () -> IpcFileReader.map(truncated));
        assertTrue(e.getMessage().contains("ARROW1"), e.getMessage());
    }

    private static RecordBatch batch(int rows, int seed) {
        IntBuilder<?> ints = IntBuilder.int64(BufferAllocator.managed());
        VarBinaryBuilder strings = new VarBinaryBuilder(ArrowType.UTF8, BufferAllocator.managed());
        Random random = new Random(seed);
        for (int i = 0; i < rows; i++) {
            ints.append(random.nextInt(1000));
            strings.append("value " + random.nextInt(100_000));
        }
        return new RecordBatch(SCHEMA, List.of(ints.build(), strings.build()));
    }

    private static byte[] file(CompressionCodec codec, int rows) {
        IpcWriteOptions options = codec == null ? IpcWriteOptions.DEFAULT : IpcWriteOptions.DEFAULT.withCodec(codec);
        return TestData.written(out -> {
            try (IpcFileWriter w = IpcFileWriter.open(out, SCHEMA, options)) {
                for (int b = 0; b < BATCHES; b++) {
                    w.write(batch(rows, b));
                }
            }
        });
    }

    private static List<CompressionCodec> codecs() {
        return Arrays.asList(null, new Lz4FrameCodec(), new ZstdCodec());
    }

    /** Reads every batch; returns what ended the reads: null when all were read, else the exception. */
    private static Throwable readAll(IpcFileReader reader) {
        try {
            for (int k = 0; k < BATCHES; k++) {
                assertEquals(4000, reader.batch(k).rowCount());
            }
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    private static void truncate(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(size);
        }
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    @Test
    void closingWhileAnotherThreadReadsEndsInDataOrIpcException() throws Exception {
        for (CompressionCodec codec : codecs()) {
            Path file = Files.write(dir.resolve("closed.arrow"), file(codec, 4000));
            List<Throwable> unexpected = Collections.synchronizedList(new ArrayList<>());
            int closedFirst = 0;
            for (int round = 0; round < 200; round++) {
                IpcFileReader reader = IpcFileReader.map(file);
                CountDownLatch started = new CountDownLatch(1);
                Throwable[] ended = new Throwable[1];
                Thread t = new Thread(() -> {
                    started.countDown();
                    ended[0] = readAll(reader);
                });
                t.start();
                started.await();
                spin(round % 40 * 25_000L);
                reader.close();
                t.join();
                if (ended[0] instanceof IpcException e) {
                    assertTrue(e.getMessage().contains("closed"), e.getMessage());
                    closedFirst++;
                } else if (ended[0] != null) {
                    unexpected.add(ended[0]);
                }
            }
            assertEquals(List.of(), unexpected, "codec " + codec);
            assertTrue(closedFirst > 0, "no close came before the reads ended");
        }
    }

    @Test
    void aFileShrinkingUnderItsMappingEndsInIpcException() throws IOException {
        Random random = new Random(7);
        for (CompressionCodec codec : codecs()) {
            byte[] bytes = file(codec, 4000);
            Path file = dir.resolve("shrinking.arrow");
            for (int round = 0; round < 100; round++) {
                Files.write(file, bytes);
                try (IpcFileReader reader = IpcFileReader.map(file)) {
                    if (round % 2 == 0) {
                        assertEquals(4000, reader.batch(0).rowCount());
                    }
                    truncate(file, random.nextInt(bytes.length));
                    Throwable ended = readAll(reader);
                    assertTrue(ended instanceof IpcException, "codec " + codec + ": " + ended);
                    assertTrue(ended.getMessage().contains("shrank from " + bytes.length), ended.getMessage());
                }
            }
        }
    }

    /**
     * A compressed batch is read from copies of the mapping, so a file shrinking during the reads fails
     * cleanly wherever the reads are. (Uncompressed buffers are the mapping itself, read by compiled code
     * whose faults HotSpot may not survive: that case is only checked between batches, above.)
     */
    @Test
    void aCompressedFileShrinkingDuringTheReadsEndsInDataOrIpcException() throws Exception {
        Random random = new Random(11);
        for (CompressionCodec codec : List.of(new Lz4FrameCodec(), new ZstdCodec())) {
            byte[] bytes = file(codec, 4000);
            Path file = dir.resolve("racing.arrow");
            List<Throwable> unexpected = Collections.synchronizedList(new ArrayList<>());
            for (int round = 0; round < 150; round++) {
                Files.write(file, bytes);
                IpcFileReader reader = IpcFileReader.map(file);
                CountDownLatch started = new CountDownLatch(1);
                Throwable[] ended = new Throwable[1];
                Thread t = new Thread(() -> {
                    started.countDown();
                    ended[0] = readAll(reader);
                });
                t.start();
                started.await();
                spin(round % 30 * 20_000L);
                truncate(file, random.nextInt(bytes.length));
                t.join();
                reader.close();
                if (ended[0] != null && !(ended[0] instanceof IpcException)) {
                    unexpected.add(ended[0]);
                }
            }
            assertEquals(List.of(), unexpected, "codec " + codec);
        }
    }
}
