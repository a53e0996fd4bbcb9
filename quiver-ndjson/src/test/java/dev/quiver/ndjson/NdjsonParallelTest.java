// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Parsing on several threads gives what one thread gives: the same values, the same batches where every
 * line holds one object, the same failure at the same line (counted over the whole input, not the block).
 */
class NdjsonParallelTest {
    private static final NdjsonReadOptions ONE = NdjsonReadOptions.DEFAULT.withThreads(1).withBatchSize(7)
            .withSampleLines(5);
    private static final NdjsonReadOptions THREE = ONE.withThreads(3);

    private static String lines(int count) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            sb.append("{\"id\":").append(i).append(",\"x\":").append(i * 0.25).append(",\"name\":")
                    .append(i % 5 == 0 ? "null" : "\"n-" + i + "\"").append(",\"tags\":[").append(i % 3 == 0 ? "" : i)
                    .append("]}\n");
        }
        return sb.toString();
    }

    private static List<RecordBatch> read(String text, NdjsonReadOptions options) {
        return Ndjson.read(text, options);
    }

    private static List<Integer> sizes(List<RecordBatch> batches) {
        List<Integer> sizes = new ArrayList<>();
        batches.forEach(b -> sizes.add((int) b.rowCount()));
        return sizes;
    }

    /** Three threads read {@code text} into the values one thread reads, {@code rows} rows. */
    private static void sameAsOneThread(String text, long rows) {
        List<RecordBatch> one = read(text, ONE);
        List<RecordBatch> three = read(text, THREE);
        assertEquals(rows, three.stream().mapToLong(RecordBatch::rowCount).sum());
        assertEquals(Ndjson.write(one.get(0).schema(), one), Ndjson.write(three.get(0).schema(), three));
    }

    private static NdjsonException failure(String text, NdjsonReadOptions options) {
        return assertThrows(NdjsonException.class, () -> read(text, options));
    }

    @Test
    void manyBlocksGiveTheBatchesOfOneThread() {
        String text = lines(1000);
        List<RecordBatch> one = read(text, ONE);
        List<RecordBatch> three = read(text, THREE);
        assertEquals(143, three.size());
        assertEquals(sizes(one), sizes(three));
        assertEquals(Ndjson.write(one.get(0).schema(), one), Ndjson.write(three.get(0).schema(), three));
        assertEquals(text, Ndjson.write(three.get(0).schema(), three));
    }

    @Test
    void blankLinesAndNoFinalLineFeed() {
        String text = "\n" + lines(20).replace("}\n{\"id\":9,", "}\n\n  \n{\"id\":9,") + "{\"id\":20}";
        sameAsOneThread(text, 21);
    }

    @Test
    void objectsSpreadOverLinesAcrossBlockEnds() {
        // An object may span lines (docs/ndjson.md, "Lines"): those past a block's end go to one parser.
        String spread = "{\"id\":\n1000,\n\"x\": 1.5,\n\"name\": \"over\",\n\"tags\": [\n1,\n2\n]\n}\n";
        String text = lines(30) + spread + lines(40) + spread + spread;
        sameAsOneThread(text, 73);
    }

    @Test
    void aBadValueInALaterBlockNamesItsLine() {
        String text = lines(100).replace("{\"id\":57,", "{\"id\":\"seven\",");
        NdjsonException one = failure(text, ONE);
        NdjsonException three = failure(text, THREE);
        assertEquals(58, three.line(), three.getMessage());
        assertEquals(one.getMessage(), three.getMessage());
        assertEquals("id", three.field());
    }

    @Test
    void malformedJsonInALaterBlockNamesItsLine() {
        String text = lines(100).replace("{\"id\":83,", "{\"id\":83,,");
        NdjsonException three = failure(text, THREE);
        assertEquals(84, three.line(), three.getMessage());
        assertEquals(failure(text, ONE).getMessage(), three.getMessage());
    }

    @Test
    void aFailureAfterASpreadObjectNamesItsLine() {
        String spread = "{\"id\":\n1000\n}\n";
        String text = lines(12) + spread + lines(50).replace("{\"id\":40,", "{\"id\":[],");
        NdjsonException one = failure(text, ONE);
        NdjsonException three = failure(text, THREE);
        assertEquals(12 + 3 + 41, three.line(), three.getMessage());
        assertEquals(one.getMessage(), three.getMessage());
    }

    @Test
    void aTruncatedLastObjectIsRefused() {
        String text = lines(40) + "{\"id\": 1, \"x\":";
        NdjsonException three = failure(text, THREE);
        assertEquals(failure(text, ONE).getMessage(), three.getMessage());
        assertTrue(three.getMessage().contains("malformed JSON"), three.getMessage());
    }

    @Test
    void aLineTooLongInALaterBlockNamesItsLineAfterTheBatchesBefore() {
        // Past the first 64 KiB, which the inference reads at once.
        String text = lines(2000) + "{\"name\":\"" + "a".repeat(2000) + "\"}\n" + lines(5);
        long[] one = rowsBeforeTooLong(text, ONE);
        long[] three = rowsBeforeTooLong(text, THREE);
        assertEquals(2001, one[0]);
        assertEquals(2001, three[0]);
        // One thread drops the batch the long line is in (1995 rows before it); the blocks end at the line.
        assertEquals(1995, one[1]);
        assertEquals(2000, three[1]);
    }

    /** The line of the failure and the rows delivered before it. */
    private static long[] rowsBeforeTooLong(String text, NdjsonReadOptions options) {
        List<RecordBatch> before = new ArrayList<>();
        NdjsonException e = assertThrows(NdjsonException.class, () -> {
            try (NdjsonReader reader = NdjsonReader.open(new ByteArrayInputStream(text.getBytes(
                    StandardCharsets.UTF_8)), options.withLimits(NdjsonLimits.DEFAULT.withMaxLineBytes(1024)))) {
                reader.forEach(before::add);
            }
        });
        assertTrue(e.getMessage().contains("withMaxLineBytes"), e.getMessage());
        return new long[] {e.line(), before.stream().mapToLong(RecordBatch::rowCount).sum()};
    }

    @Test
    void threadsMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> NdjsonReadOptions.DEFAULT.withThreads(0));
        assertEquals(Runtime.getRuntime().availableProcessors(), NdjsonReadOptions.DEFAULT.threads());
    }
}
