// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

/** Codes of Parquet's field repetition ({@code FieldRepetitionType} in parquet.thrift). */
public final class Repetition {
    /** Exactly one value. */
    public static final int REQUIRED = 0;
    /** Zero or one value. */
    public static final int OPTIONAL = 1;
    /** Zero or more values. */
    public static final int REPEATED = 2;

    private Repetition() {}
}
