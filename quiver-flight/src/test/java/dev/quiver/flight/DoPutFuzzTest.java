// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.flight.internal.DataReader;
import dev.quiver.flight.internal.FlightDataMarshaller;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.core.batch.RecordBatchReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Fuzzes the Flight server's DoPut message handling: an input is a sequence of FlightData messages (each a
 * 2-byte big-endian length, then that many bytes of protobuf), parsed by the server's marshaller, read by
 * the server's {@link DataReader} and stored by {@link DirectoryProducer#doPut} as gRPC would deliver
 * them. Every input ends either in a whole file that reads back fully valid, or in a
 * {@link FlightException} with a message; either way nothing else is left in the directory (no temporary
 * file) and the name is free again. Regression inputs: {@code DoPutFuzzTestInputs/doPut}; seeds written by
 * {@link DoPutFuzzSeedsTest}; fuzzing on demand: docs/fuzzing.md.
 */
class DoPutFuzzTest {
    private static final long MEMORY_LIMIT = 64L << 20;
    private static final long SLOTS_PER_COLUMN = 1 << 16;
    private static final Path DIR;

    static {
        try {
            DIR = Files.createTempDirectory("quiver-doput-fuzz");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The calls' context: never cancelled, no headers. */
    private static final CallContext CONTEXT = new CallContext() {
        @Override
        public String peerIdentity() {
            return "";
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public String header(String name) {
            return null;
        }
    };

    @FuzzTest(maxDuration = "5m")
    void doPut(byte[] input) throws Exception {
        try (ScopedAllocator allocator = BufferAllocator.scoped(MEMORY_LIMIT)) {
            IpcReadOptions options = IpcReadOptions.DEFAULT.withAllocator(allocator);
            DirectoryProducer producer = new DirectoryProducer(DIR, 2, options,
                    dev.quiver.ipc.IpcWriteOptions.DEFAULT);
            DataReader reader = new DataReader(options, n -> {
            }, () -> {
            }, null);
            for (int at = 0; at + 2 <= input.length; ) {
                int length = Math.min((input[at] & 0xFF) << 8 | input[at + 1] & 0xFF, input.length - at - 2);
                reader.offer(FlightDataMarshaller.INSTANCE.parse(new ByteArrayInputStream(input, at + 2, length)));
                at += 2 + length;
            }
            reader.end(null);
            String stored = null;
            try {
                producer.doPut(CONTEXT, reader, r -> {
                });
                stored = reader.descriptor().path().getFirst();
            } catch (FlightException expected) {
                if (expected.getMessage() == null || expected.getMessage().isBlank()) {
                    throw new AssertionError("a failure that does not say what is wrong", expected);
                }
            }
            List<Path> left = files();
            if (stored == null ? !left.isEmpty() : !left.equals(List.of(DIR.resolve(stored)))) {
                throw new AssertionError("the directory holds " + left + " after " + (stored == null
                        ? "a failed upload" : "the upload of " + stored));
            }
            if (stored != null) {
                readBack(DIR.resolve(stored), options);
                Files.delete(DIR.resolve(stored));
            }
        }
    }

    private static List<Path> files() throws IOException {
        try (Stream<Path> files = Files.list(DIR)) {
            return files.toList();
        }
    }

    /** The stored file reads back whole, every batch fully valid. */
    private static void readBack(Path file, IpcReadOptions options) {
        String name = file.getFileName().toString();
        try (RecordBatchReader reader = name.endsWith(".arrows") || name.endsWith(".stream")
                ? IpcStreamReader.open(file, options) : IpcFileReader.open(file, options)) {
            for (RecordBatch batch : reader) {
                batch.validateFull();
                for (Array column : batch.columns()) {
                    long n = Math.min(column.length(), SLOTS_PER_COLUMN);
                    for (long i = 0; i < n; i++) {
                        column.isNull(i);
                        column.getObject(i);
                    }
                }
            }
        }
    }
}
