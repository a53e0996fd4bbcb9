// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Schema;
import java.util.Objects;
import java.util.Optional;

/**
 * How NDJSON is read; immutable, each {@code with} method returns a changed copy:
 * <pre>{@code
 * NdjsonReadOptions options = NdjsonReadOptions.DEFAULT.withBatchSize(10_000).withInferTimestamps(true);
 * }</pre>
 *
 * <ul>
 *   <li>{@link #batchSize()}: the rows of each batch (default {@value #DEFAULT_BATCH_SIZE}), fewer when their
 *       input reaches {@link NdjsonLimits#maxBatchBytes()}; memory is bounded by one batch and the inference
 *       sample.
 *   <li>{@link #sampleLines()}: how many lines the schema is inferred from (default
 *       {@value #DEFAULT_SAMPLE_LINES}).
 *   <li>{@link #schema()}: an explicit schema; none by default. With one nothing is inferred, and a value
 *       that does not fit its field's type is an error.
 *   <li>{@link #inferTimestamps()}: whether inference turns strings that are all ISO 8601 dates into
 *       date32 and all date-times into timestamps (default false: strings stay utf8).
 *   <li>{@link #ignoreUnknownKeys()}: whether keys outside the schema are skipped (default false: an
 *       error naming the key).
 *   <li>{@link #allocator()}: where the columns' buffers are allocated (default the garbage-collected one).
 *   <li>{@link #limits()}: nesting, string, number, key, line, batch and field limits
 *       ({@link NdjsonLimits#DEFAULT}).
 *   <li>{@link #threads()}: how many batches are parsed at once (default: every core; 1: on the caller's
 *       thread).
 * </ul>
 */
public final class NdjsonReadOptions {
    /** The default rows per batch. */
    public static final int DEFAULT_BATCH_SIZE = 65_536;
    /** The default number of lines the schema is inferred from. */
    public static final int DEFAULT_SAMPLE_LINES = 1_000;
    /** The defaults: inference from 1,000 lines, batches of 65,536 rows, no timestamps, strict keys. */
    public static final NdjsonReadOptions DEFAULT = new NdjsonReadOptions(DEFAULT_BATCH_SIZE, DEFAULT_SAMPLE_LINES,
            null, false, false, BufferAllocator.managed(), NdjsonLimits.DEFAULT,
            Runtime.getRuntime().availableProcessors());

    private final int batchSize;
    private final int sampleLines;
    private final Schema schema;
    private final boolean inferTimestamps;
    private final boolean ignoreUnknownKeys;
    private final BufferAllocator allocator;
    private final NdjsonLimits limits;
    private final int threads;

    private NdjsonReadOptions(int batchSize, int sampleLines, Schema schema, boolean inferTimestamps,
            boolean ignoreUnknownKeys, BufferAllocator allocator, NdjsonLimits limits, int threads) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be positive, not " + batchSize);
        }
        if (sampleLines < 1) {
            throw new IllegalArgumentException("sample lines must be positive, not " + sampleLines);
        }
        this.batchSize = batchSize;
        this.sampleLines = sampleLines;
        this.schema = schema;
        this.inferTimestamps = inferTimestamps;
        this.ignoreUnknownKeys = ignoreUnknownKeys;
        this.allocator = Objects.requireNonNull(allocator, "allocator");
        this.limits = Objects.requireNonNull(limits, "limits");
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be positive, not " + threads);
        }
        this.threads = threads;
    }

    /**
     * The rows of each batch (the last one may have fewer).
     *
     * @return the batch size, positive
     */
    public int batchSize() {
        return batchSize;
    }

    /**
     * How many lines (at most) the schema is inferred from.
     *
     * @return the sample size, positive
     */
    public int sampleLines() {
        return sampleLines;
    }

    /**
     * The explicit schema, if any.
     *
     * @return the schema every batch has, or empty when it is inferred
     */
    public Optional<Schema> schema() {
        return Optional.ofNullable(schema);
    }

    /**
     * Whether inference turns ISO 8601 strings into date32 and timestamp columns.
     *
     * @return true when it does
     */
    public boolean inferTimestamps() {
        return inferTimestamps;
    }

    /**
     * Whether keys outside the schema are skipped rather than refused.
     *
     * @return true when they are skipped
     */
    public boolean ignoreUnknownKeys() {
        return ignoreUnknownKeys;
    }

    /**
     * Where the columns' buffers are allocated.
     *
     * @return the allocator
     */
    public BufferAllocator allocator() {
        return allocator;
    }

    /**
     * These options with another batch size.
     *
     * @param rows the rows of each batch, positive
     * @return the new options
     * @throws IllegalArgumentException if {@code rows} is not positive
     */
    public NdjsonReadOptions withBatchSize(int rows) {
        return new NdjsonReadOptions(rows, sampleLines, schema, inferTimestamps, ignoreUnknownKeys, allocator,
                limits, threads);
    }

    /**
     * These options with another inference sample.
     *
     * @param lines how many lines the schema is inferred from, positive
     * @return the new options
     * @throws IllegalArgumentException if {@code lines} is not positive
     */
    public NdjsonReadOptions withSampleLines(int lines) {
        return new NdjsonReadOptions(batchSize, lines, schema, inferTimestamps, ignoreUnknownKeys, allocator,
                limits, threads);
    }

    /**
     * These options with an explicit schema (no inference), or none.
     *
     * @param newSchema the schema of every batch, or null to infer one
     * @return the new options
     */
    public NdjsonReadOptions withSchema(Schema newSchema) {
        return new NdjsonReadOptions(batchSize, sampleLines, newSchema, inferTimestamps, ignoreUnknownKeys,
                allocator, limits, threads);
    }

    /**
     * These options with or without timestamp inference.
     *
     * @param infer whether ISO 8601 strings become date32 and timestamp columns
     * @return the new options
     */
    public NdjsonReadOptions withInferTimestamps(boolean infer) {
        return new NdjsonReadOptions(batchSize, sampleLines, schema, infer, ignoreUnknownKeys, allocator,
                limits, threads);
    }

    /**
     * These options skipping or refusing keys outside the schema.
     *
     * @param ignore whether unknown keys are skipped
     * @return the new options
     */
    public NdjsonReadOptions withIgnoreUnknownKeys(boolean ignore) {
        return new NdjsonReadOptions(batchSize, sampleLines, schema, inferTimestamps, ignore, allocator,
                limits, threads);
    }

    /**
     * These options with another allocator.
     *
     * @param newAllocator where the buffers are allocated
     * @return the new options
     */
    public NdjsonReadOptions withAllocator(BufferAllocator newAllocator) {
        return new NdjsonReadOptions(batchSize, sampleLines, schema, inferTimestamps, ignoreUnknownKeys,
                newAllocator, limits, threads);
    }

    /**
     * The limits of the input.
     *
     * @return {@link NdjsonLimits#DEFAULT} unless changed
     */
    public NdjsonLimits limits() {
        return limits;
    }

    /**
     * These options with other limits.
     *
     * @param newLimits the limits of nesting, lengths, lines, batches and fields
     * @return the new options
     */
    public NdjsonReadOptions withLimits(NdjsonLimits newLimits) {
        return new NdjsonReadOptions(batchSize, sampleLines, schema, inferTimestamps, ignoreUnknownKeys, allocator,
                newLimits, threads);
    }

    /**
     * How many batches are parsed at once: the caller's thread cuts the input into the lines of each batch,
     * as many threads parse them, and the batches come in input order.
     *
     * @return the count of parsing threads, positive (1: the caller's thread parses)
     */
    public int threads() {
        return threads;
    }

    /**
     * These options with another count of parsing threads.
     *
     * @param count how many batches are parsed at once, positive (1: on the caller's thread)
     * @return the new options
     * @throws IllegalArgumentException if {@code count} is not positive
     */
    public NdjsonReadOptions withThreads(int count) {
        return new NdjsonReadOptions(batchSize, sampleLines, schema, inferTimestamps, ignoreUnknownKeys, allocator,
                limits, count);
    }
}
