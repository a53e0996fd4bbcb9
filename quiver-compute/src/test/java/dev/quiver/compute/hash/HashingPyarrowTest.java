// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.PyarrowOracle;
import dev.quiver.compute.RandomArrays;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.ChunkedArray;
import dev.quiver.core.type.ArrowType;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** unique, value_counts and dictionary_encode against pyarrow.compute: equal types and values. */
class HashingPyarrowTest {
    private static final List<ArrowType> TYPES = List.of(ArrowType.INT8, ArrowType.INT64, ArrowType.UINT32,
            ArrowType.FLOAT64, ArrowType.BOOL, ArrowType.UTF8, ArrowType.BINARY, new ArrowType.Date(dev.quiver.core.type.DateUnit.DAY));

    @TempDir
    Path dir;

    @Test
    void hashKernelsEqualPyarrow() throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Random rnd = new Random(17);
        PyarrowOracle oracle = new PyarrowOracle();
        int k = 0;
        for (ArrowType type : TYPES) {
            for (double nulls : new double[] {0, 0.1}) {
                String name = "c" + k++;
                Array a = oracle.input(name, RandomArrays.of(type, rnd, 400, nulls));
                String col = "t['" + name + "']";
                oracle.check("unique " + type, "pc.unique(" + col + ")", () -> Hashing.unique(a));
                oracle.check("value_counts values " + type, "pc.value_counts(" + col + ").field('values')",
                        () -> Hashing.valueCounts(a).field("values"));
                oracle.check("value_counts counts " + type, "pc.value_counts(" + col + ").field('counts')",
                        () -> Hashing.valueCounts(a).field("counts"));
                oracle.check("dictionary_encode " + type, "pc.dictionary_encode(" + col + ")",
                        () -> Hashing.dictionaryEncode(a));
            }
        }
        oracle.verify(python.get(), dir);
    }

    @Test
    void chunksCountTogether() {
        Array a = RandomArrays.of(ArrowType.UTF8, new Random(2), 50, 0.1);
        ChunkedArray chunked = new ChunkedArray(a.type(), List.of(a.slice(0, 20), a.slice(20, 30)));
        assertEquals(Hashing.unique(a), Hashing.unique(chunked));
        assertEquals(Hashing.valueCounts(a), Hashing.valueCounts(chunked));
    }

    @Test
    void typesTheRowTableCannotEncodeAreRefused() {
        Array list = dev.quiver.core.builder.Builders.of(ArrowType.List.of(ArrowType.INT32),
                dev.quiver.core.memory.BufferAllocator.managed()).appendObject(List.of(1)).build();
        ComputeException e = assertThrows(ComputeException.class, () -> Hashing.unique(list));
        assertEquals(true, e.getMessage().contains("list"), e.getMessage());
        assertThrows(ComputeException.class, () -> Hashing.dictionaryEncode(Hashing.dictionaryEncode(
                RandomArrays.of(ArrowType.INT32, new Random(1), 5, 0))));
    }
}
