// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.batch.ChunkedArray;
import dev.quiver.core.type.ArrowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** unique, value_counts and dictionary_encode against pyarrow.compute. */
class HashingPyarrowTest {
    private static final List<ArrowType> TYPES = List.of(ArrowType.INT8, ArrowType.INT64, ArrowType.UINT32,
            ArrowType.FLOAT64, ArrowType.BOOL, ArrowType.UTF8);

    private static String pyType(ArrowType t) {
        return switch (t) {
            case ArrowType.Int i -> "pa." + (i.signed() ? "int" : "uint") + i.bitWidth() + "()";
            case ArrowType.FloatingPoint f -> "pa.float64()";
            case ArrowType.Bool b -> "pa.bool_()";
            default -> "pa.string()";
        };
    }

    @Test
    void hashKernelsEqualPyarrow() throws Exception {
        Random rnd = new Random(17);
        StringBuilder setup = new StringBuilder("arrays = []\n");
        List<String> python = new ArrayList<>();
        List<String> quiver = new ArrayList<>();
        int k = 0;
        for (ArrowType type : TYPES) {
            for (int round = 0; round < 3; round++) {
                Array a = RandomArrays.of(type, rnd, round == 0 ? 0 : 100 + rnd.nextInt(400), round == 2 ? 0 : 0.1);
                setup.append("arrays.append(pa.array(").append(PyCases.literal(a)).append(", ").append(pyType(type)).append("))\n");
                String ak = "arrays[" + k++ + "]";
                python.add("pc.unique(" + ak + ")");
                quiver.add(PyCases.tokens(Hashing.unique(a)));
                StructArray counts = Hashing.valueCounts(a);
                python.add("pc.value_counts(" + ak + ").field('values')");
                quiver.add(PyCases.tokens(counts.field("values")));
                python.add("pc.value_counts(" + ak + ").field('counts')");
                quiver.add(PyCases.tokens(counts.field("counts")));
                DictionaryArray encoded = Hashing.dictionaryEncode(a);
                python.add("pc.dictionary_encode(" + ak + ").indices");
                quiver.add(PyCases.tokens(encoded.indices()));
                python.add("pc.dictionary_encode(" + ak + ").dictionary");
                quiver.add(PyCases.tokens(encoded.dictionary()));
            }
        }
        List<String> expected = PyCases.run(setup.toString(), python);
        for (int i = 0; i < expected.size(); i++) {
            PyCases.assertSame(expected.get(i), quiver.get(i), python.get(i));
        }
    }

    @Test
    void chunksCountTogether() {
        Array a = RandomArrays.of(ArrowType.UTF8, new Random(2), 50, 0.1);
        ChunkedArray chunked = new ChunkedArray(a.type(), List.of(a.slice(0, 20), a.slice(20, 30)));
        assertEquals(PyCases.tokens(Hashing.unique(a)), PyCases.tokens(Hashing.unique(chunked)));
        assertEquals(PyCases.tokens(Hashing.valueCounts(a).field("counts")),
                PyCases.tokens(Hashing.valueCounts(chunked).field("counts")));
    }

    @Test
    void typesTheRowTableCannotEncodeAreRefused() {
        Array list = dev.quiver.core.builder.Builders.of(ArrowType.List.of(ArrowType.INT32),
                dev.quiver.core.memory.BufferAllocator.managed()).appendObject(List.of(1)).build();
        ComputeException e = assertThrows(ComputeException.class, () -> Hashing.unique(list));
        assertEquals(true, e.getMessage().contains("list"), e.getMessage());
    }
}
