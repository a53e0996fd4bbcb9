// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.expr.BoundExpression;
import dev.quiver.compute.expr.Call;
import dev.quiver.compute.expr.Expression;
import dev.quiver.compute.expr.FieldRef;
import dev.quiver.compute.expr.Literal;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A scan's filter, split as the files allow: the conjuncts that name only partition keys decide, once per
 * file, whether the file is read at all (exactly: every row of a file has the same keys); the rest filters
 * the rows read.
 */
final class ScanFilter {
    private final Expression expression;
    private final Set<String> fields;
    private final Schema keySchema;
    private final BoundExpression keyFilter;
    private final boolean onlyKeys;

    ScanFilter(Expression expression, Schema datasetSchema, List<Field> keys) {
        this.expression = expression;
        this.fields = new LinkedHashSet<>();
        collect(expression, fields);
        for (String name : fields) {
            if (datasetSchema.indexOf(name) < 0) {
                throw new DatasetException("the filter " + expression + " names " + name
                        + ", which is no column of the dataset (columns: " + datasetSchema.names() + ")");
            }
        }
        Set<String> keyNames = new LinkedHashSet<>();
        keys.forEach(k -> keyNames.add(k.name()));
        List<Expression> keyConjuncts = new ArrayList<>();
        List<Expression> conjuncts = conjuncts(expression);
        for (Expression conjunct : conjuncts) {
            Set<String> names = new LinkedHashSet<>();
            collect(conjunct, names);
            if (keyNames.containsAll(names)) {
                keyConjuncts.add(conjunct);
            }
        }
        this.onlyKeys = keyConjuncts.size() == conjuncts.size();
        this.keySchema = new Schema(keys);
        this.keyFilter = keyConjuncts.isEmpty() ? null : bind(and(keyConjuncts), keySchema);
    }

    /** The columns the filter reads. */
    Set<String> fields() {
        return fields;
    }

    /** Whether the partition keys alone decide every row, so a file read keeps all its rows. */
    boolean onlyKeys() {
        return onlyKeys;
    }

    /**
     * Whether a file's rows may match: false when a conjunct of partition keys alone is false or null.
     *
     * @param fragment the file
     * @param allocator where the one-row batch of its keys lives
     * @return false if no row of the file can match
     */
    boolean mayMatch(Fragment fragment, BufferAllocator allocator) {
        if (keyFilter == null) {
            return true;
        }
        List<Array> columns = new ArrayList<>();
        for (Field key : keySchema.fields()) {
            columns.add(PartitionKeys.constant(key, fragment.partition().get(key.name()), 1, allocator));
        }
        Array result = keyFilter.evaluate(new RecordBatch(keySchema, columns, 1));
        return result.isValid(0) && ((BooleanArray) result).get(0);
    }

    /**
     * The filter bound to the schema of the batches read.
     *
     * @param readSchema the batches' schema, holding every column the filter names
     * @return the bound filter
     */
    BoundExpression bindRows(Schema readSchema) {
        return bind(expression, readSchema);
    }

    private BoundExpression bind(Expression e, Schema schema) {
        try {
            return e.bind(schema);
        } catch (ComputeException ex) {
            throw new DatasetException("the filter " + expression + " does not fit the dataset: " + ex.getMessage(), ex);
        }
    }

    private static Expression and(List<Expression> conjuncts) {
        Expression all = conjuncts.getFirst();
        for (int i = 1; i < conjuncts.size(); i++) {
            all = Expression.call("and_kleene", all, conjuncts.get(i));
        }
        return all;
    }

    /**
     * The top-level conjuncts of a filter: the arguments of its {@code and} calls, flattened.
     *
     * @param e the filter
     * @return its conjuncts (the filter itself when it is no {@code and})
     */
    static List<Expression> conjuncts(Expression e) {
        List<Expression> out = new ArrayList<>();
        if (e instanceof Call c && (c.function().equals("and_kleene") || c.function().equals("and"))) {
            for (Expression argument : c.arguments()) {
                out.addAll(conjuncts(argument));
            }
        } else {
            out.add(e);
        }
        return out;
    }

    private static void collect(Expression e, Set<String> names) {
        switch (e) {
            case FieldRef f -> names.add(f.path().getFirst());
            case Literal l -> {
            }
            case Call c -> c.arguments().forEach(a -> collect(a, names));
        }
    }
}
