// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Random batches round-trip; random damage to valid NDJSON ends in an NdjsonException or a clean read. */
class NdjsonPropertiesTest {
    private static final Schema SCHEMA = Schema.of(
            Field.nullable("i", ArrowType.INT64),
            Field.nullable("f", ArrowType.FLOAT64),
            Field.nullable("s", ArrowType.UTF8),
            Field.nullable("b", ArrowType.BOOL),
            Field.nullable("l", ArrowType.List.of(ArrowType.Struct.of(Field.nullable("x", ArrowType.INT32),
                    Field.nullable("y", ArrowType.UTF8)))),
            Field.nullable("m", ArrowType.Map.of(ArrowType.UTF8, ArrowType.FLOAT64, false)),
            Field.nullable("t", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")),
            Field.nullable("d", new ArrowType.Decimal(20, 4)),
            Field.nullable("bin", ArrowType.BINARY));
    private static final String DAMAGE = "{}[]\",:\n0-e.";
    private static final double[] SPECIAL_DOUBLES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        -0.0, Double.MIN_VALUE, Double.MAX_VALUE};

    @Property(tries = 80)
    void randomBatchesRoundTripInAnyBatchSize(@ForAll long seed, @ForAll @IntRange(max = 40) int rows,
            @ForAll @IntRange(min = 1, max = 9) int batchSize) {
        RecordBatch batch = randomBatch(new Random(seed), rows);
        String text = Ndjson.write(batch);
        List<RecordBatch> back = Ndjson.read(text, NdjsonReadOptions.DEFAULT.withSchema(SCHEMA).withBatchSize(batchSize));
        assertEquals(rows, back.stream().mapToLong(RecordBatch::rowCount).sum());
        assertTrue(back.stream().allMatch(b -> b.rowCount() <= batchSize));
        long offset = 0;
        for (int k = 0; k < back.size(); k++) {
            RecordBatch part = back.get(k);
            Optional<?> difference = new BatchComparator().compare(k, batch.slice(offset, part.rowCount()), part);
            assertEquals(Optional.empty(), difference.map(Object::toString));
            offset += part.rowCount();
        }
        assertEquals(text, Ndjson.write(SCHEMA, back));
    }

    @Property(tries = 300)
    void damagedInputFailsCleanly(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int damage) {
        Random random = new Random(seed);
        byte[] bytes = Ndjson.write(randomBatch(random, 6)).getBytes(StandardCharsets.UTF_8);
        for (int k = 0; k < damage && bytes.length > 0; k++) {
            int at = random.nextInt(bytes.length);
            switch (random.nextInt(3)) {
                case 0 -> bytes[at] = (byte) random.nextInt(256);
                case 1 -> bytes = Arrays.copyOf(bytes, at);
                default -> bytes[at] = (byte) DAMAGE.charAt(random.nextInt(DAMAGE.length()));
            }
        }
        byte[] input = bytes;
        for (NdjsonReadOptions options : List.of(NdjsonReadOptions.DEFAULT.withSchema(SCHEMA),
                NdjsonReadOptions.DEFAULT.withSampleLines(3))) {
            try {
                Ndjson.read(input, options);
            } catch (NdjsonException e) {
                assertTrue(e.getMessage().startsWith("line ") || e.line() == 0, e.getMessage());
            }
        }
    }

    @Property(tries = 100)
    void invalidUtf8IsNamedByLine(@ForAll long seed, @ForAll @IntRange(min = 1, max = 20) int lines) {
        Random random = new Random(seed);
        int bad = 1 + random.nextInt(lines);
        StringBuilder sb = new StringBuilder();
        for (int line = 1; line <= lines; line++) {
            sb.append("{\"s\": \"").append(line == bad ? "\u0001BAD\u0001" : "ok").append("\"}\n");
        }
        byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("\u0001BAD\u0001");
        bytes[at] = (byte) (0x80 + random.nextInt(0x40));
        NdjsonException e = assertThrows(NdjsonException.class, () -> Ndjson.read(bytes, NdjsonReadOptions.DEFAULT));
        assertEquals(bad, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    }

    private static RecordBatch randomBatch(Random random, int rows) {
        List<List<Object>> values = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            values.add(Arrays.asList(
                    maybe(random, random.nextLong()),
                    maybe(random, random.nextInt(4) == 0 ? SPECIAL_DOUBLES[random.nextInt(SPECIAL_DOUBLES.length)]
                            : Double.longBitsToDouble(random.nextLong() >>> 2)),
                    maybe(random, RandomText.of(random, 20)),
                    maybe(random, random.nextBoolean()),
                    maybe(random, randomList(random)),
                    maybe(random, randomMap(random)),
                    maybe(random, Instant.ofEpochSecond(random.nextLong(-9_000_000_000L, 9_000_000_000L),
                            random.nextInt(1_000_000_000))),
                    maybe(random, new BigDecimal(new BigInteger(60, random), 4).negate()),
                    maybe(random, randomBytes(random))));
        }
        return RecordBatch.ofRows(SCHEMA, values);
    }

    private static Object maybe(Random random, Object value) {
        return random.nextInt(6) == 0 ? null : value;
    }

    private static List<Object> randomList(Random random) {
        List<Object> list = new ArrayList<>();
        for (int k = random.nextInt(4); k > 0; k--) {
            Map<String, Object> struct = new LinkedHashMap<>();
            struct.put("x", maybe(random, random.nextInt()));
            struct.put("y", maybe(random, RandomText.of(random, 5)));
            list.add(maybe(random, struct));
        }
        return list;
    }

    private static Map<String, Object> randomMap(Random random) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int k = random.nextInt(4); k > 0; k--) {
            map.put(RandomText.of(random, 6), maybe(random, random.nextGaussian()));
        }
        return map;
    }

    private static byte[] randomBytes(Random random) {
        byte[] bytes = new byte[random.nextInt(10)];
        random.nextBytes(bytes);
        return bytes;
    }
}
