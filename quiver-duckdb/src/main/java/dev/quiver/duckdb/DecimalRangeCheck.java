// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.BaseListArray;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.array.UnionArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Refuses result values that DuckDB's Arrow conversion changes. DuckDB gives {@code HUGEINT} and
 * {@code UHUGEINT} as {@code decimal128(38, 0)} by copying their 128 bits: a {@code UHUGEINT} of 2^127 or
 * more comes out negative, and any value of 39 digits (beyond ±(10^38 - 1)) is not a value of the type.
 * Each batch's decimal columns (also inside lists, structs, maps and unions) are checked against their
 * precision, and the columns of DuckDB type {@code UHUGEINT} against a negative sign; the first value out
 * of range is a {@link DuckDbException} naming the column, the row and the value DuckDB had.
 */
final class DecimalRangeCheck {
    /** {@code DUCKDB_TYPE_UHUGEINT}, and the nested kinds of {@code duckdb_type}. */
    private static final int UHUGEINT = 32;
    private static final int LIST = 24;
    private static final int STRUCT = 25;
    private static final int MAP = 26;
    private static final int UNION = 28;
    private static final int ARRAY = 33;
    private static final BigInteger TWO_TO_128 = BigInteger.ONE.shiftLeft(128);

    /** What a field holds: whether it is a {@code UHUGEINT}, and its children's nodes (Arrow's order). */
    private record Node(boolean unsigned, List<Node> children) {
        Node child(int k) {
            return k < children.size() ? children.get(k) : LEAF;
        }
    }

    private static final Node LEAF = new Node(false, List.of());

    private final List<Node> columns;
    private final List<String> names;

    private DecimalRangeCheck(List<Node> columns, List<String> names) {
        this.columns = columns;
        this.names = names;
    }

    /**
     * The check of a result's columns, from their DuckDB logical types.
     *
     * @param api the C API
     * @param types the result's {@code duckdb_logical_type}s, one per column (still owned by the caller)
     * @param names the columns' names
     */
    static DecimalRangeCheck of(DuckDbApi api, List<MemorySegment> types, List<String> names) throws Throwable {
        List<Node> nodes = new ArrayList<>();
        try (Arena local = Arena.ofConfined()) {
            for (MemorySegment type : types) {
                nodes.add(node(api, type, local));
            }
        }
        return new DecimalRangeCheck(List.copyOf(nodes), List.copyOf(names));
    }

    private static Node node(DuckDbApi api, MemorySegment type, Arena local) throws Throwable {
        int id = (int) api.getTypeId().invokeExact(type);
        return switch (id) {
            case UHUGEINT -> new Node(true, List.of());
            case LIST -> new Node(false, List.of(owned(api, (MemorySegment) api.listTypeChildType().invokeExact(type),
                    local)));
            case ARRAY -> new Node(false, List.of(owned(api, (MemorySegment) api.arrayTypeChildType().invokeExact(type),
                    local)));
            case MAP -> new Node(false, List.of(new Node(false, List.of(
                    owned(api, (MemorySegment) api.mapTypeKeyType().invokeExact(type), local),
                    owned(api, (MemorySegment) api.mapTypeValueType().invokeExact(type), local)))));
            case STRUCT -> {
                long n = (long) api.structTypeChildCount().invokeExact(type);
                List<Node> children = new ArrayList<>();
                for (long i = 0; i < n; i++) {
                    children.add(owned(api, (MemorySegment) api.structTypeChildType().invokeExact(type, i), local));
                }
                yield new Node(false, children);
            }
            case UNION -> {
                long n = (long) api.unionTypeMemberCount().invokeExact(type);
                List<Node> children = new ArrayList<>();
                for (long i = 0; i < n; i++) {
                    children.add(owned(api, (MemorySegment) api.unionTypeMemberType().invokeExact(type, i), local));
                }
                yield new Node(false, children);
            }
            default -> LEAF;
        };
    }

    /** The node of a logical type the C API handed over, which is destroyed after. */
    private static Node owned(DuckDbApi api, MemorySegment type, Arena local) throws Throwable {
        if (type.address() == 0) {
            return LEAF;
        }
        try {
            return node(api, type, local);
        } finally {
            MemorySegment holder = local.allocate(ADDRESS);
            holder.set(ADDRESS, 0, type);
            api.destroyLogicalType().invokeExact(holder);
        }
    }

    /**
     * Checks a batch of the result.
     *
     * @param batch the batch
     * @param firstRow the result's row number of the batch's first row
     * @throws DuckDbException for the first value out of its column's range
     */
    void check(RecordBatch batch, long firstRow) {
        for (int c = 0; c < columns.size() && c < batch.columns().size(); c++) {
            check(batch.column(c), columns.get(c), names.get(c), firstRow, true);
        }
    }

    private static void check(Array array, Node node, String column, long firstRow, boolean top) {
        switch (array) {
            case DecimalArray d -> checkDecimal(d, node.unsigned(), column, firstRow, top);
            case StructArray s -> {
                for (int k = 0; k < s.fieldCount(); k++) {
                    check(s.field(k), node.child(k), column, firstRow, false);
                }
            }
            case BaseListArray l -> check(l.values(), node.child(0), column, firstRow, false);
            case UnionArray u -> {
                for (int k = 0; k < u.childCount(); k++) {
                    check(u.child(k), node.child(k), column, firstRow, false);
                }
            }
            default -> {
            }
        }
    }

    private static void checkDecimal(DecimalArray d, boolean unsigned, String column, long firstRow, boolean top) {
        if (unsigned) {
            for (long i = 0; i < d.length(); i++) {
                if (d.isValid(i) && d.getUnscaled(i).signum() < 0) {
                    throw outOfRange(d, column, i, firstRow, top, d.getUnscaled(i).add(TWO_TO_128), "UHUGEINT");
                }
            }
        }
        try {
            d.validatePrecision();
        } catch (ValidationException e) {
            throw outOfRange(d, column, e.index(), firstRow, top, d.getUnscaled(e.index()), unsigned ? "UHUGEINT"
                    : "value");
        }
    }

    private static DuckDbException outOfRange(DecimalArray d, String column, long i, long firstRow, boolean top,
            BigInteger value, String kind) {
        String where = top ? "row " + (firstRow + i) : "a value nested in the rows from " + firstRow;
        return new DuckDbException("column " + column + ", " + where + ": the " + kind + " " + value + " does not fit "
                + "Arrow's " + d.type() + " (DuckDB gives HUGEINT and UHUGEINT as decimal128(38, 0), at most 38 "
                + "digits); cast it in the query (to VARCHAR, DOUBLE or DECIMAL(38, 0))");
    }
}
