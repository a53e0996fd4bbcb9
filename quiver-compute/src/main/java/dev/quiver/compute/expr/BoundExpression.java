// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.selection.NullSelection;
import dev.quiver.compute.selection.Selection;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import java.util.ArrayList;
import java.util.List;

/** An expression bound to a schema: its result type is known and it evaluates batch by batch. */
public final class BoundExpression {
    private final Expression expression;
    private final Node root;

    BoundExpression(Expression expression, Node root) {
        this.expression = expression;
        this.root = root;
    }

    /**
     * The expression as written.
     *
     * @return the unbound expression
     */
    public Expression expression() {
        return expression;
    }

    /**
     * The type of the values it evaluates to.
     *
     * @return the result type
     */
    public ArrowType type() {
        return root.type();
    }

    /**
     * Evaluates the expression on a batch of the bound schema.
     *
     * @param batch the batch
     * @return one value per row (a constant expression repeated)
     * @throws ComputeException if a kernel fails (overflow, invalid cast, ...), naming the row in the batch
     */
    public Array evaluate(RecordBatch batch) {
        Array out = root.evaluate(batch);
        long rows = batch.rowCount();
        if (out.length() == rows) {
            return out;
        }
        // A constant: repeat it for every row.
        Array zeros = Outputs.fixedWidth(ArrowType.INT64, rows, null, Outputs.allocate(rows * 8));
        return Selection.take(out, zeros);
    }

    /**
     * The rows of a batch where the (boolean) expression is true; null drops the row.
     *
     * @param batch the batch
     * @return the rows kept
     * @throws ComputeException if the expression is not boolean or a kernel fails
     */
    public RecordBatch filter(RecordBatch batch) {
        checkBoolean();
        return Selection.filter(batch, evaluate(batch), NullSelection.DROP);
    }

    /**
     * The rows of a table where the (boolean) expression is true, batch by batch.
     *
     * @param table the table
     * @return the rows kept
     * @throws ComputeException if the expression is not boolean or a kernel fails
     */
    public Table filter(Table table) {
        checkBoolean();
        List<RecordBatch> out = new ArrayList<>();
        for (RecordBatch batch : table.batches()) {
            out.add(filter(batch));
        }
        return new Table(table.schema(), out);
    }

    private void checkBoolean() {
        if (!(type() instanceof ArrowType.Bool)) {
            throw new ComputeException("filter: the expression " + expression + " is " + type() + ", not boolean");
        }
    }

    @Override
    public String toString() {
        return expression + " : " + type();
    }
}
