// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

/**
 * The limits of an {@link NdjsonReader}: Jackson's (nesting, string, number and key lengths, with Jackson's
 * own defaults) and the reader's own (a line's bytes, a batch's bytes, the fields of an inferred schema),
 * which bound its memory. Input beyond any of them is an {@link NdjsonException} naming the line and the
 * limit. Immutable; each {@code with} method returns a changed copy.
 *
 * @param maxNestingDepth the deepest nesting of arrays and objects (a row is depth 1)
 * @param maxStringLength the most characters of one string value
 * @param maxNumberLength the most characters of one number
 * @param maxNameLength the most characters of one key
 * @param maxLineBytes the most bytes of one line, its line feed excluded
 * @param maxBatchBytes the input bytes after which a batch ends even with fewer rows than the batch size
 *     (it also bounds the inference sample, which may run one line beyond it)
 * @param maxFields the most fields, at all levels of nesting (list elements included), an inferred schema may have
 */
public record NdjsonLimits(int maxNestingDepth, int maxStringLength, int maxNumberLength, int maxNameLength,
        int maxLineBytes, int maxBatchBytes, int maxFields) {
    /**
     * Jackson's defaults (nesting 1,000, strings of 20,000,000 characters, numbers of 1,000, keys of
     * 50,000); lines and batches of 64 MiB; 16,384 fields (as a CSV reader's columns).
     */
    public static final NdjsonLimits DEFAULT = new NdjsonLimits(1_000, 20_000_000, 1_000, 50_000, 1 << 26, 1 << 26,
            16_384);

    /**
     * Checks the limits.
     *
     * @throws IllegalArgumentException if one is out of range: every limit is positive, a line and a batch
     *     at least 1 KiB
     */
    public NdjsonLimits {
        positive(maxNestingDepth, "nesting depth");
        positive(maxStringLength, "string length");
        positive(maxNumberLength, "number length");
        positive(maxNameLength, "name length");
        positive(maxFields, "fields");
        if (maxLineBytes < 1024 || maxBatchBytes < 1024) {
            throw new IllegalArgumentException("the limits of a line's and a batch's bytes must be 1 KiB or more, not "
                    + maxLineBytes + " and " + maxBatchBytes);
        }
    }

    private static void positive(int limit, String what) {
        if (limit < 1) {
            throw new IllegalArgumentException("the limit of the " + what + " must be positive, not " + limit);
        }
    }

    /**
     * With another nesting limit.
     *
     * @param depth the deepest nesting, positive
     * @return the changed limits
     * @throws IllegalArgumentException if out of range
     */
    public NdjsonLimits withMaxNestingDepth(int depth) {
        return new NdjsonLimits(depth, maxStringLength, maxNumberLength, maxNameLength, maxLineBytes, maxBatchBytes,
                maxFields);
    }

    /**
     * With another limit of a string's characters.
     *
     * @param chars the most characters, positive
     * @return the changed limits
     * @throws IllegalArgumentException if out of range
     */
    public NdjsonLimits withMaxStringLength(int chars) {
        return new NdjsonLimits(maxNestingDepth, chars, maxNumberLength, maxNameLength, maxLineBytes, maxBatchBytes,
                maxFields);
    }

    /**
     * With another limit of a number's characters.
     *
     * @param chars the most characters, positive
     * @return the changed limits
     * @throws IllegalArgumentException if out of range
     */
    public NdjsonLimits withMaxNumberLength(int chars) {
        return new NdjsonLimits(maxNestingDepth, maxStringLength, chars, maxNameLength, maxLineBytes, maxBatchBytes,
                maxFields);
    }

    /**
     * With another limit of a key's characters.
     *
     * @param chars the most characters, positive
     * @return the changed limits
     * @throws IllegalArgumentException if out of range
     */
    public NdjsonLimits withMaxNameLength(int chars) {
        return new NdjsonLimits(maxNestingDepth, maxStringLength, maxNumberLength, chars, maxLineBytes, maxBatchBytes,
                maxFields);
    }

    /**
     * With another limit of a line's bytes.
     *
     * @param bytes the most bytes, 1 KiB or more
     * @return the changed limits
     * @throws IllegalArgumentException if out of range
     */
    public NdjsonLimits withMaxLineBytes(int bytes) {
        return new NdjsonLimits(maxNestingDepth, maxStringLength, maxNumberLength, maxNameLength, bytes, maxBatchBytes,
                maxFields);
    }

    /**
     * With another limit of a batch's input bytes.
     *
     * @param bytes the bytes after which a batch ends, 1 KiB or more
     * @return the changed limits
     * @throws IllegalArgumentException if out of range
     */
    public NdjsonLimits withMaxBatchBytes(int bytes) {
        return new NdjsonLimits(maxNestingDepth, maxStringLength, maxNumberLength, maxNameLength, maxLineBytes, bytes,
                maxFields);
    }

    /**
     * With another limit of an inferred schema's fields.
     *
     * @param fields the most fields at all levels, positive
     * @return the changed limits
     * @throws IllegalArgumentException if out of range
     */
    public NdjsonLimits withMaxFields(int fields) {
        return new NdjsonLimits(maxNestingDepth, maxStringLength, maxNumberLength, maxNameLength, maxLineBytes,
                maxBatchBytes, fields);
    }
}
