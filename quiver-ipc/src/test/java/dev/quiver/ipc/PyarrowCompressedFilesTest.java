// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static dev.quiver.ipc.TestData.ints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.ipc.compression.CompressionType;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Compressed streams and files written by pyarrow 25 (Arrow C++), see resources/pyarrow/generate.py. */
class PyarrowCompressedFilesTest {
    private static final int N = 5000;

    static Path resource(String name) throws URISyntaxException {
        return Path.of(PyarrowCompressedFilesTest.class.getResource("/pyarrow/" + name).toURI());
    }

    static Array a(int from, int length) {
        Long[] v = new Long[length];
        for (int i = 0; i < length; i++) {
            int k = from + i;
            v[i] = k % 7 == 0 ? null : (long) k * 3;
        }
        return ints(ArrowType.INT32, v);
    }

    static Array b(int from, int length) {
        Long[] v = new Long[length];
        for (int i = 0; i < length; i++) {
            v[i] = (long) (from + i) / 100;
        }
        return ints(ArrowType.INT64, v);
    }

    static void check(RecordBatch batch, int from, int length) {
        assertEquals(length, batch.rowCount());
        assertEquals(a(from, length), batch.column(0));
        assertEquals(b(from, length), batch.column(1));
        assertEquals(a(from, length), batch.column(2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"lz4", "zstd"})
    void readsCompressedStreamAndFile(String codec) throws Exception {
        Path stream = resource(codec + ".arrows");
        List<Header> headers = DictionaryTest.headers(Files.readAllBytes(stream));
        assertEquals(codec.equals("lz4") ? CompressionType.LZ4_FRAME : CompressionType.ZSTD,
                ((Header.Batch) headers.get(1)).compression());
        try (InputStream in = Files.newInputStream(stream); IpcStreamReader r = IpcStreamReader.open(in)) {
            check(r.readNext().orElseThrow(), 0, N);
            check(r.readNext().orElseThrow(), 1234, 777);
            check(r.readNext().orElseThrow(), 0, 0);
            assertNull(r.readNext().orElse(null));
        }
        try (IpcFileReader r = IpcFileReader.map(resource(codec + ".arrow"))) {
            assertEquals(3, r.batchCount());
            check(r.batch(1), 1234, 777);
            check(r.batch(0), 0, N);
            check(r.batch(2), 0, 0);
        }
    }
}
