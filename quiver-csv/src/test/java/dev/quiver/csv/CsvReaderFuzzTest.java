// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayInputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Fuzzes the CSV reader over raw bytes: every input ends in whole, fully valid batches or one
 * {@link CsvException} that says what is wrong (docs/fuzzing.md); anything else escapes to Jazzer and is
 * a finding. Each input is read up to three times, in blocks of 1 KiB (so a few KB make several blocks), with
 * the first of {@code , ; TAB |} it holds as the delimiter:
 * <ol>
 *   <li>with a header and inferred types, on one thread;
 *   <li>when the first read succeeded: with a header and every column given one of the types a CSV column
 *       can have, chosen by the input's bytes, on one or two threads (by the input's length);
 *   <li>without a header, with backslash escapes and inferred types, on the other thread count, with small
 *       limits (16 columns, records of 1 KiB).
 * </ol>
 * Batches come from a {@link BufferAllocator#scoped(long) scoped} allocator of 64 MiB: a few KB of input
 * needing more is a memory blow-up, a finding. Regression inputs: {@code CsvReaderFuzzTestInputs/readCsv}.
 */
class CsvReaderFuzzTest {
    /** Bytes the batches of one fuzz input may take; a few KB of CSV needing more is a blow-up. */
    private static final long MEMORY_LIMIT = 64L << 20;
    /** Slots read per column (a fuzz input has far fewer rows). */
    private static final long SLOTS_PER_COLUMN = 1 << 16;
    private static final String DELIMITERS = ",;\t|";
    /** The types given to columns, one of every kind {@link CsvTypes#parse} takes. */
    private static final List<ArrowType> GIVEN_TYPES = Stream.of("int8", "int16", "int32", "int64", "uint8",
            "uint16", "uint32", "uint64", "float32", "float64", "bool", "utf8", "large_utf8", "date32", "date64",
            "time32[s]", "time32[ms]", "time64[us]", "time64[ns]", "timestamp[s]", "timestamp[ms, UTC]",
            "timestamp[us]", "timestamp[ns, Europe/Paris]", "decimal128(10, 2)", "decimal128(38, 0)",
            "decimal128(5, 5)", "decimal128(3, 2147418112)", "dictionary<utf8>").map(CsvTypes::parse).toList();

    @FuzzTest(maxDuration = "5m")
    void readCsv(byte[] input) {
        int threads = 1 + (input.length & 1);
        Schema inferred = readAccepting(input, options(input));
        if (inferred != null) {
            Map<String, ArrowType> given = new HashMap<>();
            List<Field> fields = inferred.fields();
            for (int c = 0; c < fields.size(); c++) {
                int pick = input.length == 0 ? c : (input[c % input.length] & 0xFF) + c;
                given.put(fields.get(c).name(), GIVEN_TYPES.get(pick % GIVEN_TYPES.size()));
            }
            readAccepting(input, options(input).withTypes(given).withThreads(threads));
        }
        readAccepting(input, options(input).withNoHeader(null).withEscape('\\').withThreads(3 - threads)
                .withMaxColumns(16).withMaxRecordBytes(1024));
    }

    /** The options of the first read: the input's delimiter, a header, blocks of 1 KiB, one thread. */
    static CsvReadOptions options(byte[] input) {
        char delimiter = ',';
        for (byte b : input) {
            if (DELIMITERS.indexOf(b) >= 0) {
                delimiter = (char) b;
                break;
            }
        }
        return CsvReadOptions.DEFAULT.withDelimiter(delimiter).withBlockSize(1024).withThreads(1);
    }

    /** The schema read, or null when the reader refused the input with a {@link CsvException}. */
    private static Schema readAccepting(byte[] input, CsvReadOptions options) {
        try (ScopedAllocator allocator = BufferAllocator.scoped(MEMORY_LIMIT);
                CsvReader reader = CsvReader.open(new ByteArrayInputStream(input), options.withAllocator(allocator))) {
            for (RecordBatch batch : reader) {
                touch(batch);
            }
            return reader.schema();
        } catch (CsvException expected) {
            if (expected.getMessage() == null || expected.getMessage().isBlank()) {
                throw new AssertionError("a failure that does not say what is wrong", expected);
            }
            return null;
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
