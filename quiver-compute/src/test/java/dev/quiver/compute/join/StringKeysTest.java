// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.join;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The single binary key's table: groups and lookups equal to a map of the keys' bytes, for every binary type. */
class StringKeysTest {
    /** Keys of 0 to 40 bytes, zero bytes included: "a", "a\0" and "a\0\0" differ only in zero padding. */
    private static List<byte[]> domain(Random rnd) {
        List<byte[]> keys = new ArrayList<>();
        keys.add(new byte[0]);
        keys.add(new byte[] {'a'});
        keys.add(new byte[] {'a', 0});
        keys.add(new byte[] {'a', 0, 0});
        keys.add(new byte[16]);
        keys.add(new byte[17]);
        byte[] sixteen = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
        keys.add(sixteen);
        byte[] longer = "0123456789abcdefX".getBytes(StandardCharsets.US_ASCII);
        keys.add(longer);
        byte[] other = "0123456789abcdefY".getBytes(StandardCharsets.US_ASCII);
        keys.add(other);
        byte[] alphabet = {0, 'a', 'b', 127};
        while (keys.size() < 400) {
            byte[] k = new byte[rnd.nextInt(41)];
            for (int i = 0; i < k.length; i++) {
                k[i] = alphabet[rnd.nextInt(alphabet.length)];
            }
            keys.add(k);
        }
        return keys;
    }

    private static Array column(ArrowType type, List<byte[]> values) {
        ArrayBuilder b = ArrayBuilder.of(type);
        boolean text = type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8;
        for (byte[] v : values) {
            if (v == null) {
                b.appendNull();
            } else {
                b.appendObject(text ? new String(v, StandardCharsets.US_ASCII) : v);
            }
        }
        return b.build();
    }

    private static List<byte[]> draw(Random rnd, List<byte[]> domain, int from, int to, int n) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(rnd.nextInt(12) == 0 ? null : domain.get(from + rnd.nextInt(to - from)));
        }
        return out;
    }

    @Test
    void groupsAndFindsAsAMapOfTheKeysBytes() {
        for (ArrowType type : List.of(ArrowType.UTF8, ArrowType.BINARY, ArrowType.LARGE_UTF8, ArrowType.LARGE_BINARY)) {
            Random rnd = new Random(7);
            List<byte[]> domain = domain(rnd);
            // the build side holds the first half of the domain, repeated, sliced by 3 rows
            List<byte[]> build = draw(rnd, domain, 0, 200, 1_000);
            Array buildColumn = column(type, build).slice(3, build.size() - 3);
            int n = build.size() - 3;
            int[] ids = new int[n];
            StringKeys keys = new StringKeys(buildColumn.data(), n, ids);
            Map<ByteBuffer, Integer> groups = new HashMap<>();
            for (int r = 0; r < n; r++) {
                byte[] v = build.get(r + 3);
                int expected = v == null ? -1 : groups.computeIfAbsent(ByteBuffer.wrap(v), k -> groups.size());
                assertEquals(expected, ids[r], type + " build row " + r);
            }
            assertEquals(groups.size(), keys.groupCount(), type.toString());
            assertTrue(groups.size() > 150, "most of the build keys occur");
            // the probe side draws from the whole domain: half its keys are not in the build side
            List<byte[]> probe = draw(rnd, domain, 0, domain.size(), 3_000);
            Array probeColumn = column(type, probe).slice(5, probe.size() - 5);
            int from = 11;
            int count = probe.size() - 5 - from;
            int[] found = new int[count];
            keys.probe().find(List.of(probeColumn.data()), from, count, found);
            int[] expected = new int[count];
            for (int j = 0; j < count; j++) {
                byte[] v = probe.get(5 + from + j);
                expected[j] = v == null ? -1 : groups.getOrDefault(ByteBuffer.wrap(v), -1);
            }
            assertArrayEquals(expected, found, type.toString());
            keys.close();
        }
    }

    @Test
    void acceptsOneBinaryKeyOnly() {
        assertTrue(StringKeys.accepts(List.of(ArrowType.UTF8)));
        assertTrue(StringKeys.accepts(List.of(ArrowType.LARGE_BINARY)));
        assertEquals(false, StringKeys.accepts(List.of(ArrowType.INT64)));
        assertEquals(false, StringKeys.accepts(List.of(ArrowType.UTF8, ArrowType.UTF8)));
    }
}
