// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.io.ByteArrayInputStream;
import java.util.List;

/**
 * Fuzzes the NDJSON reader over raw bytes: every input ends in whole, fully valid batches or one
 * {@link NdjsonException} that says what is wrong (docs/fuzzing.md); anything else escapes to Jazzer and
 * is a finding. Each input is read three times, in batches of a few rows:
 * <ol>
 *   <li>with the schema inferred from the first 1,000 lines;
 *   <li>with the schema inferred from the first 2 lines (so later lines may not fit it), timestamps inferred
 *       and unknown keys ignored, under small {@link NdjsonLimits} (nesting 8, strings of 64 characters,
 *       lines and batches of 1 KiB, 16 fields);
 *   <li>with {@link #SCHEMA}, one field of every kind the reader takes, unknown keys ignored or refused (by
 *       the input's length).
 * </ol>
 * Batches come from a {@link BufferAllocator#scoped(long) scoped} allocator of 64 MiB: a few KB of input
 * needing more is a memory blow-up, a finding. Regression inputs: {@code NdjsonReaderFuzzTestInputs/readNdjson}.
 */
class NdjsonReaderFuzzTest {
    /** Bytes the batches of one fuzz input may take; a few KB of NDJSON needing more is a blow-up. */
    private static final long MEMORY_LIMIT = 64L << 20;
    /** Limits small enough for a few KB of input to pass them. */
    private static final NdjsonLimits SMALL = NdjsonLimits.DEFAULT.withMaxNestingDepth(8).withMaxStringLength(64)
            .withMaxNumberLength(30).withMaxNameLength(20).withMaxLineBytes(1024).withMaxBatchBytes(1024)
            .withMaxFields(16);
    /** Slots read per column (a fuzz input has far fewer rows). */
    private static final long SLOTS_PER_COLUMN = 1 << 16;

    /** The explicit schema: a field of every kind of type, under the short names the seeds use. */
    static final Schema SCHEMA = new Schema(List.of(
            Field.nullable("z", ArrowType.NULL),
            Field.nullable("b", ArrowType.BOOL),
            Field.nullable("i8", ArrowType.INT8),
            Field.nullable("i", ArrowType.INT64),
            Field.nullable("u", ArrowType.UINT64),
            Field.nullable("h", ArrowType.FLOAT16),
            Field.nullable("f", ArrowType.FLOAT64),
            Field.nullable("d", new ArrowType.Decimal(38, 10)),
            Field.nullable("d32", new ArrowType.Decimal(9, 2, 32)),
            Field.nullable("dn", new ArrowType.Decimal(5, -3)),
            Field.nullable("dx", new ArrowType.Decimal(5, 2_147_418_112)),
            Field.nullable("s", ArrowType.UTF8),
            Field.nullable("v", ArrowType.UTF8_VIEW),
            Field.nullable("bin", ArrowType.BINARY),
            Field.nullable("fx", new ArrowType.FixedSizeBinary(3)),
            Field.nullable("date", new ArrowType.Date(DateUnit.DAY)),
            Field.nullable("d64", new ArrowType.Date(DateUnit.MILLISECOND)),
            Field.nullable("t", new ArrowType.Time(TimeUnit.NANOSECOND)),
            Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
            Field.nullable("tsn", new ArrowType.Timestamp(TimeUnit.NANOSECOND)),
            Field.nullable("dur", new ArrowType.Duration(TimeUnit.SECOND)),
            Field.nullable("ym", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)),
            Field.nullable("mdn", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
            Field.nullable("l", ArrowType.List.of(ArrowType.INT32)),
            Field.nullable("fl", new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.FLOAT64), 2)),
            Field.nullable("st", ArrowType.Struct.of(Field.nullable("a", ArrowType.INT64),
                    Field.nullable("b", ArrowType.List.of(ArrowType.Struct.of(Field.nullable("c", ArrowType.UTF8)))))),
            Field.nullable("m", ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT32, false)),
            Field.dictionary("dict", ArrowType.INT8, ArrowType.UTF8, false, 0, true),
            Field.nullable("ree", ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.FLOAT64))));

    @FuzzTest(maxDuration = "5m")
    void readNdjson(byte[] input) {
        readAccepting(input, NdjsonReadOptions.DEFAULT.withBatchSize(3));
        readAccepting(input, NdjsonReadOptions.DEFAULT.withSampleLines(2).withInferTimestamps(true)
                .withIgnoreUnknownKeys(true).withBatchSize(4).withLimits(SMALL));
        readAccepting(input, NdjsonReadOptions.DEFAULT.withSchema(SCHEMA).withBatchSize(2)
                .withIgnoreUnknownKeys((input.length & 1) == 1));
    }

    private static void readAccepting(byte[] input, NdjsonReadOptions options) {
        try (ScopedAllocator allocator = BufferAllocator.scoped(MEMORY_LIMIT);
                NdjsonReader reader = NdjsonReader.open(new ByteArrayInputStream(input),
                        options.withAllocator(allocator))) {
            reader.schema().toString();
            for (RecordBatch batch : reader) {
                touch(batch);
            }
        } catch (NdjsonException expected) {
            if (expected.getMessage() == null || expected.getMessage().isBlank()) {
                throw new AssertionError("a failure that does not say what is wrong", expected);
            }
        }
    }

    private static void touch(RecordBatch batch) {
        batch.validateFull();
        for (Array column : batch.columns()) {
            long n = Math.min(column.length(), SLOTS_PER_COLUMN);
            for (long i = 0; i < n; i++) {
                column.isNull(i);
                column.getObject(i);
            }
        }
        batch.toString();
    }
}
